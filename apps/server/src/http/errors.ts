/**
 * The one table of known failures: code → HTTP status and the default Russian message.
 * Routes and services throw `new AppError('NOT_FOUND')` or `new AppError('CONFLICT', 'Карта уже
 * привязана')`; the error handler turns it into `{ message }` with the status from this table.
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, message: 'Проверьте правильность заполнения полей' },
  BAD_REQUEST: {
    status: 400,
    message: 'Некорректный запрос. Обновите страницу и попробуйте снова.',
  },
  UNAUTHORIZED: { status: 401, message: 'Войдите в личный кабинет' },
  FORBIDDEN: { status: 403, message: 'Недостаточно прав для этого действия' },
  OPERATOR_FORBIDDEN: {
    status: 403,
    message: 'Оператор не может подписывать документы и проводить платежи от имени клиента',
  },
  NOT_FOUND: { status: 404, message: 'Не найдено' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Метод запроса не поддерживается' },
  CONFLICT: {
    status: 409,
    message: 'Данные уже изменились. Обновите страницу и попробуйте снова.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Слишком большой запрос или файл' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Неподдерживаемый формат данных' },
  UNPROCESSABLE: { status: 422, message: 'Действие сейчас недоступно' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Слишком много попыток. Попробуйте позже.' },
  INTERNAL: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Сервис временно недоступен. Попробуйте позже.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface AppErrorOptions {
  /** Per-field Russian messages, keyed by the field's dotted path. */
  fields?: Record<string, string>;
  /** For TOO_MANY_REQUESTS: seconds until the next try (body `retry_after` + Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    options: AppErrorOptions = {},
  ) {
    super(message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.status = ERROR_CODES[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The code whose status a framework error carries; unknown 4xx read as a bad request. */
export function codeForStatus(status: number): ErrorCode {
  const exact = (Object.keys(ERROR_CODES) as ErrorCode[]).find(
    (code) => ERROR_CODES[code].status === status && code !== 'VALIDATION',
  );
  if (exact) return exact;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}
