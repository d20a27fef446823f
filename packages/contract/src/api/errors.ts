import { russianDate } from '../loan-math/dates';
import { waitPhrase } from '../russian';

/** What an operator acting for a client may not do: the client does it in person. */
export type OperatorAction =
  'money' | 'cards' | 'credentials' | 'decision' | 'password_change' | 'phone_change';

const OPERATOR_REFUSALS: Readonly<Record<OperatorAction, string>> = {
  money: 'Оператор не может подписывать документы и проводить платежи от имени клиента',
  cards:
    'Оператор не может привязывать, удалять или выбирать карты клиента и менять автоплатёж: ' +
    'клиент делает это сам в личном кабинете',
  credentials:
    'Оператор не может менять e-mail, телефон или пароль клиента и запрашивать коды и ссылки ' +
    'для входа или подтверждения: клиент делает это сам в личном кабинете',
  decision: 'Оператор не может отказаться от займа за клиента: клиент решает это сам',
  password_change:
    'Оператор не может менять пароль клиента: клиент делает это сам в личном кабинете',
  phone_change:
    'Оператор не может менять номер телефона клиента: клиент делает это сам в личном кабинете',
};

function someoneElsesAccount({ recipient }: { recipient: string }): string {
  return (
    `Счёт в этом банке оформлен не на вас: банк назвал получателя «${recipient}». ` +
    'Заём выдаётся только на ваш счёт — получите его на карту или выберите другой банк'
  );
}

/**
 * The one table of known failures: code → HTTP status and the Russian message. Every error
 * answer carries its `code` beside the `message`, so a client branches on the code and shows the
 * message; the status only follows from the code. A refusal the client can act on has its own
 * code named by what happened (`MORATORIUM`, `CARD_NOT_BOUND`); a message that needs a value
 * (a date, a bank's answer) is a function of typed parameters. The server throws
 * `new AppError('MORATORIUM', { from: '01.12.2026' })` and never writes the text itself.
 *
 * Layout: one entry per line or small block, grouped by area under a comment header.
 */
/** A contact with a debtor the law forbids now: what, why, which article, when it is allowed. */
export interface ContactRefusal {
  channel: string;
  reason: string;
  law: string;
  next: string;
}

function contactRefused({ channel, reason, law, next }: ContactRefusal): string {
  return `${channel} сейчас запрещён: ${reason} (${law}). ${next}`;
}

