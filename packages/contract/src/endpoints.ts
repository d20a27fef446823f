import { DOCUMENT_NOT_READY } from './api/errors';
import type { z } from 'zod';
import type { EndpointKeyOf, EndpointTable, HttpMethod } from './endpoint-spec';
import {
  clientIdParamsSchema,
  confirmEmailRequestSchema,
  confirmResetRequestSchema,
  createClientRequestSchema,
  emailConfirmationSentResponseSchema,
  getClientResponseSchema,
  loginLinkRequestSchema,
  loginLinkResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  passwordSettingsResponseSchema,
  phoneConfirmationConfirmSchema,
  phoneConfirmationRequestSchema,
  registrationSettingsResponseSchema,
  resetByEmailRequestSchema,
  resetByEmailResponseSchema,
  resetBySmsRequestSchema,
  resetEmailByCodeRequestSchema,
  resetEmailHintResponseSchema,
  resetEmailLinkResponseSchema,
  sendSmsClientRequestSchema,
  sendSmsGuestRequestSchema,
  sessionResponseSchema,
  smsSentResponseSchema,
  socialExchangeRequestSchema,
  verifyPhoneRequestSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  lastRefererResponseSchema,
} from './api/accounts';
import {
  clientDocsResponseSchema,
  clientDocumentsResponseSchema,
  loanDocumentsParamsSchema,
} from './api/client-documents';
import { crmDemoResponseSchema } from './api/crm/auth';
import {
  devBureauResponseSchema,
  devClockMoveRequestSchema,
  devClockResponseSchema,
  devServicingRunResponseSchema,
  devPingResponseSchema,
  devOperatorLinkRequestSchema,
  devOperatorLinkResponseSchema,
  devUnsettledMoneyResponseSchema,
} from './api/dev';
import {
  esiaResolveRequestSchema,
  esiaReturnRequestSchema,
  esiaReturnResponseSchema,
  esiaStartRequestSchema,
  esiaStartResponseSchema,
} from './api/esia';
import {
  clientProfileResponseSchema,
  clientStepResponseSchema,
  filesBase64ResponseSchema,
  uploadFileResponseSchema,
  updateClientBodySchema,
  updateClientOrStepResponseSchema,
  updateClientQuerySchema,
  fileIdParamsSchema,
} from './api/identity';
import {
  createOrderRequestSchema,
  historyResponseSchema,
  loanpayLookupRequestSchema,
  loanpayLookupResponseSchema,
  moratoriumResponseSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  ordersResponseSchema,
  payLoanParamsSchema,
  payLoanRequestSchema,
  payLoanResponseSchema,
  prolongationOptionsResponseSchema,
  refusalShowcaseAllResponseSchema,
  refusalShowcaseQuerySchema,
  refusalShowcaseResponseSchema,
  tariffsResponseSchema,
  verifyOrderRequestSchema,
  calculatorChoiceQuerySchema,
  contractDocumentsQuerySchema,
  documentsListResponseSchema,
  publicDocumentParamsSchema,
  idempotencyKeyHeadersSchema,
  documentFileParamsSchema,
  documentFileQuerySchema,
  prolongationAgreementQuerySchema,
  loanpayHeadersSchema,
  loanpayTokenHeadersSchema,
} from './api/loans';
import {
  autopayCardRequestSchema,
  best2payCallbackResponseSchema,
  cardIdParamsSchema,
  cardsChangedResponseSchema,
  cardsResponseSchema,
  payCallbackPaymentQuerySchema,
  payCallbackPaymentResponseSchema,
  payLinkQuerySchema,
  payLinkResponseSchema,
  paymentMethodsResponseSchema,
  payoutMethodRequestSchema,
  sbpBanksResponseSchema,
  sbpPrecheckRequestSchema,
  sbpPrecheckResponseSchema,
  best2payCallbackQuerySchema,
  best2payNotificationSchema,
  best2payNotificationAnswerSchema,
} from './api/payments';
import { settingsResponseSchema } from './api/settings';
import {
  addressSearchQuerySchema,
  addressSuggestionsResponseSchema,
  emailSuggestionsQuerySchema,
  emailSuggestionsResponseSchema,
  fioSuggestionsQuerySchema,
  fioSuggestionsResponseSchema,
  fmsUnitSuggestionsQuerySchema,
  fmsUnitSuggestionsResponseSchema,
  partySuggestionsQuerySchema,
  partySuggestionsResponseSchema,
} from './api/suggestions';
import {
  ticketIdParamsSchema,
  ticketReplyResponseSchema,
  ticketResponseSchema,
  ticketsListResponseSchema,
  ticketAttachmentParamsSchema,
  MAX_TICKETS_PER_DAY,
  TICKET_UPLOAD_DESCRIPTION,
  devTicketReplyRequestSchema,
  devTicketReplyResponseSchema,
} from './api/tickets';
import { fileBytesSchema } from './api/common';
import { healthResponseSchema } from './api/health';
import { clientInnResponseSchema, saveInnRequestSchema } from './api/inn';
import { clientConsentsResponseSchema, consentCodeParamsSchema } from './api/consents';
import {
  arrangementsResponseSchema,
  callbackRequestSchema,
  callbackResponseSchema,
  clientPromiseRequestSchema,
  clientPromiseResponseSchema,
  interactionStatementRequestSchema,
  interactionStatementResponseSchema,
} from './api/collections';
import { creditHolidayResponseSchema, creditHolidaysResponseSchema } from './api/credit-holidays';

/**
 * Every call of the cabinet under /api, declared once: path (`:name` parameters) → method → its
 * EndpointSpec. The server registers each route from its entry plus a handler (`route()`, which
 * refuses anything else at start-up); the OpenAPI document is made from those routes; the web
 * client takes its types from here (`import type` only: no zod at runtime in the browser); web
 * tests build their MSW handlers from it and validate both ways. How to add one: CONTRIBUTING.md.
 */
const TARIFF_DESCRIPTION =
  'Границы и шаги суммы и срока, ставка в день; service.insurances — добровольные страховки ' +
  'с ценой (не выбраны по умолчанию). Хранятся в базе (таблицы tariffs, insurances).';

