import { codeForStatus, isApiErrorCode, type ApiErrorCode } from '@zaymo/contract';

/**
 * An answer outside 2xx. Branch on `code` (the contract's API_ERRORS), never on the status;
 * `message` is the server's Russian text, shown as it is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    super(typeof body.message === 'string' ? body.message : '');
    this.code = isApiErrorCode(body.code) ? body.code : codeForStatus(status);
  }

  /** Russian messages per field of a VALIDATION answer. */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
}

/** The request never got an answer (offline, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

export function hasErrorCode(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

const FALLBACK = 'Не удалось выполнить запрос. Попробуйте ещё раз.';
const NETWORK = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';

/** The text a person reads for a failed call: the server's own message when it gave one. */
export function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK;
  if (error instanceof ApiError && error.message) return error.message;
  return FALLBACK;
}
