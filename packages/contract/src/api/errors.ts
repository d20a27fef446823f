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
  /** A payout asked for before the cooling-off ends (353-FZ art. 7 part 9.3). */
  COOLING_OFF_RUNNING: {
    status: 409,
    message:
      'Деньги по этому займу поступят после окончания периода охлаждения: время указано в ' +
      'карточке займа',
  },
  /** A refusal of a loan the client has refused already. */
  LOAN_ALREADY_CANCELLED: { status: 409, message: 'Вы уже отказались от этого займа' },
  /** A refusal of a loan whose money went out (or is going out): it is repaid instead. */
  LOAN_ALREADY_PAID_OUT: {
    status: 409,
    message:
      'Деньги по этому займу уже отправлены, отказаться от него нельзя. Заём можно вернуть ' +
      'досрочно без комиссии',
  },
  /** A refusal of an order that has no signed contract waiting for its money. */
  LOAN_NOT_CANCELLABLE: {
    status: 409,
    message: 'От этого займа нельзя отказаться: договор по нему не ждёт выдачи денег',
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
  /**
   * An online loan needs a higher identification level (41-ФЗ: Госуслуги and biometrics); the
   * message says what to do.
   */
  IDENTIFICATION_REQUIRED: {
    status: 409,
    message: 'Подтвердите личность через Госуслуги и биометрию, чтобы получить заём онлайн',
  },
  /** Госуслуги are not connected on this installation. */
  ESIA_NOT_CONNECTED: {
    status: 503,
    message: 'Вход через Госуслуги сейчас недоступен. Заполните анкету сами',
  },
  /** The state came back unknown, used, expired or to another browser. */
  ESIA_STATE_REFUSED: {
    status: 400,
    message:
      'Вход через Госуслуги не завершён: ссылка устарела или открыта в другом браузере. Начните заново',
  },
  /** The citizen declined to hand over data on Госуслуги. */
  ESIA_CONSENT_REFUSED: {
    status: 409,
    message:
      'Вы не разрешили передать данные с Госуслуг. Войдите через Госуслуги ещё раз и разрешите ' +
      'передачу данных — или заполните анкету сами',
  },
  /** The citizen granted fewer scopes than the questionnaire needs. */
  ESIA_SCOPES_REFUSED: {
    status: 409,
    message:
      'Вы разрешили передать не все данные: без ФИО, даты рождения и паспорта заполнить анкету нельзя. ' +
      'Войдите через Госуслуги ещё раз и разрешите передачу этих данных — или заполните анкету сами',
  },
  /** ЕСИА refused the authorization code: expired, replayed or forged. */
  ESIA_CODE_REFUSED: {
    status: 400,
    message: 'Госуслуги не подтвердили вход: код устарел или уже использован. Войдите ещё раз',
  },
  /** ЕСИА did not answer or answered what we cannot verify. */
  ESIA_UNAVAILABLE: {
    status: 503,
    message:
      'Госуслуги сейчас не отвечают. Попробуйте через несколько минут или заполните анкету сами',
  },
  /** This Госуслуги account is linked to another cabinet. */
  ESIA_LINKED_ELSEWHERE: {
    status: 409,
    message:
      'Эта учётная запись Госуслуг уже связана с другим личным кабинетом. Войдите через Госуслуги',
  },
  /** The cabinet is linked to another Госуслуги account. */
  ESIA_OTHER_ACCOUNT: {
    status: 409,
    message:
      'Кабинет уже связан с другой учётной записью Госуслуг. Отвяжите её в профиле и попробуйте снова',
  },
  /** No biometric provider is connected. */
  BIOMETRICS_UNAVAILABLE: {
    status: 503,
    message: 'Подтверждение личности по биометрии сейчас недоступно. Заём можно получить в офисе',
  },
  /** The biometric check needs a linked Госуслуги account first. */
  BIOMETRICS_NEEDS_ESIA: {
    status: 409,
    message: 'Сначала подтвердите личность через Госуслуги: войдите через Госуслуги в профиле',
  },
  /** An unconfirmed Госуслуги account (ESIA-007055 territory): its data are not taken. */
  ESIA_UNCONFIRMED_ACCOUNT: {
    status: 409,
    message:
      'Ваша учётная запись на Госуслугах не подтверждена, поэтому её данные нельзя взять в анкету. ' +
      'Подтвердите её (онлайн в банке, в МФЦ или в центре обслуживания) или заполните анкету сами',
  },
  /** A step confirmed by Госуслуги cannot be edited until they are unlinked. */
  ESIA_STEP_LOCKED: {
    status: 409,
    message:
      'Эти данные подтверждены Госуслугами и не меняются вручную. Если они устарели, обновите их на ' +
      'Госуслугах или отвяжите Госуслуги в профиле и заполните шаг сами',
  },
  /** Unlinking or resolving without a linked Госуслуги account. */
  ESIA_NOT_LINKED: {
    status: 409,
    message: 'Госуслуги не связаны с кабинетом',
  },
  /** The sign-up ticket from Госуслуги is unknown or older than its 30 minutes. */
  ESIA_TICKET_EXPIRED: {
    status: 400,
    message: 'Данные с Госуслуг устарели. Войдите через Госуслуги ещё раз, чтобы заполнить анкету',
  },
  TOO_MANY_REQUESTS: { status: 429, message: 'Слишком много попыток. Попробуйте позже.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Слишком большой запрос: адрес или заголовки' },
  /** The operator console: a wrong or reused code of the authenticator app. */
  TOTP_INVALID: { status: 401, message: 'Неверный код из приложения. Попробуйте ещё раз' },
  /** The operator console: too many failed sign-ins of a staff login; `retry_after` seconds. */
  STAFF_LOCKED: {
    status: 429,
    message: 'Вход временно заблокирован после нескольких неудачных попыток. Попробуйте позже',
  },
  /** Collections: a contact over the day, week or month limit of 230-FZ art. 7. */
  CONTACT_LIMIT_REACHED: {
    status: 409,
    message:
      'Лимит контактов с должником по закону исчерпан: попробуйте в следующий разрешённый момент',
  },
  /** Collections: a contact outside the hours 230-FZ art. 7 allows in the debtor's local time. */
  CONTACT_HOURS: {
    status: 409,
    message: 'Сейчас у должника неразрешённое для контактов время: попробуйте позже',
  },
  /** Collections: the debtor refused interaction or appointed a representative (230-FZ art. 8). */
  CONTACT_REFUSED_BY_DEBTOR: {
    status: 409,
    message: 'Должник отказался от взаимодействия или назначил представителя: связываться нельзя',
  },
  /** Collections: the debtor is in a period the law protects (hospital, bankruptcy, holidays). */
  CONTACT_PROTECTED_PERIOD: {
    status: 409,
    message: 'Должник в периоде, когда закон запрещает взаимодействие: связываться нельзя',
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
