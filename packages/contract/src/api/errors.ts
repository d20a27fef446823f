/**
 * The one table of known failures: code → HTTP status and the default Russian message. Every
 * error answer carries its `code` beside the `message`, so a client branches on the code and
 * shows the message; the status only follows from the code.
 */
export const API_ERRORS = {
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
  REQUEST_TIMEOUT: { status: 408, message: 'Запрос не пришёл целиком. Попробуйте ещё раз' },
  CONFLICT: {
    status: 409,
    message: 'Данные уже изменились. Обновите страницу и попробуйте снова.',
  },
  /** A payout whose contract was signed on another Moscow day: the order is back to signing. */
  SIGN_AGAIN: {
    status: 409,
    message:
      'Договор был подписан в другой день, а деньги выдаются в день подписания: даты договора ' +
      'обновлены на сегодня. Подпишите договор ещё раз, и деньги отправятся на карту',
  },
  /** The order's money is on its way already (another request, or the same one again). */
  PAYOUT_IN_FLIGHT: {
    status: 409,
    message: 'Деньги уже отправляются на карту. Подождите минуту и обновите страницу',
  },
  /** A payment or a prolongation of a loan that is repaid already. */
  LOAN_CLOSED: { status: 409, message: 'Заём уже погашен: платить по нему не нужно' },
  /** A loan's payment is under way: another one waits for its result. */
  PAYMENT_IN_FLIGHT: {
    status: 409,
    message: 'Платёж по этому займу уже выполняется. Дождитесь его результата и обновите страницу',
  },
  /** An Idempotency-Key already used for another order. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'Этот Idempotency-Key уже использован для другой заявки: сформируйте новый ключ',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Слишком большой запрос или файл' },
  URI_TOO_LONG: { status: 414, message: 'Слишком длинный адрес запроса' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Неподдерживаемый формат данных' },
  UNPROCESSABLE: { status: 422, message: 'Действие сейчас недоступно' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Слишком много попыток. Попробуйте позже.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Слишком большой запрос: адрес или заголовки' },
  /** The operator console: a wrong or reused code of the authenticator app. */
  TOTP_INVALID: { status: 401, message: 'Неверный код из приложения. Попробуйте ещё раз' },
  /** The operator console: too many failed sign-ins of a staff login; `retry_after` seconds. */
  STAFF_LOCKED: {
    status: 429,
    message: 'Вход временно заблокирован после нескольких неудачных попыток. Попробуйте позже',
  },
  /** The consents page: a consent code the server does not know. */
  CONSENT_UNKNOWN: { status: 404, message: 'Такого согласия нет. Обновите страницу' },
  /** The personal-data consent: withdrawn by a written notice, not a button (152-FZ art. 9 part 2). */
  CONSENT_NOT_WITHDRAWABLE: {
    status: 409,
    message:
      'Это согласие нельзя отозвать в кабинете: пришлите заявление об отзыве в службу поддержки',
  },
  /** Withdrawing a consent that does not stand (never given, or withdrawn already). */
  CONSENT_NOT_GIVEN: { status: 409, message: 'Это согласие сейчас не действует: отзывать нечего' },
  /** The ИНН check needs the passport and personal steps saved first. */
  INN_NEEDS_PASSPORT: {
    status: 409,
    message: 'Сначала заполните личные и паспортные данные: ИНН проверяется по паспорту',
  },
  /** The ФНС knows another ИНН for this passport. */
  INN_MISMATCH: {
    status: 422,
    message:
      'ИНН не совпадает с данными ФНС по вашему паспорту. Проверьте номер или узнайте свой ИНН ' +
      'на сайте ФНС',
  },
  /** The ФНС found no ИНН for this passport. */
  INN_NOT_FOUND: {
    status: 422,
    message:
      'ФНС не нашла ИНН по вашим паспортным данным. Проверьте ФИО, дату рождения и паспорт; ' +
      'если паспорт недавно заменён, сведения в ФНС могут ещё обновляться',
  },
  /** The ФНС look-up did not answer; nothing was saved. */
  FNS_UNAVAILABLE: {
    status: 503,
    message: 'ФНС сейчас не отвечает, ИНН не сохранён. Попробуйте через несколько минут',
  },
  INTERNAL: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Сервис временно недоступен. Попробуйте позже.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/**
 * The code of an answer that carries none (a framework error, a proxy's own 429 or 502 page): the
 * first code with its status; an unknown 4xx reads as a bad request, anything else as ours.
 */
export function codeForStatus(status: number): ApiErrorCode {
  const exact = API_ERROR_CODES.find(
    (code) => (API_ERRORS[code].status as number) === status && code !== 'VALIDATION',
  );
  if (exact) return exact;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}