export const ENDPOINTS = {
  // Settings and sign-up screens
  '/settings/get': {
    GET: {
      auth: 'public',
      summary: 'Реквизиты и контакты компании',
      tags: ['Настройки'],
      errors: [500],
      response: settingsResponseSchema,
    },
  },
  '/registration/settings': {
    GET: {
      auth: 'public',
      summary: 'Согласия, которые просит регистрация, со ссылками на документы',
      tags: ['Регистрация'],
      errors: [],
      response: registrationSettingsResponseSchema,
    },
  },
  '/dashboard/passwordSettings': {
    GET: {
      auth: 'public',
      summary: 'Требования к паролю',
      tags: ['Регистрация'],
      errors: [],
      response: passwordSettingsResponseSchema,
    },
  },

  // Accounts
  '/clients': {
    GET: {
      auth: 'client',
      summary: 'Клиент текущей сессии',
      tags: ['Учётная запись'],
      errors: [401],
      response: getClientResponseSchema,
    },
  },
  '/clients/logout': {
    GET: {
      auth: 'client',
      summary: 'Выход: сессия отзывается',
      tags: ['Учётная запись'],
      errors: [401],
      response: okResponseSchema,
    },
  },
  '/clients/create': {
    POST: {
      auth: 'public',
      summary: 'Регистрация: телефон, код из SMS, согласия, пароль (необязательно)',
      tags: ['Учётная запись'],
      errors: [400, 413, 415, 429, 'PHONE_REGISTERED'],
      body: createClientRequestSchema,
      response: sessionResponseSchema,
    },
  },
  '/clients/login': {
    POST: {
      auth: 'public',
      summary: 'Вход по телефону и паролю',
      description: 'Неверный пароль — 400 (не 401); после 5 ошибок за 15 минут — 429.',
      tags: ['Учётная запись'],
      errors: [400, 413, 415, 429],
      body: loginRequestSchema,
      response: sessionResponseSchema,
    },
  },
  '/clients/verify_phone': {
    PATCH: {
      auth: 'public',
      summary: 'Вход по телефону и коду из SMS (назначение signin)',
      tags: ['Учётная запись'],
      errors: [400, 404, 413, 415],
      body: verifyPhoneRequestSchema,
      response: sessionResponseSchema,
    },
  },
  '/clients/update': {
    // The handler parses the body by `?step=` (not on the route): `handlerBody` types it.
    PATCH: {
      auth: 'client',
      summary: 'Изменение e-mail или пароля; с ?step=N — сохранение шага анкеты N',
      description:
        'Смена существующего пароля требует current_password; оператору — 403. ' +
        'С параметром step тело проверяется схемой шага (stepBodySchemas[N]), ответ — ' +
        'data.step_data.step_value; пропустить шаг нельзя (409).',
      tags: ['Учётная запись'],
      errors: [400, 401, 403, 409, 413, 415, 429],
      query: updateClientQuerySchema,
      response: updateClientOrStepResponseSchema,
      handlerBody: updateClientBodySchema,
    },
  },
  '/clients/email/confirmation': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Отправить письмо со ссылкой для подтверждения e-mail',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 401, 429, 503, 'EMAIL_ALREADY_CONFIRMED'],
      response: emailConfirmationSentResponseSchema,
    },
  },
  '/clients/email/confirm': {
    POST: {
      auth: 'public',
      summary: 'Подтвердить e-mail токеном из письма',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415],
      body: confirmEmailRequestSchema,
      response: getClientResponseSchema,
    },
    GET: {
      auth: 'public',
      summary: 'Ссылка из письма: подтверждает e-mail и открывает профиль',
      description: 'Переход на /person?email_confirmed=1 (или =0, если ссылка устарела).',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400],
      query: confirmEmailRequestSchema,
    },
  },
  '/clients/reset_by_email_url': {
    POST: {
      auth: 'public',
      summary: 'Письмо со ссылкой для смены пароля (/email/reset?token=…, 1 час)',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415, 429, 503],
      body: resetByEmailRequestSchema,
      response: resetByEmailResponseSchema,
    },
  },
  '/clients/confirm_reset': {
    POST: {
      auth: 'public',
      summary: 'Новый пароль по ссылке из письма; все сессии клиента завершаются',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415],
      body: confirmResetRequestSchema,
      response: okResponseSchema,
    },
  },
  '/clients/reset_by_sms': {
    POST: {
      auth: 'public',
      summary: 'Новый пароль по коду из SMS (назначение reset); все сессии завершаются',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415],
      body: resetBySmsRequestSchema,
      response: okResponseSchema,
    },
  },
  '/clients/reset_by_sms/email_hint': {
    POST: {
      auth: 'public',
      summary: 'После кода reset из SMS: маска e-mail, куда можно прислать ссылку (или null)',
      description:
        'Код проверяется, но не расходуется; неверный код считается попыткой. До кода ' +
        'ответы для зарегистрированного и незнакомого номера одинаковы.',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415],
      body: resetEmailByCodeRequestSchema,
      response: resetEmailHintResponseSchema,
    },
  },
  '/clients/reset_by_sms/email_link': {
    POST: {
      auth: 'public',
      summary: 'После кода reset из SMS: ссылка для смены пароля на подтверждённый e-mail',
      description: 'Код расходуется; без подтверждённого e-mail — 400.',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415, 429, 503],
      body: resetEmailByCodeRequestSchema,
      response: resetEmailLinkResponseSchema,
    },
  },
  '/clients/login-link': {
    POST: {
      auth: 'public',
      summary: 'Письмо со ссылкой для входа (/social/callback?code=…, 15 минут)',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415, 429, 503],
      body: loginLinkRequestSchema,
      response: loginLinkResponseSchema,
    },
  },
  '/clients/social/exchange': {
    POST: {
      auth: 'public',
      summary: 'Обменять одноразовый код из ссылки для входа на сессию',
      tags: ['Учётная запись: e-mail и восстановление'],
      errors: [400, 413, 415],
      body: socialExchangeRequestSchema,
      response: sessionResponseSchema,
    },
  },
  '/clients/:cid/phone-confirmation/request': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Код из SMS на новый (или ещё не подтверждённый) номер',
      tags: ['Учётная запись: телефон'],
      errors: [400, 401, 404, 413, 415, 429, 503, 'PHONE_OF_ANOTHER_CLIENT', 'OPERATOR_FORBIDDEN'],
      params: clientIdParamsSchema,
      body: phoneConfirmationRequestSchema,
      response: smsSentResponseSchema,
    },
  },
  '/clients/:cid/phone-confirmation/confirm': {
    PATCH: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Подтвердить номер кодом из SMS: номер становится номером клиента',
      tags: ['Учётная запись: телефон'],
      errors: [400, 401, 403, 404, 413, 415, 'PHONE_OF_ANOTHER_CLIENT'],
      params: clientIdParamsSchema,
      body: phoneConfirmationConfirmSchema,
      response: getClientResponseSchema,
    },
  },
  '/sms/send_una': {
    POST: {
      auth: 'public',
      summary: 'Код гостю: регистрация, вход, смена пароля',
      description:
        'Код — 6 цифр, действует 5 минут, 5 попыток ввода; повторно — через 60 секунд; ' +
        'не больше 5 кодов в час на номер и 20 с одного IP. 429 содержит retry_after.',
      tags: ['Коды из SMS'],
      errors: [400, 413, 415, 429, 503],
      body: sendSmsGuestRequestSchema,
      response: smsSentResponseSchema,
    },
  },
  '/sms/send': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Код клиенту: смена телефона (на новый номер) или подписание',
      description:
        `${
          'Код — 6 цифр, действует 5 минут, 5 попыток ввода; повторно — через 60 секунд; ' +
          'не больше 5 кодов в час на номер и 20 с одного IP. 429 содержит retry_after.'
        } Оператору (режим CRM) — 403. Код подписания (purpose sign) привязан к ` +
        'заявке order_id и к документам: без prolongation — договор, с prolongation (дни) — ' +
        'дополнительное соглашение о продлении на эти дни. Для другого документа код не ' +
        'подходит и считается неверной попыткой.',
      tags: ['Коды из SMS'],
      errors: [400, 401, 404, 413, 415, 429, 503, 'PHONE_OF_ANOTHER_CLIENT', 'OPERATOR_FORBIDDEN'],
      body: sendSmsClientRequestSchema,
      response: smsSentResponseSchema,
    },
  },

  // Identity (questionnaire, photos, suggestions)
  '/clients/step': {
    GET: {
      auth: 'client',
      summary: 'Шаг анкеты, на котором остановился клиент',
      description: 'Шаги 1–5 — анкета, 6 — привязка карты, 7 — анкета заполнена.',
      tags: ['Анкета'],
      errors: [401],
      response: clientStepResponseSchema,
    },
  },
  '/clients/profile': {
    GET: {
      auth: 'client',
      summary: 'Анкета клиента: всё, что он ввёл, фотографии и шаг',
      description: 'passport_locked — паспортные данные больше нельзя изменить (есть заявка).',
      tags: ['Анкета'],
      errors: [401],
      response: clientProfileResponseSchema,
    },
  },
  '/esia/start': {
    POST: {
      auth: 'public',
      summary: 'Начать вход через Госуслуги (ЕСИА) или проверку биометрии',
      description:
        'signin и signup — для гостя; link (связать Госуслуги) и biometrics («подтвердите, ' +
        'что это вы») — для клиента с сессией. Ответ — адрес, куда перейти браузеру; ' +
        'браузер вернётся на /social/callback.',
      tags: ['Госуслуги'],
      errors: [400, 401, 403, 409, 503],
      body: esiaStartRequestSchema,
      response: esiaStartResponseSchema,
    },
  },
  '/esia/return': {
    POST: {
      auth: 'public',
      summary: 'Возврат с Госуслуг: код и state из адреса /social/callback',
      description:
        'Вход, регистрация (esia_ticket для /clients/create), связывание или итог биометрии. ' +
        'state — однократный, только из браузера, начавшего вход.',
      tags: ['Госуслуги'],
      errors: [400, 409, 503],
      body: esiaReturnRequestSchema,
      response: esiaReturnResponseSchema,
    },
  },
  '/esia/resolve': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Взять данные Госуслуг для шага анкеты, где введённые данные отличаются',
      tags: ['Госуслуги'],
      errors: [400, 401, 403, 409],
      body: esiaResolveRequestSchema,
      response: clientProfileResponseSchema,
    },
  },
  '/esia/link': {
    DELETE: {
      auth: 'client-not-operator',
      operatorRefusal: 'credentials',
      summary: 'Отвязать Госуслуги: данные анкеты остаются и снова меняются вручную',
      tags: ['Госуслуги'],
      errors: [401, 403, 409],
      response: clientProfileResponseSchema,
    },
  },
  '/files/validate': {
    POST: {
      auth: 'client',
      summary: 'Загрузка фотографии для анкеты (multipart: kind, file)',
      description:
        'JPEG, PNG или WebP до 10 МБ и 50 мегапикселей; тип определяется по содержимому. ' +
        'Фото перекодируется без метаданных и хранится под именем, выданным сервером.',
      tags: ['Файлы'],
      errors: [400, 401, 413, 415, 'IDENTITY_STEP_SKIPPED', 'PASSPORT_PHOTOS_LOCKED'],
      response: uploadFileResponseSchema,
      multipart: true,
    },
  },
  '/files/base64': {
    GET: {
      auth: 'client',
      summary: 'Фотографии клиента для предпросмотра: последняя каждого вида, data URL',
      tags: ['Файлы'],
      errors: [401],
      response: filesBase64ResponseSchema,
    },
  },
  '/clients/suggestions/fio': {
    GET: {
      auth: 'client',
      summary: 'Подсказки ФИО: по частям (parts) и с учётом пола (gender)',
      tags: ['Подсказки'],
      errors: [400, 401, 503],
      query: fioSuggestionsQuerySchema,
      response: fioSuggestionsResponseSchema,
    },
  },
  '/address-search': {
    GET: {
      auth: 'client',
      summary: 'Подсказки адреса (search), с уровнями from_bound/to_bound',
      tags: ['Подсказки'],
      errors: [400, 401, 503],
      query: addressSearchQuerySchema,
      response: addressSuggestionsResponseSchema,
    },
  },
  '/clients/suggestions/party': {
    GET: {
      auth: 'client',
      summary: 'Подсказки организаций: по названию, ИНН или ОГРН',
      tags: ['Подсказки'],
      errors: [400, 401, 503],
      query: partySuggestionsQuerySchema,
      response: partySuggestionsResponseSchema,
    },
  },
  '/clients/suggestions/fms_unit': {
    GET: {
      auth: 'client',
      summary: 'Подсказки «кем выдан» паспорт: по коду подразделения или названию',
      tags: ['Подсказки'],
      errors: [400, 401, 503],
      query: fmsUnitSuggestionsQuerySchema,
      response: fmsUnitSuggestionsResponseSchema,
    },
  },
  '/clients/suggestions/email': {
    GET: {
      auth: 'client',
      summary: 'Подсказки e-mail: домены после @',
      tags: ['Подсказки'],
      errors: [400, 401, 503],
      query: emailSuggestionsQuerySchema,
      response: emailSuggestionsResponseSchema,
    },
  },

  // Cards and payment gateway returns
  '/clients/cards': {
    GET: {
      auth: 'client',
      summary: 'Привязанные карты клиента',
      tags: ['Карты'],
      errors: [401],
      response: cardsResponseSchema,
    },
  },
  '/clients/activate_card/:cardId': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'cards',
      summary: 'Сделать карту основной (для выплат и списаний)',
      tags: ['Карты'],
      errors: [400, 401, 404],
      params: cardIdParamsSchema,
      response: cardsChangedResponseSchema,
    },
  },
  '/clients/autopay_card/:cardId': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'cards',
      summary: 'Включить или выключить автоплатёж по карте',
      description: 'Включает и выключает автоплатёж только сам клиент; оператору — 403.',
      tags: ['Карты'],
      errors: [400, 401, 403, 404],
      params: cardIdParamsSchema,
      body: autopayCardRequestSchema,
      response: cardsChangedResponseSchema,
    },
  },
  '/clients/cards/:cardId': {
    DELETE: {
      auth: 'client-not-operator',
      operatorRefusal: 'cards',
      summary: 'Удалить карту',
      tags: ['Карты'],
      errors: [400, 401, 404, 'LAST_CARD_OF_LOAN'],
      params: cardIdParamsSchema,
      response: cardsChangedResponseSchema,
    },
  },
  '/pay/link': {
    GET: {
      auth: 'client-not-operator',
      operatorRefusal: 'cards',
      summary: 'Ссылка на платёжную страницу для привязки карты',
      tags: ['Карты'],
      errors: [400, 401, 503],
      query: payLinkQuerySchema,
      response: payLinkResponseSchema,
    },
  },
  '/pay/callback/best2pay': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'cards',
      summary: 'Возврат с платёжной страницы: привязанная карта',
      description:
        'Параметры запроса — те, что платёжный шлюз добавил к адресу возврата. Сервер сам ' +
        'проверяет операцию в шлюзе; 422 — карта не привязана (причина и страница возврата).',
      tags: ['Карты'],
      errors: [400, 401, 404, 503],
      query: best2payCallbackQuerySchema,
      response: best2payCallbackResponseSchema,
    },
  },
  '/pay/callbackPayment': {
    GET: {
      auth: 'client',
      writes: true,
      summary: 'Состояние платежа, сделанного на платёжной странице',
      tags: ['Карты'],
      errors: [400, 401, 404, 503],
      query: payCallbackPaymentQuerySchema,
      response: payCallbackPaymentResponseSchema,
    },
  },
  '/payment_system/payment': {
    GET: {
      auth: 'client',
      summary: 'Способы оплаты: какие включены, какие не подключены',
      tags: ['Карты'],
      errors: [401],
      response: paymentMethodsResponseSchema,
    },
  },
  '/payment_system/payout': {
    GET: {
      auth: 'client',
      summary: 'Способы получения денег: какие включены, какие не подключены',
      tags: ['Карты'],
      errors: [401],
      response: paymentMethodsResponseSchema,
    },
  },

  // Loans: calculator, orders, payout
  '/tariff/default': {
    GET: {
      auth: 'public',
      summary: 'Тариф первого займа для калькулятора',
      description: TARIFF_DESCRIPTION,
      tags: ['Займы'],
      errors: [500],
      response: tariffsResponseSchema,
    },
  },
  '/tariff/repeat': {
    GET: {
      auth: 'public',
      summary: 'Тариф повторного займа (для клиентов, погасивших заём)',
      description: TARIFF_DESCRIPTION,
      tags: ['Займы'],
      errors: [500],
      response: tariffsResponseSchema,
    },
  },
  '/clients/orders': {
    GET: {
      auth: 'client',
      summary: 'Заявки и займы клиента (новые первыми)',
      description: 'Для выданных займов (GIVEN, EXPIRED) — balance: долг на сегодня.',
      tags: ['Займы'],
      errors: [401],
      response: ordersResponseSchema,
    },
  },
  '/orders/create': {
    POST: {
      auth: 'client-not-operator',
      summary: 'Заявка на заём из выбора в калькуляторе',
      description:
        'Нужны заполненная анкета (шаг 7) и активная карта; принятые документы ' +
        '(loan_application, bki_consent). 409 — есть непогашенный заём, заявка в работе или ' +
        'мораторий. Заявка создаётся в статусе NEW, скоринг идёт в фоне: ACCEPTED → ' +
        'APPROVED или REFUSED за несколько секунд (GET /clients/orders).',
      tags: ['Займы'],
      errors: [
        400,
        401,
        403,
        'IDENTITY_INCOMPLETE',
        'CARD_NOT_BOUND',
        'LOAN_OPEN',
        'ORDER_IN_PROGRESS',
        'MORATORIUM',
      ],
      body: createOrderRequestSchema,
      response: orderResponseSchema,
    },
  },
  '/orders/verify': {
    POST: {
      auth: 'client-not-operator',
      summary: 'Подписать договор кодом из SMS (АСП)',
      description:
        'Код — POST /sms/send с purpose sign. Одобренная заявка становится SIGNED; ' +
        'сохраняется запись о подписи: документы с редакциями и SHA-256, хеш кода, время, IP, ' +
        'телефон. Оператору — 403.',
      tags: ['Займы'],
      errors: [400, 401, 403, 404, 429, 'CONTRACT_ALREADY_SIGNED', 'ORDER_NOT_SIGNABLE'],
      body: verifyOrderRequestSchema,
      response: orderResponseSchema,
    },
  },
  '/orders/:orderId/reject': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Отказаться от одобренного займа',
      description: 'APPROVED → REJECTED_BY_CLIENT; повторный запрос ничего не меняет.',
      tags: ['Займы'],
      errors: [400, 401, 404, 'ORDER_NOT_REJECTABLE'],
      params: orderIdParamsSchema,
      response: orderResponseSchema,
    },
  },
  '/orders/:orderId/cancel': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Отказаться от подписанного займа до выдачи денег (период охлаждения)',
      description:
        '353-ФЗ ст. 7 ч. 9.3: пока деньги не отправлены, клиент вправе отказаться от займа. ' +
        'SIGNED → REJECTED_BY_CLIENT, деньги не двигаются. 409 — уже отказался ' +
        '(LOAN_ALREADY_CANCELLED), деньги уже отправлены (LOAN_ALREADY_PAID_OUT) или договор не ' +
        'ждёт выдачи (LOAN_NOT_CANCELLABLE).',
      tags: ['Займы'],
      errors: [400, 401, 403, 404, 409],
      params: orderIdParamsSchema,
      response: orderResponseSchema,
    },
  },
  '/orders/:orderId/insurance/refusal': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Отказаться от страховки, подключённой к займу, и вернуть премию на карту',
      description:
        '353-ФЗ ст. 7 ч. 2.7–2.10: в течение 30 календарных дней после согласия на страховку ' +
        '(дни по Москве, срок в настройках) клиент вправе отказаться от неё; премия возвращается ' +
        'на активную карту через платёжный шлюз, долг по займу не меняется. Ответ — заявка с ' +
        'insurance.refusal. 409 — страховки нет (INSURANCE_NOT_CHOSEN), отказ уже подан ' +
        '(INSURANCE_ALREADY_REFUSED), срок истёк (INSURANCE_REFUSAL_PERIOD_ENDED, с датой); ' +
        '422 — нет карты для возврата (INSURANCE_REFUND_NO_CARD).',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 403, 404, 409, 422],
      params: orderIdParamsSchema,
      response: orderResponseSchema,
    },
  },
  '/orders/:orderId/payout': {
    POST: {
      auth: 'client-not-operator',
      summary: 'Отправить деньги на карту по подписанному договору',
      description:
        'Заголовок Idempotency-Key: повтор с тем же ключом не двигает деньги. Одна выплата на ' +
        'заявку при любом числе одновременных запросов. Ответ — заявка: GIVEN (дата возврата, ' +
        'баланс) или FAIL_TO_GIVE с причиной (повторите с новым ключом). 409 — выплата уже идёт; ' +
        'или договор подписан в другой день (по Москве): заявка возвращается в APPROVED, ' +
        'документы формируются с сегодняшними датами и подписываются заново; или идёт период ' +
        'охлаждения (COOLING_OFF_RUNNING, cooling_off_until): деньги отправит фоновая задача.',
      tags: ['Займы'],
      errors: [
        400,
        401,
        403,
        404,
        503,
        'ORDER_NOT_PAYABLE',
        'SIGN_AGAIN',
        'PAYOUT_IN_FLIGHT',
        'IDEMPOTENCY_KEY_REUSED',
        'SBP_RECHECK',
        'SBP_SOMEONE_ELSE_AT_PAYOUT',
        'CARD_NOT_BOUND',
      ],
      params: orderIdParamsSchema,
      headers: idempotencyKeyHeadersSchema,
      response: orderResponseSchema,
    },
  },
  '/sbp/banks': {
    GET: {
      auth: 'client',
      summary: 'Банки — участники СБП, куда можно получить заём по номеру телефона',
      tags: ['СБП'],
      errors: [401, 503],
      response: sbpBanksResponseSchema,
    },
  },
  '/orders/:orderId/sbp/precheck': {
    POST: {
      auth: 'client-not-operator',
      summary: 'Проверить получателя выплаты по СБП: имя владельца счёта в выбранном банке',
      description:
        'Шлюз регистрирует заказ выплаты и спрашивает банк, на кого оформлен счёт с номером ' +
        'телефона клиента (SBPCreditPrecheck). Деньги не двигаются. 422 — в этом банке нет ' +
        'счёта для СБП по этому номеру. Имя подтверждается через PUT …/payout_method.',
      tags: ['СБП'],
      errors: [
        400,
        401,
        403,
        404,
        503,
        'PAYOUT_METHOD_LOCKED',
        'SBP_SOMEONE_ELSE',
        'SBP_RECIPIENT_NOT_FOUND',
      ],
      params: orderIdParamsSchema,
      body: sbpPrecheckRequestSchema,
      response: sbpPrecheckResponseSchema,
    },
  },
  '/orders/:orderId/payout_method': {
    PUT: {
      auth: 'client-not-operator',
      summary: 'Куда отправить заём: на активную карту или по СБП подтверждённому получателю',
      description:
        'method=sbp с precheck_id — клиент подтвердил имя получателя; выплата (POST …/payout) ' +
        'пойдёт по СБП. 409 — проверка уже использована или заём уже выдан.',
      tags: ['СБП'],
      errors: [400, 401, 403, 404, 'PAYOUT_METHOD_LOCKED', 'SBP_RECHECK'],
      params: orderIdParamsSchema,
      body: payoutMethodRequestSchema,
      response: orderResponseSchema,
    },
  },
  '/clients/inn': {
    GET: {
      auth: 'client',
      summary: 'ИНН клиента и когда ФНС его подтвердила',
      tags: ['Анкета'],
      errors: [401],
      response: clientInnResponseSchema,
    },
    PUT: {
      auth: 'client',
      summary: 'Сохранить ИНН, проверенный по контрольным цифрам и в ФНС',
      description:
        '353-ФЗ ст. 7 (в ред. 9-ФЗ от 13.02.2025): кредитор получает ИНН заемщика. Сервер ' +
        'проверяет контрольные цифры (400) и спрашивает ФНС по паспорту (сервис «Узнать ИНН»): ' +
        '409 INN_NEEDS_PASSPORT — нет паспортных данных, 422 INN_MISMATCH — в ФНС другой ИНН, ' +
        '422 INN_NOT_FOUND — ФНС не нашла ИНН по паспорту, 503 FNS_UNAVAILABLE — ФНС не ответила.',
      tags: ['Анкета'],
      errors: [400, 401, 409, 422, 503],
      body: saveInnRequestSchema,
      response: clientInnResponseSchema,
    },
  },
  '/credit-holidays': {
    GET: {
      auth: 'client',
      summary: 'Кредитные каникулы: займы, по которым можно запросить, запросы и их решения',
      tags: ['Займы'],
      errors: [401],
      response: creditHolidaysResponseSchema,
    },
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary:
        'Запросить кредитные каникулы (multipart: order_id, ground, start_date, months, documents)',
      description:
        'ground: income_drop — снижение дохода более чем на 30 % (ст. 6.1-1 353-ФЗ), service — ' +
        'мобилизация или участие в СВО (377-ФЗ). Документы — фото или PDF, до 5 файлов. Один ' +
        'запрос на заём: 409 CREDIT_HOLIDAY_ALREADY_REQUESTED; 409 CREDIT_HOLIDAY_LOAN_CLOSED; ' +
        '422 CREDIT_HOLIDAY_LOAN_OVER_LIMIT, CREDIT_HOLIDAY_TOO_LONG, CREDIT_HOLIDAY_START_IN_PAST, ' +
        'CREDIT_HOLIDAY_NO_DOCUMENTS, CREDIT_HOLIDAY_SERVICE_DEADLINE.',
      tags: ['Займы'],
      errors: [400, 401, 403, 404, 409, 413, 415, 422],
      response: creditHolidayResponseSchema,
      multipart: true,
    },
  },
  '/clients/consents': {
    GET: {
      auth: 'client',
      summary: 'Согласия клиента: редакция, когда дано и отозвано, что означает отзыв',
      tags: ['Согласия'],
      errors: [401],
      response: clientConsentsResponseSchema,
    },
  },
  '/clients/consents/:consent/withdraw': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Отозвать необязательное согласие',
      description:
        'Новая запись об отзыве; прежняя запись не меняется. 404 CONSENT_UNKNOWN, ' +
        '409 CONSENT_NOT_WITHDRAWABLE — согласие отзывается только заявлением, ' +
        '409 CONSENT_NOT_GIVEN — согласие не действует.',
      tags: ['Согласия'],
      errors: [400, 401, 403, 404, 409],
      params: consentCodeParamsSchema,
      response: clientConsentsResponseSchema,
    },
  },
  '/clients/consents/:consent/give': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Дать согласие в действующей редакции',
      description: 'Новая запись о согласии. 404 CONSENT_UNKNOWN.',
      tags: ['Согласия'],
      errors: [400, 401, 403, 404],
      params: consentCodeParamsSchema,
      response: clientConsentsResponseSchema,
    },
  },
  '/clients/moratorium': {
    GET: {
      auth: 'client',
      summary: 'Можно ли оформить заём: мораторий после отказа',
      description:
        'status true — можно подавать заявку; false — идёт мораторий (настройка консоли, ' +
        'по умолчанию MORATORIUM_DAYS — 30 дней), ' +
        'end_date — первый день, когда заявку примут (YYYY-MM-DD).',
      tags: ['Займы'],
      errors: [401],
      response: moratoriumResponseSchema,
    },
  },
  '/clients/refusal-showcase': {
    GET: {
      auth: 'client',
      summary: 'Витрина партнёров после отказа: куда перенаправить клиента',
      description:
        'Ссылка есть только во время моратория. is_on_page_denied_loan=1 — страница отказа ' +
        '(переход через refusal_link_latency_in_seconds), 0 — другие страницы (переход сразу, ' +
        'только если window_to_open = in-same-window). Настройки — таблица refusal_showcase_rules.',
      tags: ['Займы'],
      errors: [400, 401],
      query: refusalShowcaseQuerySchema,
      response: refusalShowcaseResponseSchema,
    },
  },
  '/clients/refusal-showcase-all': {
    GET: {
      auth: 'client',
      summary: 'Все предложения партнёров для клиента с отказом',
      tags: ['Займы'],
      errors: [401],
      response: refusalShowcaseAllResponseSchema,
    },
  },
  '/documents/preorder_documents': {
    GET: {
      auth: 'client',
      summary: 'Документы заявки: заявление и согласие на запрос в БКИ',
      description:
        'Выбор в калькуляторе (tariff_id, amount, period, insurance_ids) добавляется к ссылкам: ' +
        'заявление заполняется им до создания заявки.',
      tags: ['Документы'],
      errors: [400, 401],
      query: calculatorChoiceQuerySchema,
      response: documentsListResponseSchema,
    },
  },
  '/documents/contract_documents': {
    GET: {
      auth: 'client',
      summary: 'Документы договора одобренной заявки',
      description: 'Ссылки с order_id, отмечены checked. Чужая заявка — 404.',
      tags: ['Документы'],
      errors: [400, 401, 404, 'CONTRACT_NOT_READY'],
      query: contractDocumentsQuerySchema,
      response: documentsListResponseSchema,
    },
  },

  // Servicing: repayment, prolongation, history, pay by contract number
  '/pay/payment/:contract': {
    POST: {
      auth: 'client-not-operator',
      summary: 'Оплатить заём: картой по токену (card_id) или на платёжной странице',
      description:
        'Заголовок Idempotency-Key обязателен: повтор с тем же ключом не списывает деньги ' +
        'второй раз. type=full — весь долг на сегодня, part — amount (от 1 ₽ до долга), ' +
        'prolongation=дни + asp_code (код SMS, purpose sign; только в теле запроса) + ' +
        'document_agreements=prolongation_agreement — пролонгация по цене начисленных процентов. ' +
        'Без card_id ответ status=redirect и url платёжной страницы; итог — GET /pay/callbackPayment. ' +
        'payment_system_id=2 — оплата по СБП: status=sbp, QR-код (SVG) и ссылка для приложения ' +
        'банка; статус спрашивают GET /pay/callbackPayment?id=sbp.order_id до окончательного.',
      tags: ['Обслуживание займа'],
      errors: [
        400,
        401,
        403,
        404,
        429,
        503,
        'LOAN_CLOSED',
        'PAYMENT_IN_FLIGHT',
        'PROLONGATION_TOO_EARLY',
      ],
      params: payLoanParamsSchema,
      headers: idempotencyKeyHeadersSchema,
      body: payLoanRequestSchema,
      response: payLoanResponseSchema,
    },
  },
  '/loanpay/payment/:contract': {
    POST: {
      auth: 'public',
      summary: 'Оплатить заём без входа: платёжная страница (токен оплаты в X-Pay-Token)',
      description:
        'Тело как у POST /pay/payment/{contract}; type full или part, без card_id и без ' +
        'пролонгации. Ответ status=redirect и url платёжной страницы; с payment_system_id=2 — ' +
        'status=sbp: QR-код и ссылка СБП, итог — GET /loanpay/callbackPayment?id=order_id.',
      tags: ['Оплата без входа'],
      errors: [400, 401, 404, 503, 'LOAN_CLOSED', 'PAYMENT_IN_FLIGHT', 'PROLONGATION_TOO_EARLY'],
      params: payLoanParamsSchema,
      headers: loanpayHeadersSchema,
      body: payLoanRequestSchema,
      response: payLoanResponseSchema,
    },
  },
  '/loanpay/lookup': {
    POST: {
      auth: 'public',
      summary: 'Найти заём по номеру договора и дате рождения: сумма к оплате и токен оплаты',
      description:
        'Не более 10 попыток за 15 минут с одного IP и 5 неудачных в день по одному номеру ' +
        'договора с любых адресов (429 до следующего дня по Москве; клиенту — SMS).',
      tags: ['Оплата без входа'],
      errors: [400, 404, 429],
      body: loanpayLookupRequestSchema,
      response: loanpayLookupResponseSchema,
    },
  },
  '/loanpay/callbackPayment': {
    GET: {
      auth: 'public',
      writes: true,
      summary: 'Итог оплаты без входа (токен оплаты в X-Pay-Token)',
      tags: ['Оплата без входа'],
      errors: [400, 401, 404, 503],
      query: payCallbackPaymentQuerySchema,
      headers: loanpayTokenHeadersSchema,
      response: payCallbackPaymentResponseSchema,
    },
  },
  '/loans/:orderId/prolongation': {
    GET: {
      auth: 'client',
      summary: 'Варианты пролонгации: срок, цена (начисленные проценты и пени), новая дата',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 404, 'LOAN_CLOSED'],
      params: orderIdParamsSchema,
      response: prolongationOptionsResponseSchema,
    },
  },
  '/loans/:orderId/arrangements': {
    GET: {
      auth: 'client',
      summary: 'Просроченный заём: обещания, звонки и заявления клиента по 230-ФЗ',
      description:
        'refusal_from — с какого дня можно направить отказ от взаимодействия (230-ФЗ ст. 8 ' +
        'ч. 2: через 4 месяца после начала просрочки, настройка INTERACTION_REFUSAL_AFTER_MONTHS).',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 404, 'LOAN_NOT_OVERDUE'],
      params: orderIdParamsSchema,
      response: arrangementsResponseSchema,
    },
  },
  '/loans/:orderId/promise': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: '«Договориться об оплате»: обещание оплатить сумму к дате',
      description: 'Те же пределы, что в консоли: сумма — не больше долга, дата — до 30 дней.',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 403, 404, 'LOAN_NOT_OVERDUE'],
      params: orderIdParamsSchema,
      body: clientPromiseRequestSchema,
      response: clientPromiseResponseSchema,
    },
  },
  '/loans/:orderId/callback': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: '«Договориться об оплате»: перезвоните мне (дата и час по местному времени)',
      description:
        'Час — в пределах, которые 230-ФЗ ст. 7 ч. 3 п. 1 разрешает в часовом поясе клиента: ' +
        'с 8 до 22 в рабочие дни и с 9 до 20 в выходные; иначе 409 CALLBACK_OUTSIDE_HOURS.',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 403, 404, 'LOAN_NOT_OVERDUE', 'CALLBACK_OUTSIDE_HOURS'],
      params: orderIdParamsSchema,
      body: callbackRequestSchema,
      response: callbackResponseSchema,
    },
  },
  '/loans/:orderId/interaction': {
    POST: {
      auth: 'client-not-operator',
      operatorRefusal: 'decision',
      summary: 'Отказ от взаимодействия или представитель-адвокат (230-ФЗ ст. 8)',
      description:
        'Записывается как запрет взаимодействия: консоль больше не даёт звонить и писать. ' +
        'Отказ — не раньше refusal_from (409 INTERACTION_REFUSAL_TOO_EARLY).',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 403, 404, 'LOAN_NOT_OVERDUE', 'INTERACTION_REFUSAL_TOO_EARLY'],
      params: orderIdParamsSchema,
      body: interactionStatementRequestSchema,
      response: interactionStatementResponseSchema,
    },
  },
  '/clients/history': {
    GET: {
      auth: 'client',
      summary: 'История: все заявки со статусами и все платежи, новые первыми',
      tags: ['Обслуживание займа'],
      errors: [401],
      response: historyResponseSchema,
    },
  },

  // Client documents
  '/documents/client_docs': {
    GET: {
      auth: 'client',
      summary: 'Документы клиента по группам (register_docs, orders_docs, contracts_docs, …)',
      description: 'link — путь от /api: GET /api/{link} с токеном отдаёт PDF.',
      tags: ['Документы'],
      errors: [401],
      response: clientDocsResponseSchema,
    },
  },
  '/documents/loan_documents/:ids': {
    GET: {
      auth: 'client',
      summary: 'Документы займа (заявок через запятую: 12,15); чужая заявка — 404',
      description: 'link — путь от /api: GET /api/{link} с токеном отдаёт PDF.',
      tags: ['Документы'],
      errors: [400, 401, 404],
      params: loanDocumentsParamsSchema,
      response: clientDocumentsResponseSchema,
    },
  },

  // Tickets
  '/tickets/get': {
    GET: {
      auth: 'client',
      summary: 'Обращения клиента: последние по активности — первыми',
      description: 'Статус, тема, последнее сообщение и отметка о непрочитанном ответе.',
      tags: ['Обращения'],
      errors: [401],
      response: ticketsListResponseSchema,
    },
  },
  '/tickets/auth_create': {
    POST: {
      auth: 'client',
      summary: 'Новое обращение (multipart: category, subject, text, attachments)',
      description: `${TICKET_UPLOAD_DESCRIPTION} Не больше ${MAX_TICKETS_PER_DAY} обращений в сутки.`,
      tags: ['Обращения'],
      errors: [400, 401, 413, 415, 429],
      response: ticketResponseSchema,
      multipart: true,
    },
  },
  '/tickets/:id': {
    GET: {
      auth: 'client',
      summary: 'Переписка по обращению с вложениями; чужое обращение — 404',
      description: 'Открытие клиентом отмечает ответы прочитанными (оператор CRM — нет).',
      tags: ['Обращения'],
      errors: [400, 401, 404],
      params: ticketIdParamsSchema,
      response: ticketResponseSchema,
    },
  },
  '/tickets/:id/messages': {
    POST: {
      auth: 'client',
      summary: 'Ответ клиента в обращении (multipart: text, attachments)',
      description: `${TICKET_UPLOAD_DESCRIPTION} Обращение с ответом снова становится открытым; в закрытое написать нельзя (409).`,
      tags: ['Обращения'],
      errors: [400, 401, 404, 413, 415, 'TICKET_CLOSED'],
      params: ticketIdParamsSchema,
      response: ticketReplyResponseSchema,
      multipart: true,
    },
  },

  // Sandbox tools (devtools panel; the server mounts them only in sandbox mode)
  '/dev/clock': {
    GET: {
      auth: 'public',
      summary: 'Дата и время сервера (песочница)',
      tags: ['Песочница'],
      errors: [],
      response: devClockResponseSchema,
    },
    POST: {
      auth: 'public',
      summary: 'Перевести часы сервера вперёд на days дней и minutes минут (для всех экземпляров)',
      tags: ['Песочница'],
      errors: [400],
      body: devClockMoveRequestSchema,
      response: devClockResponseSchema,
    },
  },
  '/dev/jobs/servicing': {
    POST: {
      auth: 'public',
      summary: 'Выполнить фоновые задачи обслуживания сейчас, не дожидаясь их минуты (песочница)',
      description:
        'Начисления, выплаты после периода охлаждения, автоплатёж, возвраты, сверка со шлюзом и автоматические сообщения: один запуск, начатый после вызова; ответ — когда он закончен.',
      tags: ['Песочница'],
      errors: [],
      response: devServicingRunResponseSchema,
    },
  },
  '/dev/outbox': {
    GET: {
      auth: 'public',
      summary: 'Отправленные SMS и письма песочницы (новые сверху)',
      description: 'recipient — телефон в любом виде или e-mail; limit — до 100.',
      tags: ['Песочница'],
      errors: [],
      query: outboxQuerySchema,
      response: outboxResponseSchema,
    },
  },
  '/dev/bureau': {
    GET: {
      auth: 'public',
      summary: 'Песочница бюро кредитных историй: правила ответов и принятые события',
      tags: ['Песочница'],
      errors: [],
      response: devBureauResponseSchema,
    },
  },
  // The operator console's demo admin, shown on /dev/test (also in CRM_ENDPOINTS)
  '/dev/crm-demo': {
    GET: {
      auth: 'public',
      summary: 'Демо-администратор консоли оператора: логин, пароль, секрет TOTP и текущий код',
      tags: ['Песочница'],
      errors: [],
      response: crmDemoResponseSchema,
    },
  },
  // Calls the cabinet's screens do not make through the typed client: the register documents,
  // the last referer, the e-mail link, PDFs opened by link (api.getBinary)
  '/documents/register_documents': {
    GET: {
      auth: 'public',
      summary: 'Документы регистрации (ссылки на PDF)',
      description: 'link — путь от /api: GET /api/{link} отдаёт PDF.',
      tags: ['Документы'],
      errors: [],
      response: documentsListResponseSchema,
    },
  },
  '/documents/file/:kind': {
    GET: {
      auth: 'client',
      summary: 'Документ в PDF',
      description:
        'Документы регистрации открыты всем. Остальные — только владельцу (Bearer): ' +
        'с order_id — документ заявки (подписанный содержит запись о подписи), без него — ' +
        'заявление и согласие БКИ по выбору в калькуляторе; prolongation_agreement с order_id и ' +
        'payment_id — подписанное дополнительное соглашение; loan_statement с order_id и month ' +
        '(ГГГГ-ММ) — выписка по займу за месяц. Чужая заявка — 404.',
      tags: ['Документы'],
      errors: [400, 401, 404, ...DOCUMENT_NOT_READY],
      params: documentFileParamsSchema,
      query: documentFileQuerySchema,
      response: fileBytesSchema,
      produces: ['application/pdf'],
    },
  },
  '/loans/:orderId/prolongation/agreement': {
    GET: {
      auth: 'client',
      summary: 'Дополнительное соглашение о пролонгации (PDF) на выбранный срок',
      tags: ['Обслуживание займа'],
      errors: [400, 401, 404, 'LOAN_NOT_ACTIVE'],
      params: orderIdParamsSchema,
      query: prolongationAgreementQuerySchema,
      response: fileBytesSchema,
    },
  },
  // Before sign-up: the documents to read
  '/documents/public/:kind': {
    GET: {
      auth: 'public',
      summary: 'Документ для ознакомления до регистрации (PDF)',
      description:
        'Документы, которые просит принять регистрация (GET /registration/settings), и политика конфиденциальности.',
      tags: ['Регистрация'],
      errors: [404],
      params: publicDocumentParamsSchema,
      response: fileBytesSchema,
      produces: ['application/pdf'],
    },
  },
  '/clients/last_referer': {
    GET: {
      auth: 'client',
      summary: 'Параметры первого визита (utm и другие), сохранённые при регистрации',
      tags: ['Учётная запись'],
      errors: [401],
      response: lastRefererResponseSchema,
    },
  },
  // Files and attachments the answers link to; the gateway's notification; the health check
  '/files/get/:id': {
    GET: {
      auth: 'client',
      summary: 'Фотография клиента (изображение); чужой файл — 404',
      tags: ['Файлы'],
      errors: [400, 401, 404],
      params: fileIdParamsSchema,
      response: fileBytesSchema,
      produces: ['image/jpeg', 'image/png', 'image/webp'],
    },
  },
  '/pay/notify/best2pay': {
    POST: {
      auth: 'public',
      summary: 'Уведомление платёжного шлюза Best2Pay об операции (XML, подписано)',
      description: 'Вызывает шлюз, не клиент. Ответ «ok» — уведомление принято.',
      tags: ['Карты'],
      errors: [400, 503],
      body: best2payNotificationSchema,
      response: best2payNotificationAnswerSchema,
    },
  },
  '/documents/client_documents': {
    GET: {
      auth: 'client',
      summary: 'Все документы клиента: регистрация, заявки, договоры, пролонгации',
      description: `${'link — путь от /api: GET /api/{link} с токеном отдаёт PDF.'} signature — как и когда документ подписан (АСП или согласие).`,
      tags: ['Документы'],
      errors: [401],
      response: clientDocumentsResponseSchema,
    },
  },
  '/tickets/attachments/:id': {
    GET: {
      auth: 'client',
      summary: 'Файл из обращения; чужой файл — 404',
      description: 'PDF отдаётся для скачивания (attachment), фото — для показа (inline).',
      tags: ['Обращения'],
      errors: [400, 401, 404],
      params: ticketAttachmentParamsSchema,
      response: fileBytesSchema,
      produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    },
  },
  '/health': {
    GET: {
      auth: 'public',
      summary: 'Состояние сервера и базы данных',
      tags: ['Служебное'],
      errors: [503],
      response: healthResponseSchema,
    },
  },
  // Sandbox tools of testers and browser tests (sandbox mode only)
  '/dev/ping': {
    GET: {
      auth: 'public',
      summary: 'Проверка режима песочницы',
      tags: ['Песочница'],
      errors: [],
      response: devPingResponseSchema,
    },
  },
  '/dev/operator-link': {
    POST: {
      auth: 'public',
      summary: 'Ссылка оператора CRM для клиента (как npm run crm:link)',
      tags: ['Песочница'],
      errors: [400],
      body: devOperatorLinkRequestSchema,
      response: devOperatorLinkResponseSchema,
    },
  },
  '/dev/unsettled-money': {
    GET: {
      auth: 'public',
      summary: 'Сколько выплат, платежей и возвратов ещё не завершено',
      tags: ['Песочница'],
      errors: [],
      response: devUnsettledMoneyResponseSchema,
    },
  },
  '/dev/tickets/:id/reply': {
    POST: {
      auth: 'public',
      summary: 'Ответ оператора на обращение (как npm run crm:reply)',
      description: 'close: true закрывает обращение, иначе статус «Есть ответ».',
      tags: ['Песочница'],
      errors: [400, 404],
      params: ticketIdParamsSchema,
      body: devTicketReplyRequestSchema,
      response: devTicketReplyResponseSchema,
    },
  },
} as const satisfies EndpointTable;