export const API_ERRORS = {
  // ── Generic: the request itself ────────────────────────────────────────────────────────────
  /** A field breaks its rule: `fields` holds a Russian text per field. */
  VALIDATION: { status: 400, message: 'Проверьте правильность заполнения полей' },
  BAD_REQUEST: {
    status: 400,
    message: 'Некорректный запрос. Обновите страницу и попробуйте снова.',
  },
  UNAUTHORIZED: { status: 401, message: 'Войдите в личный кабинет' },
  FORBIDDEN: { status: 403, message: 'Недостаточно прав для этого действия' },
  NOT_FOUND: { status: 404, message: 'Не найдено' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Метод запроса не поддерживается' },
  REQUEST_TIMEOUT: { status: 408, message: 'Запрос не пришёл целиком. Попробуйте ещё раз' },
  CONFLICT: {
    status: 409,
    message: 'Данные уже изменились. Обновите страницу и попробуйте снова.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Слишком большой запрос или файл' },
  URI_TOO_LONG: { status: 414, message: 'Слишком длинный адрес запроса' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Неподдерживаемый формат данных' },
  UNPROCESSABLE: { status: 422, message: 'Действие сейчас недоступно' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Слишком много попыток. Попробуйте позже.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Слишком большой запрос: адрес или заголовки' },
  INTERNAL: { status: 500, message: 'Внутренняя ошибка сервера. Попробуйте позже.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Сервис временно недоступен. Попробуйте позже.' },

  // ── Not found: what the client asked for is not (or no longer) there ───────────────────────
  ORDER_NOT_FOUND: { status: 404, message: 'Заявка не найдена. Обновите страницу.' },
  CARD_NOT_FOUND: { status: 404, message: 'Карта не найдена. Обновите страницу.' },
  BINDING_NOT_FOUND: {
    status: 404,
    message: 'Привязка карты не найдена. Начните привязку карты заново.',
  },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Платёж не найден. Проверьте историю платежей.' },
  FILE_NOT_FOUND: { status: 404, message: 'Файл не найден' },
  TICKET_NOT_FOUND: { status: 404, message: 'Обращение не найдено' },
  /** A document an order does not have (yet), or a public document that does not exist. */
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Такого документа у этой заявки нет' },
  PUBLIC_DOCUMENT_NOT_FOUND: { status: 404, message: 'Документ не найден' },
  /** The guest payment page: no open loan with this contract number and birth date. */
  LOANPAY_NOT_FOUND: {
    status: 404,
    message: 'Договор не найден. Проверьте номер договора и дату рождения',
  },

  // ── Requests a page sends wrong: the client refreshes or picks again ───────────────────────
  /** A JSON body nested deeper than `max` levels. */
  JSON_TOO_DEEP: {
    status: 400,
    message: ({ max }: { max: number }) =>
      `Слишком глубокая вложенность данных в запросе: не больше ${max} уровней`,
  },
  FORM_MALFORMED: {
    status: 400,
    message: 'Форма пришла повреждённой или пустой. Обновите страницу и отправьте её ещё раз',
  },
  /** A multipart form with fields or parts beyond its limits. */
  FORM_TOO_MANY_FIELDS: {
    status: 400,
    message: 'В форме обращения лишние поля. Обновите страницу и отправьте снова',
  },
  SUGGESTIONS_UNAVAILABLE: { status: 503, message: 'Подсказки временно недоступны' },

  // ── Photos and attachments ─────────────────────────────────────────────────────────────────
  PHOTO_MISSING: { status: 400, message: 'Прикрепите фотографию' },
  /** An identity photo over `megabytes` МБ. */
  PHOTO_TOO_LARGE: {
    status: 413,
    message: ({ megabytes }: { megabytes: number }) =>
      `Файл больше ${megabytes} МБ. Сделайте фото меньшего размера`,
  },
  PHOTO_ONE_AT_A_TIME: { status: 400, message: 'Загрузите одну фотографию за раз' },
  FILE_EMPTY: { status: 400, message: 'Файл пустой. Выберите фотографию ещё раз' },
  NOT_AN_IMAGE: { status: 415, message: 'Загрузите фотографию в формате JPEG, PNG или WebP' },
  IMAGE_TOO_MANY_PIXELS: {
    status: 400,
    message:
      'Слишком большое изображение: не больше 50 мегапикселей. Уменьшите фото и загрузите снова',
  },
  IMAGE_UNREADABLE: {
    status: 400,
    message: 'Не удалось прочитать изображение. Сделайте фото ещё раз и загрузите его',
  },
  /** A ticket's attachment `name` is empty. */
  ATTACHMENT_EMPTY: {
    status: 400,
    message: ({ name }: { name: string }) => `Файл «${name}» пустой. Выберите его ещё раз`,
  },
  ATTACHMENT_WRONG_TYPE: {
    status: 415,
    message: ({ name }: { name: string }) =>
      `Файл «${name}» не подходит: прикрепите фото (JPEG, PNG, WebP) или документ PDF`,
  },
  ATTACHMENT_BROKEN_PDF: {
    status: 400,
    message: ({ name }: { name: string }) =>
      `Файл «${name}» — повреждённый или не полностью сохранённый PDF. ` +
      'Сохраните документ ещё раз и прикрепите его',
  },
  /** An attached image the photo checks refused: `reason` is that refusal's own text. */
  ATTACHMENT_IMAGE_REFUSED: {
    status: 400,
    message: ({ name, reason }: { name: string; reason: string }) =>
      `Файл «${name}»: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
  },
  ATTACHMENT_TOO_LARGE: {
    status: 413,
    message: ({ name, megabytes }: { name: string; megabytes: number }) =>
      `Файл «${name}» больше ${megabytes} МБ. Уменьшите его или прикрепите другой`,
  },
  /** The whole ticket form is larger than `files` attachments of `megabytes` МБ. */
  ATTACHMENTS_TOO_LARGE: {
    status: 413,
    message: ({ files, megabytes }: { files: number; megabytes: number }) =>
      `Вложения слишком большие: до ${files} файлов по ${megabytes} МБ`,
  },
  ATTACHMENTS_TOO_MANY: {
    status: 400,
    message: ({ max }: { max: number }) => `Можно прикрепить не больше ${max} файлов`,
  },

  // ── Sign-in, SMS codes and e-mail links ────────────────────────────────────────────────────
  CREDENTIALS_WRONG: { status: 400, message: 'Неверный телефон или пароль' },
  /** A sign-in or e-mail change by a code that no longer fits. */
  CODE_NOT_ACCEPTED: { status: 400, message: 'Код не подходит. Запросите новый код' },
  /** A wrong SMS code; `left` attempts remain (0: the code is used up). */
  SMS_CODE_WRONG: {
    status: 400,
    message: ({ left }: { left: number }) =>
      left <= 0
        ? 'Неверный код. Попытки закончились — запросите новый код'
        : `Неверный код. Проверьте SMS и введите код ещё раз (осталось попыток: ${left})`,
  },
  SMS_CODE_OTHER_SUBJECT: {
    status: 400,
    message: 'Этот код отправлен для подписания других документов. Запросите новый код',
  },
  /** A guest's code that is missing, used or expired: one text, so no number is given away. */
  SMS_CODE_UNUSABLE: {
    status: 400,
    message: 'Код не подходит или больше не действует. Запросите новый код',
  },
  SMS_CODE_MISSING: { status: 400, message: 'Код не подходит. Запросите новый код и введите его' },
  SMS_CODE_EXHAUSTED: {
    status: 400,
    message: 'Код больше не действует: слишком много неверных попыток. Запросите новый код',
  },
  SMS_CODE_EXPIRED: { status: 400, message: 'Срок действия кода истёк. Запросите новый код' },
  SMS_CODE_USED: { status: 400, message: 'Этот код уже использован. Запросите новый код' },
  SMS_NOT_SENT: { status: 503, message: 'Не удалось отправить SMS. Попробуйте ещё раз' },
  EMAIL_NOT_SENT: { status: 503, message: 'Не удалось отправить письмо. Попробуйте позже' },
  EMAIL_MISSING: { status: 400, message: 'Сначала укажите e-mail в профиле' },
  EMAIL_CONFIRMATION_LINK_STALE: {
    status: 400,
    message: 'Ссылка для подтверждения недействительна или устарела. Запросите новую в профиле',
  },
  RESET_LINK_STALE: {
    status: 400,
    message: 'Ссылка для смены пароля недействительна или устарела. Запросите новую',
  },
  LOGIN_LINK_STALE: {
    status: 400,
    message: 'Ссылка для входа недействительна или устарела. Запросите новую',
  },
  /** A reset by e-mail for a phone without a confirmed e-mail. */
  RESET_NO_EMAIL: {
    status: 400,
    message: 'К этому номеру не привязан подтверждённый e-mail. Задайте новый пароль кодом из SMS',
  },
  PHONE_ALREADY_CONFIRMED: { status: 400, message: 'Этот номер уже подтверждён' },
  NEW_PHONE_MISSING: { status: 400, message: 'Укажите новый номер телефона' },
  SIGNING_CODE_OWN_PHONE: {
    status: 400,
    message: 'Код для подписания приходит только на ваш номер телефона',
  },
  SIGNING_ORDER_MISSING: {
    status: 400,
    message: 'Укажите заявку, документы которой подписывает код',
  },
  PROFILE_NOTHING_TO_CHANGE: {
    status: 400,
    message: 'Укажите, что изменить: e-mail или пароль',
  },
  CURRENT_PASSWORD_MISSING: { status: 400, message: 'Введите текущий пароль' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'Неверный текущий пароль' },
  CONSENT_NOT_OFFERED: {
    status: 400,
    message: 'Неизвестное согласие. Обновите страницу и отметьте согласия ещё раз',
  },
  /** Sign-up without the required consents; `names` are their titles in «», comma-separated. */
  CONSENTS_REQUIRED: {
    status: 400,
    message: ({ names }: { names: string }) => `Чтобы зарегистрироваться, отметьте: ${names}`,
  },

  // ── Limits on repeated requests (429, Retry-After) ──────────────────────────────────────────
  /** A generic limit: try again in `seconds`. */
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Слишком много запросов. Попробуйте ${waitPhrase(seconds)}`,
  },
  SMS_RESEND_PAUSE: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Новый код можно запросить ${waitPhrase(seconds)}`,
  },
  SMS_PHONE_LIMIT: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `На этот номер отправлено слишком много кодов. Запросите новый ${waitPhrase(seconds)}`,
  },
  SMS_DEVICE_LIMIT: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `С вашего устройства запрошено слишком много кодов. Попробуйте ${waitPhrase(seconds)}`,
  },
  EMAIL_RESEND_PAUSE: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Письмо уже отправлено. Новое можно запросить ${waitPhrase(seconds)}`,
  },
  EMAIL_LIMIT: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Слишком много писем подряд. Попробуйте ${waitPhrase(seconds)}`,
  },
  PASSWORD_ATTEMPTS_LIMIT: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Слишком много неверных попыток входа. Попробуйте ${waitPhrase(seconds)} ` +
      'или войдите по коду из SMS',
  },
  STAFF_ADDRESS_LIMIT: {
    status: 429,
    message: ({ seconds }: { seconds: number }) =>
      `Слишком много неудачных входов с этого адреса. Попробуйте ${waitPhrase(seconds)}`,
  },
  LOANPAY_LOOKUP_LIMIT: {
    status: 429,
    message: 'Слишком много попыток. Попробуйте через 15 минут',
  },
  /** Too many failed guest look-ups of one contract today: closed until tomorrow. */
  LOANPAY_CONTRACT_LOCKED: {
    status: 429,
    message:
      'Слишком много неверных попыток по этому договору. Оплата без входа по нему откроется ' +
      'завтра; оплатить можно в личном кабинете',
  },
  /** More than `max` tickets a day. */
  TICKETS_PER_DAY_LIMIT: {
    status: 429,
    message: ({ max }: { max: number }) =>
      `За сутки можно создать не больше ${max} обращений. ` +
      'Допишите вопрос в одно из открытых обращений — мы ответим',
  },

  // ── The questionnaire's own checks ─────────────────────────────────────────────────────────
  IDENTITY_STEP_UNKNOWN: { status: 400, message: 'Неверный шаг анкеты' },
  /** Step 6 is taken by binding a card, not by saving fields. */
  IDENTITY_CARD_STEP: { status: 400, message: 'Этот шаг завершается привязкой банковской карты' },
  /** Photos still missing; `kinds` names them («селфи с паспортом»), `count` how many. */
  PHOTOS_MISSING: {
    status: 400,
    message: ({ kinds, count }: { kinds: string; count: number }) =>
      `Загрузите ${count === 1 ? 'фотографию' : 'фотографии'}: ${kinds}`,
  },

  // ── Applying, paying and documents: a choice the page must make again ──────────────────────
  LOAN_AMOUNT_MISSING: { status: 400, message: 'Укажите сумму займа' },
  TARIFF_NOT_FOUND: {
    status: 400,
    message: 'Тариф не найден. Обновите страницу и выберите сумму ещё раз',
  },
  INSURANCE_UNAVAILABLE: {
    status: 400,
    message: 'Страховка не найдена. Обновите страницу и выберите её ещё раз',
  },
  TARIFF_FOR_REPEAT_CLIENTS: {
    status: 400,
    message: 'Этот тариф — для клиентов, которые уже погасили заём',
  },
  SBP_BANK_UNKNOWN: { status: 400, message: 'Выберите банк из списка участников СБП' },
  PROLONGATION_DAYS_MISSING: { status: 400, message: 'Выберите срок продления' },
  PROLONGATION_DAYS_NOT_OFFERED: {
    status: 400,
    message: 'Выберите срок продления из предложенных',
  },
  PROLONGATION_AGREEMENT_MISSING: {
    status: 400,
    message: 'Подтвердите согласие с дополнительным соглашением о пролонгации',
  },
  PROLONGATION_CODE_MISSING: {
    status: 400,
    message: 'Введите код из SMS, чтобы подписать дополнительное соглашение',
  },
  /** A part payment outside 1 ₽ … the whole debt `most` (roubles, «1234.56»). */
  PART_PAYMENT_OUT_OF_RANGE: {
    status: 400,
    message: ({ most }: { most: string }) => `Укажите сумму от 1 ₽ до ${most} ₽`,
  },
  /** The guest page pays on the gateway's page only: no bound card, no prolongation. */
  GUEST_PAYS_ON_GATEWAY_PAGE: {
    status: 400,
    message: 'Без входа в кабинет можно только оплатить заём на странице банка',
  },
  /** The guest's pay token is older than its time. */
  PAY_TOKEN_EXPIRED: {
    status: 401,
    message: 'Время на оплату истекло. Найдите договор ещё раз',
  },
  PAYMENTS_NOT_CONNECTED: {
    status: 503,
    message: 'Оплата картой сейчас не подключена. Обратитесь в поддержку.',
  },
  /** The payment gateway failed (not the card): `reason` is the gateway adapter's Russian text. */
  GATEWAY_FAILED: { status: 503, message: ({ reason }: { reason: string }) => reason },
  DOCUMENT_NEEDS_ORDER: {
    status: 400,
    message: 'Укажите номер заявки: договор относится к одобренной заявке',
  },
  DOCUMENT_NEEDS_CHOICE: { status: 400, message: 'Выберите сумму и срок займа в калькуляторе' },
  DOCUMENT_NOT_OFFERED: {
    status: 400,
    message: 'Неизвестный документ. Обновите страницу и отметьте документы ещё раз',
  },
  /** An order sent without accepting the documents `titles` («…», comma-separated). */
  DOCUMENTS_NOT_ACCEPTED: {
    status: 400,
    message: ({ titles }: { titles: string }) =>
      `Чтобы отправить заявку, примите документы: ${titles}`,
  },
  STATEMENT_MONTH_OUT_OF_RANGE: {
    status: 400,
    message: 'Выберите месяц от выдачи займа до текущего',
  },

  // ── Payment gateway notifications (server to server) ───────────────────────────────────────
  NOTIFICATION_MISMATCH: { status: 400, message: 'Уведомление не совпадает с операцией' },
  NOTIFICATION_SIGNATURE_INVALID: { status: 400, message: 'Неверная подпись уведомления' },
  NOTIFICATION_UNREADABLE: { status: 400, message: 'Уведомление не разобрано' },

  // ── Operator console: sign-in, staff, settings, reviews, collections ───────────────────────
  STAFF_UNAUTHORIZED: { status: 401, message: 'Войдите в консоль оператора' },
  STAFF_CREDENTIALS_WRONG: { status: 401, message: 'Неверный логин или пароль' },
  /** The step between the password and the authenticator code took too long. */
  STAFF_SIGN_IN_EXPIRED: {
    status: 401,
    message: 'Время входа истекло. Введите логин и пароль заново',
  },
  STAFF_NOT_FOUND: { status: 404, message: 'Сотрудник не найден' },
  CLIENT_NOT_FOUND: { status: 404, message: 'Клиент не найден' },
  CLIENT_PASSPORT_MISSING: { status: 404, message: 'Клиент ещё не указал паспорт' },
  REVIEW_NOT_PENDING: { status: 404, message: 'Заявка не ждёт ручной проверки' },
  OVERDUE_LOAN_NOT_FOUND: { status: 404, message: 'Просроченный заём не найден' },
  TARIFF_SETTING_NOT_FOUND: { status: 404, message: 'Тариф не найден. Обновите страницу.' },
  INSURANCE_NOT_FOUND: {
    status: 404,
    message: 'Страховой продукт не найден. Обновите страницу.',
  },
  PARTNER_NOT_FOUND: { status: 404, message: 'Партнёр не найден. Обновите страницу.' },
  SHOWCASE_RULE_NOT_FOUND: {
    status: 404,
    message: 'Правило витрины не найдено. Обновите страницу.',
  },
  PARTNER_UNKNOWN: { status: 400, message: 'Такого партнёра нет. Обновите страницу.' },
  COLLECTOR_UNKNOWN: { status: 400, message: 'Выберите взыскателя из списка' },

  // ── Promises to pay (the console) and passwords ─────────────────────────────────────────────
  PROMISE_AMOUNT_NOT_POSITIVE: { status: 400, message: 'Укажите сумму больше нуля' },
  WAIVER_AMOUNT_NOT_POSITIVE: { status: 400, message: 'Укажите сумму списания больше нуля' },
  /** A promise above the debt `owed` (roubles, «1234.56»). */
  PROMISE_OVER_DEBT: {
    status: 400,
    message: ({ owed }: { owed: string }) => `Сумма больше долга на сегодня (${owed} ₽)`,
  },
  /** A promise dated before today or after `last` (YYYY-MM-DD), `days` days ahead. */
  PROMISE_DATE_OUT_OF_RANGE: {
    status: 400,
    message: ({ last, days }: { last: string; days: number }) =>
      `Дата — от сегодня до ${russianDate(last)} (не дальше ${days} дней)`,
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    message: ({ min }: { min: number }) => `Пароль — не короче ${min} символов`,
  },

  // ── Service health (the load balancer's readiness probe) ───────────────────────────────────
  SHUTTING_DOWN: { status: 503, message: 'Сервер останавливается и не принимает запросы' },
  DATABASE_UNAVAILABLE: { status: 503, message: 'База данных недоступна' },
  MIGRATIONS_PENDING: {
    status: 503,
    message: ({ pending, known }: { pending: number; known: number }) =>
      `Не применены миграции базы данных: ${pending} из ${known}`,
  },
  DATABASE_READ_ONLY: {
    status: 503,
    message: 'База данных только для чтения: это не основной сервер',
  },

  // ── Accounts: sign-up, phone, e-mail ───────────────────────────────────────────────────────
  /** Sign-up with a phone that has an account: sign in instead. */
  PHONE_REGISTERED: {
    status: 409,
    message: 'Этот номер уже зарегистрирован. Войдите в личный кабинет',
  },
  /** A phone change to a number of another client's account. */
  PHONE_OF_ANOTHER_CLIENT: {
    status: 409,
    message: 'Этот номер уже зарегистрирован на другого клиента. Укажите другой номер',
  },
  EMAIL_ALREADY_CONFIRMED: { status: 409, message: 'Этот e-mail уже подтверждён' },
  /** An operator acting for the client asked for what only the client does in person. */
  OPERATOR_FORBIDDEN: {
    status: 403,
    message: ({ action }: { action: OperatorAction }) => OPERATOR_REFUSALS[action],
  },

  // ── Identity (the questionnaire) ───────────────────────────────────────────────────────────
  /** A step of the questionnaire before the steps it follows. */
  IDENTITY_STEP_SKIPPED: { status: 409, message: 'Сначала заполните предыдущие шаги анкеты' },
  PASSPORT_LOCKED: {
    status: 409,
    message: 'Паспортные данные нельзя изменить после оформления заявки. Обратитесь в поддержку',
  },
  PASSPORT_PHOTOS_LOCKED: {
    status: 409,
    message: 'Фото паспорта нельзя заменить после оформления заявки. Обратитесь в поддержку',
  },

  // ── Orders: applying and declining ─────────────────────────────────────────────────────────
  IDENTITY_INCOMPLETE: {
    status: 409,
    message:
      'Чтобы оформить заём, заполните анкету до конца: личные данные, паспорт, адрес, работа и фото',
  },
  /** No bound card to send the money to: bind one first. */
  CARD_NOT_BOUND: { status: 409, message: 'Чтобы получить деньги, привяжите банковскую карту' },
  LOAN_OPEN: {
    status: 409,
    message: 'У вас есть непогашенный заём. Новый заём можно оформить после его погашения',
  },
  ORDER_IN_PROGRESS: {
    status: 409,
    message:
      'У вас уже есть заявка в работе. Дождитесь решения или откажитесь от неё, чтобы подать новую',
  },
  /** A refused client may apply again from the date `from` (ДД.ММ.ГГГГ). */
  MORATORIUM: {
    status: 409,
    message: ({ from }: { from: string }) => `Новую заявку можно подать с ${from}`,
  },
  ORDER_NOT_REJECTABLE: {
    status: 409,
    message:
      'От этой заявки уже нельзя отказаться: отказаться можно от одобренной заявки до подписания договора',
  },
  /** An Idempotency-Key already used for another order. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'Этот Idempotency-Key уже использован для другой заявки: сформируйте новый ключ',
  },

  // ── Signing and payout ─────────────────────────────────────────────────────────────────────
  CONTRACT_ALREADY_SIGNED: { status: 409, message: 'Договор по этой заявке уже подписан' },
  ORDER_NOT_SIGNABLE: {
    status: 409,
    message: 'Договор сейчас нельзя подписать: подписать можно только одобренную заявку',
  },
  ORDER_NOT_PAYABLE: {
    status: 409,
    message: 'Деньги можно получить только по подписанному договору',
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
  PAYOUT_METHOD_LOCKED: {
    status: 409,
    message: 'Способ получения можно выбрать только до выдачи займа',
  },
  /** The SBP recipient must be confirmed (again) before the payout. */
  SBP_RECHECK: {
    status: 409,
    message: 'Подтвердите получателя перевода по СБП ещё раз: выберите банк и проверьте имя',
  },
  /** The bank named someone else as the account's owner: `recipient` is that name. */
  SBP_SOMEONE_ELSE: {
    status: 422,
    message: someoneElsesAccount,
  },
  /** The same, found at payout time: the check made earlier is void. */
  SBP_SOMEONE_ELSE_AT_PAYOUT: {
    status: 409,
    message: someoneElsesAccount,
  },
  SBP_RECIPIENT_NOT_FOUND: {
    status: 422,
    message:
      'В выбранном банке нет счёта, привязанного к вашему номеру телефона для СБП. Выберите другой банк',
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

  // ── Add-on services (353-ФЗ ст. 7 ч. 2.7–2.10) ──────────────────────────────────────────────
  /** A refusal of insurance on a loan that has none. */
  INSURANCE_NOT_CHOSEN: { status: 409, message: 'К этому займу страховка не подключена' },
  /** The refusal application's PDF, asked for before the client refused. */
  INSURANCE_REFUSAL_NOT_FILED: {
    status: 404,
    message: 'Заявление появится после отказа от страховки',
  },
  /** A second refusal of the same loan's insurance. */
  INSURANCE_ALREADY_REFUSED: {
    status: 409,
    message: 'Вы уже отказались от страховки по этому займу: премия возвращается на карту',
  },
  /** The period of ч. 2.7 is over: `endedOn` is its last day, ДД.ММ.ГГГГ. */
  INSURANCE_REFUSAL_PERIOD_ENDED: {
    status: 409,
    message: ({ endedOn }: { endedOn: string }) =>
      `Срок отказа от страховки истёк: последним днём было ${endedOn}`,
  },
  /** The premium goes back to a card, and the client has none bound now. */
  INSURANCE_REFUND_NO_CARD: {
    status: 422,
    message: 'Привяжите карту в личном кабинете: страховая премия вернётся на неё',
  },

  // ── Payments, prolongation and cards ───────────────────────────────────────────────────────
  /** A payment or a prolongation of a loan that is repaid already. */
  LOAN_CLOSED: { status: 409, message: 'Заём уже погашен: платить по нему не нужно' },
  /** A loan's payment is under way: another one waits for its result. */
  PAYMENT_IN_FLIGHT: {
    status: 409,
    message: 'Платёж по этому займу уже выполняется. Дождитесь его результата и обновите страницу',
  },
  PROLONGATION_TOO_EARLY: {
    status: 409,
    message: 'Пролонгация станет доступна со следующего дня после выдачи',
  },
  LOAN_NOT_ACTIVE: { status: 409, message: 'Заём закрыт или ещё не выдан' },
  /** The card's bank declined: `reason` is the gateway's Russian explanation. */
  CARD_DECLINED: { status: 422, message: ({ reason }: { reason: string }) => reason },
  /** The card was not bound on the gateway's page: `reason` is the bank's or gateway's text. */
  CARD_BINDING_FAILED: { status: 422, message: ({ reason }: { reason: string }) => reason },
  LAST_CARD_OF_LOAN: {
    status: 422,
    message:
      'Нельзя удалить единственную карту, пока заём не погашен. Сначала привяжите другую карту.',
  },

  // ── Credit holidays (353-FZ art. 6.1-1, 377-FZ) ────────────────────────────────────────────
  /** A holiday asked for a loan that has one asked for or given: once a loan. */
  CREDIT_HOLIDAY_NOT_FOUND: { status: 404, message: 'Запрос на кредитные каникулы не найден' },
  CREDIT_HOLIDAY_ALREADY_REQUESTED: {
    status: 409,
    message:
      'По этому займу кредитные каникулы уже запрошены или предоставлены: их дают один раз ' +
      'по одному займу',
  },
  /** An income-drop holiday for a loan above the Government's limit: `limit` in roubles. */
  CREDIT_HOLIDAY_LOAN_OVER_LIMIT: {
    status: 422,
    message: ({ limit }: { limit: string }) =>
      `Каникулы при снижении дохода дают по займам до ${limit} (ст. 6.1-1 353-ФЗ). ` +
      'Для этого займа можно договориться об оплате',
  },
  /** A holiday for a loan that is repaid or not given. */
  CREDIT_HOLIDAY_LOAN_CLOSED: {
    status: 409,
    message: 'Каникулы можно запросить только по действующему займу: этот заём закрыт или не выдан',
  },
  /** A holiday longer than its ground allows: `months` is the most. */
  CREDIT_HOLIDAY_TOO_LONG: {
    status: 422,
    message: ({ months }: { months: number }) =>
      `По этому основанию каникулы дают не больше чем на ${months} мес.`,
  },
  CREDIT_HOLIDAY_START_IN_PAST: {
    status: 422,
    message: 'Каникулы не могут начаться раньше сегодняшнего дня. Выберите другую дату',
  },
  CREDIT_HOLIDAY_NO_DOCUMENTS: {
    status: 422,
    message: 'Приложите документы, подтверждающие основание: без них запрос не рассмотреть',
  },
  /** A 377-FZ holiday asked after the law's last day for it: `until` as dd.mm.yyyy. */
  CREDIT_HOLIDAY_SERVICE_DEADLINE: {
    status: 422,
    message: ({ until }: { until: string }) =>
      `Каникулы по 377-ФЗ можно было запросить до ${until}. Свяжитесь с нами, чтобы ` +
      'договориться об оплате',
  },
  /** A decision on a request already decided. */
  CREDIT_HOLIDAY_ALREADY_DECIDED: {
    status: 409,
    message: 'По этому запросу решение уже принято. Обновите страницу',
  },
  /** The notice of a request that is not approved. */
  CREDIT_HOLIDAY_NOT_APPROVED: {
    status: 409,
    message: 'Уведомление появится после одобрения каникул',
  },

  // ── Documents ──────────────────────────────────────────────────────────────────────────────
  CONTRACT_NOT_READY: { status: 409, message: 'Договор будет доступен после одобрения заявки' },
  CLOSURE_NOT_READY: {
    status: 409,
    message: 'Справка о погашении появится после полного погашения займа',
  },
  STATEMENT_NOT_READY: { status: 409, message: 'Выписка появится после выдачи займа' },

  // ── Support tickets ────────────────────────────────────────────────────────────────────────
  TICKET_CLOSED: {
    status: 409,
    message: 'Обращение закрыто. Если вопрос остался, создайте новое обращение',
  },

  // ── Operator console ───────────────────────────────────────────────────────────────────────
  /** A wrong or reused code of the authenticator app. */

  // ── Identification: Госуслуги and biometrics (41-FZ) ─────────────────────────────────────────
  /**
   * An online loan needs a higher identification level (41-ФЗ: Госуслуги and biometrics); the
   * message says what to do.
   */
  IDENTIFICATION_REQUIRED: {
    status: 409,
    message: ({ from, lender }: { from: string; lender: string }) =>
      `С ${from} ${lender} может выдать заём онлайн только тому, кто подтвердил личность через ` +
      'Госуслуги и Единую биометрическую систему (Федеральный закон № 41-ФЗ). Войдите через ' +
      'Госуслуги в профиле и пройдите проверку «Подтвердите, что это вы» — или получите заём в ' +
      'офисе',
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
  /** The Госуслуги account holds no confirmed Russian passport: the questionnaire cannot use it. */
  ESIA_NO_PASSPORT: {
    status: 409,
    message:
      'На Госуслугах нет подтверждённого паспорта гражданина РФ. Добавьте его в профиль Госуслуг ' +
      'или заполните анкету сами',
  },
  /** The data from Госуслуги break a questionnaire rule: `problem` says which. */
  ESIA_DATA_INVALID: {
    status: 409,
    message: ({ problem }: { problem: string }) => `По данным Госуслуг: ${problem}`,
  },
  /** Госуслуги hold nothing for the step the client asked to take from them. */
  ESIA_STEP_EMPTY: { status: 409, message: 'На Госуслугах нет данных для этого шага анкеты' },
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
  TOTP_INVALID: { status: 401, message: 'Неверный код из приложения. Попробуйте ещё раз' },
  /** Too many failed sign-ins of a staff login; `retry_after` seconds. */
  STAFF_LOCKED: {
    status: 429,
    message: 'Вход временно заблокирован после нескольких неудачных попыток. Попробуйте позже',
  },
  STAFF_LOGIN_TAKEN: { status: 409, message: 'Сотрудник с таким логином уже есть' },
  STAFF_SELF_BLOCK: { status: 422, message: 'Нельзя заблокировать самого себя' },
  /** A review's credit bureau still does not answer: approving must wait. */
  BUREAU_SILENT: {
    status: 409,
    message:
      'Бюро кредитных историй всё ещё не отвечает, а без его ответа заём выдать нельзя. ' +
      'Откажите по заявке или попробуйте одобрить позже.',
  },
  /** The law forbids the loan (`reason`: which rule), so only a refusal is possible. */
  APPROVAL_UNLAWFUL: {
    status: 409,
    message: ({ reason }: { reason: string }) =>
      `Одобрить нельзя по закону: ${reason}. Откажите по заявке.`,
  },
  REVIEW_DECIDED: {
    status: 409,
    message: 'Решение по этой заявке уже принято. Обновите список.',
  },
  /** An operator's link for a client could not be made: `reason` says why. */
  OPERATOR_LINK_REFUSED: { status: 422, message: ({ reason }: { reason: string }) => reason },

  // ── Collections (230-FZ) ────────────────────────────────────────────────────────────────────
  /** Collections: a contact over the day, week or month limit of 230-FZ art. 7. */
  CONTACT_LIMIT_REACHED: { status: 409, message: contactRefused },
  /** Collections: a contact outside the hours 230-FZ art. 7 allows in the debtor's local time. */
  CONTACT_HOURS: { status: 409, message: contactRefused },
  /** Collections: the debtor refused interaction or appointed a representative (230-FZ art. 8). */
  CONTACT_REFUSED_BY_DEBTOR: { status: 409, message: contactRefused },
  /** Collections: the debtor is in a period the law protects (hospital, bankruptcy, holidays). */
  CONTACT_PROTECTED_PERIOD: { status: 409, message: contactRefused },
  /** Waivers: the proposer decides their own proposal (maker-checker: a second person decides). */
  WAIVER_OWN_PROPOSAL: {
    status: 403,
    message:
      'Своё предложение о списании согласовать или отклонить нельзя: решение принимает другой ' +
      'сотрудник с ролью риск-менеджера или администратора',
  },
  /** Waivers: the proposal was approved or refused already (a second click, a colleague). */
  WAIVER_DECIDED: {
    status: 409,
    message: 'Решение по этому предложению уже принято. Обновите список.',
  },
  /** Waivers: more than is owed today of that kind (penalty or interest). */
  WAIVER_ABOVE_OWED: {
    status: 409,
    message: ({ what, owed }: { what: string; owed: string }) =>
      `Нельзя списать больше, чем начислено и не оплачено: ${what} — ${owed} ₽`,
  },
  /** Waivers: a payment since the proposal left less of that kind than it would forgive. */
  WAIVER_DEBT_CHANGED: {
    status: 409,
    message: ({ what, owed }: { what: string; owed: string }) =>
      `Долг изменился после предложения: ${what} — ${owed} ₽. Откажите и предложите заново.`,
  },
  /** Waivers: the loan owes nothing (repaid, or written off already). */
  WAIVER_NOTHING_OWED: { status: 409, message: 'По займу нечего списывать: долга нет' },
  /** The cabinet's arrangements are for an overdue loan only. */
  LOAN_NOT_OVERDUE: {
    status: 409,
    message: 'Договориться об оплате можно, когда заём просрочен. Сейчас его можно погасить.',
  },
  /** A call-back asked for at an hour the law forbids in the client's local time. */
  CALLBACK_OUTSIDE_HOURS: {
    status: 409,
    message: ({ reason, law }: { reason: string; law: string }) =>
      `В это время позвонить нельзя: ${reason} (${law}). Выберите другое время.`,
  },
  /** A refusal of interaction sent before the months 230-FZ art. 8 part 2 names have passed. */
  INTERACTION_REFUSAL_TOO_EARLY: {
    status: 409,
    message: ({ from, months }: { from: string; months: number }) =>
      `Отказ от взаимодействия можно направить с ${from}: через ${months} мес. после начала ` +
      'просрочки (230-ФЗ ст. 8 ч. 2). До этого можно назначить представителя — адвоката.',
  },

  // ── Consents and ИНН ────────────────────────────────────────────────────────────────────────
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
} as const satisfies Record<string, ErrorEntry>;

interface ErrorEntry {
  status: number;
  message: string | ((params: never) => string);
}

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The refusals of a document asked for before the loan has reached it. */
export const DOCUMENT_NOT_READY = [
  'CONTRACT_NOT_READY',
  'CLOSURE_NOT_READY',
  'STATEMENT_NOT_READY',
  'CREDIT_HOLIDAY_NOT_APPROVED',
] as const satisfies readonly ApiErrorCode[];

export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

/** The parameters a code's message needs; `never` for a message without any. */
export type ApiErrorParams<C extends ApiErrorCode> = (typeof API_ERRORS)[C]['message'] extends (
  params: infer P,
) => string
  ? P
  : never;

/** A code whose message is fixed text. */
export type PlainApiErrorCode = {
  [C in ApiErrorCode]: (typeof API_ERRORS)[C]['message'] extends string ? C : never;
}[ApiErrorCode];

/** The Russian text of a code, with its parameters where it has some. */
export function apiErrorMessage<C extends ApiErrorCode>(
  code: C,
  ...params: [ApiErrorParams<C>] extends [never] ? [] : [ApiErrorParams<C>]
): string {
  const message = API_ERRORS[code].message as string | ((params: unknown) => string);
  return typeof message === 'string' ? message : message(params[0]);
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The generic codes, one per HTTP status: what an answer without a code of its own reads as. */
const STATUS_CODES: readonly PlainApiErrorCode[] = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'TOO_MANY_REQUESTS',
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
];

/**
 * The code of an answer that carries none (a framework error, a proxy's own 429 or 502 page): the
 * generic code of its status; an unknown 4xx reads as a bad request, anything else as ours.
 */
export function codeForStatus(status: number): PlainApiErrorCode {
  const exact = STATUS_CODES.find((code) => (API_ERRORS[code].status as number) === status);
  if (exact) return exact;
  return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
}