export type Endpoints = typeof ENDPOINTS;
export type EndpointKey = EndpointKeyOf<Endpoints>;
export type EndpointPath = keyof Endpoints;

/** The paths that answer `method`. */
export type PathFor<M extends HttpMethod> = TablePathFor<Endpoints, M>;

export type Endpoint<P extends EndpointPath, M extends HttpMethod> = TableEndpoint<Endpoints, P, M>;

/** `:name` parameters of a path: `'/orders/:orderId/reject'` → `'orderId'`. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What the client sends as the JSON body (before the server's transforms). */
export type EndpointBody<P extends EndpointPath, M extends HttpMethod> = BodyOf<Endpoint<P, M>>;

/** The query string the route reads. */
export type EndpointQuery<P extends EndpointPath, M extends HttpMethod> = QueryOf<Endpoint<P, M>>;

/** The 200 answer, as it arrives. */
export type EndpointAnswer<P extends EndpointPath, M extends HttpMethod> = AnswerOf<Endpoint<P, M>>;

// ── The same for any table (this one, CRM_ENDPOINTS) ───────────────────────────────────────────

/** The paths of table `T` that answer `method`. */
export type TablePathFor<T, M extends HttpMethod> = {
  [P in keyof T]: M extends keyof T[P] ? P : never;
}[keyof T];

export type TableEndpoint<T, P extends keyof T, M extends HttpMethod> = M extends keyof T[P]
  ? T[P][M]
  : never;

/** The JSON body of one call's schemas (`body`, else `handlerBody`), as sent. */
export type BodyOf<E> = [E] extends [{ body: infer S extends z.ZodType }]
  ? z.input<S>
  : [E] extends [{ handlerBody: infer S extends z.ZodType }]
    ? z.input<S>
    : never;

/** The query string of one call's schemas, as sent. */
export type QueryOf<E> = [E] extends [{ query: infer S extends z.ZodType }] ? z.input<S> : never;

/** The 200 answer of one call's schemas, as it arrives. */
export type AnswerOf<E> = [E] extends [{ response: infer S extends z.ZodType }]
  ? z.output<S>
  : never;
