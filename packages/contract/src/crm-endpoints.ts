import {
  creditHolidayFileParamsSchema,
  creditHolidayIdParamsSchema,
  crmCreditHolidayResponseSchema,
  crmCreditHolidaysQuerySchema,
  crmCreditHolidaysResponseSchema,
  crmDecideCreditHolidayRequestSchema,
} from './api/credit-holidays';
import { DOCUMENT_NOT_READY } from './api/errors';
import { okResponseSchema } from './api/accounts';
import {
  createStaffRequestSchema,
  crmMeResponseSchema,
  crmPasswordRequestSchema,
  crmPasswordResponseSchema,
  crmSessionResponseSchema,
  crmTotpRequestSchema,
  staffIdParamsSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
} from './api/crm/auth';
import { crmAuditQuerySchema, crmAuditResponseSchema } from './api/crm/audit';
import { crmBureauOverviewResponseSchema } from './api/crm/bureau';
import {
  crmAddPromiseRequestSchema,
  crmAddPromiseResponseSchema,
  crmAddProtectionRequestSchema,
  crmAddProtectionResponseSchema,
  crmAssignCollectorRequestSchema,
  crmAssignCollectorResponseSchema,
  crmCollectionLoanResponseSchema,
  crmCollectionOrderParamsSchema,
  crmCollectionsQuerySchema,
  crmCollectionsResponseSchema,
  crmCollectorsResponseSchema,
  crmLogContactRequestSchema,
  crmLogContactResponseSchema,
  crmProposeWaiverRequestSchema,
  crmWaiverDecisionRequestSchema,
  crmWaiverIdParamsSchema,
  crmWaiverResponseSchema,
  crmWaiversQuerySchema,
  crmWaiversResponseSchema,
} from './api/crm/collections';
import { crmLoanRemindersResponseSchema } from './api/crm/reminders';
import {
  crmClientCardResponseSchema,
  crmClientIdParamsSchema,
  crmDocumentParamsSchema,
  crmFileParamsSchema,
  crmClientLoansResponseSchema,
  crmClientSearchQuerySchema,
  crmClientSearchResponseSchema,
  crmOperatorLinkResponseSchema,
  crmPassportResponseSchema,
} from './api/crm/clients';
import {
  crmTicketCloseResponseSchema,
  crmTicketIdParamsSchema,
  crmTicketReplyResponseSchema,
  crmTicketResponseSchema,
  crmTicketsQuerySchema,
  crmTicketsResponseSchema,
  crmTicketAttachmentParamsSchema,
} from './api/crm/tickets';
import {
  crmReviewDecisionRequestSchema,
  crmReviewDecisionResponseSchema,
  crmReviewOrderParamsSchema,
  crmReviewQueueResponseSchema,
} from './api/crm/review';
import {
  crmBureauWaitResponseSchema,
  crmBureauWaitSchema,
  crmInsuranceEditSchema,
  crmInsuranceResponseSchema,
  crmMoratoriumEditSchema,
  crmMoratoriumResponseSchema,
  crmPartnerEditSchema,
  crmPartnerResponseSchema,
  crmSettingsHistoryQuerySchema,
  crmSettingsHistoryResponseSchema,
  crmSettingsIdParamsSchema,
  crmSettingsResponseSchema,
  crmShowcaseRuleEditSchema,
  crmShowcaseRuleParamsSchema,
  crmShowcaseRuleResponseSchema,
  crmTariffEditSchema,
  crmTariffResponseSchema,
} from './api/crm/settings';
import type { EndpointKeyOf, EndpointTable, HttpMethod } from './endpoint-spec';
import type { AnswerOf, BodyOf, QueryOf, TableEndpoint, TablePathFor } from './endpoints';
import { TICKET_UPLOAD_DESCRIPTION } from './api/tickets';
import { fileBytesSchema } from './api/common';
import { documentFileQuerySchema } from './api/loans';
import { ENDPOINTS } from './endpoints';

/**
 * Every call of the operator console (apps/crm) under /api: the same shape as ENDPOINTS (the
 * cabinet's table), kept apart so neither app's types carry the other's calls. The server
 * registers each route from its entry (apps/server/src/http/route.ts). Staff routes need a staff
 * token (`Authorization: Bearer crm_…`) except the two sign-in steps and the sandbox's demo
 * credentials. Downloads (`produces`) are opened by the links the answers give.
 */
export const CRM_ENDPOINTS = {
  // Sign-in: password, then the authenticator app's code
  '/crm/auth/password': {
    POST: {
      auth: 'public',
      summary: 'Консоль: вход сотрудника, шаг 1 — логин и пароль',
      description:
        'Верный пароль даёт билет на 5 минут для шага 2. При первом входе — enrollment: ' +
        'секрет и QR-код для приложения-аутентификатора. 5 неудач за 15 минут — STAFF_LOCKED.',
      tags: ['crm'],
      errors: [400, 401, 429],
      body: crmPasswordRequestSchema,
      response: crmPasswordResponseSchema,
    },
  },
  '/crm/auth/totp': {
    POST: {
      auth: 'public',
      summary: 'Консоль: вход сотрудника, шаг 2 — код из приложения',
      description: 'Билет шага 1 и 6 цифр; ответ — токен сессии сотрудника (crm_…).',
      tags: ['crm'],
      errors: [400, 401, 429],
      body: crmTotpRequestSchema,
      response: crmSessionResponseSchema,
    },
  },
  '/crm/auth/logout': {
    POST: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: выход',
      tags: ['crm'],
      errors: [401],
      response: okResponseSchema,
    },
  },
  '/crm/me': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: кто вошёл',
      tags: ['crm'],
      errors: [401],
      response: crmMeResponseSchema,
    },
  },

  // Clients (operator and up)
  '/crm/clients': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: поиск клиента',
      description:
        'По телефону (начало номера), ФИО (начала слов: «Иван Петр»), номеру договора ' +
        '(«ЗМ-000042»), серии и номеру паспорта. Не больше 50 клиентов.',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmClientSearchQuerySchema,
      response: crmClientSearchResponseSchema,
    },
  },
  '/crm/clients/:id': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: карточка клиента',
      description: 'Паспорт замаскирован (показ — POST …/passport); карты — только маска.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmClientIdParamsSchema,
      response: crmClientCardResponseSchema,
    },
  },
  '/crm/clients/:id/loans': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: заявки и займы клиента с движениями и платежами',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmClientIdParamsSchema,
      response: crmClientLoansResponseSchema,
    },
  },
  '/crm/clients/:id/passport': {
    POST: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: показать паспорт целиком (записывается в журнал)',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmClientIdParamsSchema,
      response: crmPassportResponseSchema,
    },
  },
  '/crm/clients/:id/operator-link': {
    POST: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: открыть кабинет клиента в режиме оператора',
      description:
        'Ссылка на короткую сессию оператора с именем сотрудника (как npm run crm:link); ' +
        'записывается в журнал.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 'OPERATOR_LINK_REFUSED'],
      params: crmClientIdParamsSchema,
      response: crmOperatorLinkResponseSchema,
    },
  },

  // Tickets inbox (operator and up); the reply is multipart like the cabinet's
  '/crm/tickets': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: обращения — сначала без ответа, затем по последнему сообщению',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmTicketsQuerySchema,
      response: crmTicketsResponseSchema,
    },
  },
  '/crm/tickets/:id': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: переписка по обращению с вложениями',
      description: 'Ответы не отмечаются прочитанными клиентом.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmTicketIdParamsSchema,
      response: crmTicketResponseSchema,
    },
  },
  '/crm/tickets/:id/messages': {
    POST: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: ответ клиенту (multipart: text, attachments)',
      description:
        `${TICKET_UPLOAD_DESCRIPTION} Ответ подписан именем сотрудника, обращение получает ` +
        'статус «Есть ответ» (как у npm run crm:reply); записывается в журнал.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 413, 415],
      params: crmTicketIdParamsSchema,
      response: crmTicketReplyResponseSchema,
      multipart: true,
    },
  },
  '/crm/tickets/:id/close': {
    POST: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: закрыть обращение (записывается в журнал)',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmTicketIdParamsSchema,
      response: crmTicketCloseResponseSchema,
    },
  },

  // Manual-review queue (risk and up)
  '/crm/review': {
    GET: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: заявки на ручной проверке, сначала самые старые',
      tags: ['crm'],
      errors: [401, 403],
      response: crmReviewQueueResponseSchema,
    },
  },
  '/crm/review/:orderId/decision': {
    POST: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: одобрить или отказать по заявке на ручной проверке',
      description:
        'Одобрение — как автоматическое (номер договора, предложение), отказ — с мораторием. ' +
        'Решение принимается один раз (второе — 409), пишется в журнал с причиной; ' +
        'клиенту уходит SMS. Одобрить нельзя (409) при самозапрете и ограничениях 545-ФЗ, ' +
        'а заявку, ждавшую бюро, — пока бюро не ответит.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 'BUREAU_SILENT', 'APPROVAL_UNLAWFUL', 'REVIEW_DECIDED'],
      params: crmReviewOrderParamsSchema,
      body: crmReviewDecisionRequestSchema,
      response: crmReviewDecisionResponseSchema,
    },
  },

  // Audit log and staff accounts (admin)
  '/crm/audit': {
    GET: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: журнал действий сотрудников',
      description: 'Новые сверху; next_cursor — для следующей страницы (cursor=…).',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmAuditQuerySchema,
      response: crmAuditResponseSchema,
    },
  },
  '/crm/staff': {
    GET: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: сотрудники',
      tags: ['crm'],
      errors: [401, 403],
      response: staffListResponseSchema,
    },
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: новый сотрудник',
      description:
        'Пароль — не короче 12 символов и не из распространённых; TOTP — при первом входе.',
      tags: ['crm'],
      errors: [400, 401, 403, 'STAFF_LOGIN_TAKEN'],
      body: createStaffRequestSchema,
      response: staffMemberResponseSchema,
    },
  },
  '/crm/staff/:id/block': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: заблокировать сотрудника (его сессии закрываются)',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 'STAFF_SELF_BLOCK'],
      params: staffIdParamsSchema,
      response: staffMemberResponseSchema,
    },
  },

  // Tariffs and settings (admin): every edit is a version and an audit entry
  '/crm/settings': {
    GET: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: тарифы, страховки, партнёры витрины отказа, мораторий',
      tags: ['crm'],
      errors: [401, 403],
      response: crmSettingsResponseSchema,
    },
  },
  '/crm/settings/history': {
    GET: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: история изменений одного тарифа или настройки (новые сверху)',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmSettingsHistoryQuerySchema,
      response: crmSettingsHistoryResponseSchema,
    },
  },
  '/crm/settings/tariffs/:id': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: изменить тариф',
      description:
        'Ставка — не больше 0,8 % в день (353-ФЗ, ст. 6 ч. 23). Заявки и займы, уже ' +
        'оформленные, сохраняют свою ставку; калькулятор показывает новый тариф через ' +
        'PUBLIC_DATA_CHECK_MS.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmSettingsIdParamsSchema,
      body: crmTariffEditSchema,
      response: crmTariffResponseSchema,
    },
  },
  '/crm/settings/insurances/:id': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: изменить страховку',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmSettingsIdParamsSchema,
      body: crmInsuranceEditSchema,
      response: crmInsuranceResponseSchema,
    },
  },
  '/crm/settings/partners/:id': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: изменить партнёра витрины отказа',
      description: 'Ссылка — только https://.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmSettingsIdParamsSchema,
      body: crmPartnerEditSchema,
      response: crmPartnerResponseSchema,
    },
  },
  '/crm/settings/showcase-rules/:page': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: правило витрины отказа (страница отказа или другие страницы)',
      tags: ['crm'],
      errors: [400, 401, 403],
      params: crmShowcaseRuleParamsSchema,
      body: crmShowcaseRuleEditSchema,
      response: crmShowcaseRuleResponseSchema,
    },
  },
  '/crm/settings/moratorium': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: мораторий после отказа, дней',
      description: 'Действует для отказов после изменения; уже назначенные не меняются.',
      tags: ['crm'],
      errors: [400, 401, 403],
      body: crmMoratoriumEditSchema,
      response: crmMoratoriumResponseSchema,
    },
  },
  '/crm/settings/bureau-wait': {
    POST: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: что делать с заявкой, если бюро кредитных историй не отвечает',
      description:
        'Заём без ответа бюро не выдаётся: заявка ждёт, скоринг повторяет запрос. Через ' +
        'minutes минут заявка отклоняется (refuse) или уходит на ручную проверку (review).',
      tags: ['crm'],
      errors: [400, 401, 403],
      body: crmBureauWaitSchema,
      response: crmBureauWaitResponseSchema,
    },
  },

  // The credit bureau: what was reported, acknowledged, failing, near its deadline (risk and up)
  '/crm/bureau': {
    GET: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: кредитная история в бюро — отправлено, принято, ошибки, сроки',
      description:
        'События кредитной истории (218-ФЗ, ст. 5): неподтверждённые бюро, с ошибкой, ' +
        'просроченные и те, чей срок (в рабочих днях по производственному календарю) — ' +
        'сегодня или в следующий рабочий день; последние 100 событий.',
      tags: ['crm'],
      errors: [401, 403],
      response: crmBureauOverviewResponseSchema,
    },
  },

  // Collections under 230-FZ (collector and up)
  '/crm/collections': {
    GET: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: просроченные займы, самые давние сверху',
      description:
        'Фильтры: bucket (1-7, 8-30, 31-60, 61-90, 90+ дней просрочки), collector ' +
        '(mine, none или id), q (номер договора, цифры телефона, начало фамилии); ' +
        'next_cursor — для следующей страницы. Дни считаются по московской дате сервера.',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmCollectionsQuerySchema,
      response: crmCollectionsResponseSchema,
    },
  },
  '/crm/collections/collectors': {
    GET: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: кому можно назначить просроченный заём',
      tags: ['crm'],
      errors: [401, 403],
      response: crmCollectorsResponseSchema,
    },
  },
  '/crm/collections/:orderId': {
    GET: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: просроченный заём — контакты, запреты, когда можно связаться',
      description:
        'channels — можно ли сейчас каждым способом связи по 230-ФЗ ст. 7 и 8 и, если нет, ' +
        'почему и с какого момента; часовой пояс — по региону адреса регистрации.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmCollectionOrderParamsSchema,
      response: crmCollectionLoanResponseSchema,
    },
  },
  '/crm/collections/:orderId/assign': {
    POST: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: назначить взыскателя (или снять назначение)',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 409],
      params: crmCollectionOrderParamsSchema,
      body: crmAssignCollectorRequestSchema,
      response: crmAssignCollectorResponseSchema,
    },
  },
  '/crm/collections/:orderId/contacts': {
    POST: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: записать контакт с должником (только если закон его разрешает)',
      description:
        'Звонок — не чаще 1 раза в сутки, 2 в неделю, 8 в месяц (230-ФЗ ст. 7 ч. 3 п. 3); ' +
        'SMS, письмо, голосовое — 2, 4, 16 (ч. 5 п. 2); с 8 до 22 в рабочие дни и с 9 до 20 ' +
        'в выходные по местному времени должника (ч. 3 п. 1, ч. 5 п. 1). Отказ — 409 с кодом ' +
        'CONTACT_LIMIT_REACHED, CONTACT_HOURS, CONTACT_REFUSED_BY_DEBTOR или ' +
        'CONTACT_PROTECTED_PERIOD и следующим разрешённым моментом в тексте.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 409],
      params: crmCollectionOrderParamsSchema,
      body: crmLogContactRequestSchema,
      response: crmLogContactResponseSchema,
    },
  },
  '/crm/collections/:orderId/promises': {
    POST: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: записать обещание оплатить (сумма и дата)',
      description:
        'Сумма — не больше долга на сегодня, дата — от сегодня до 30 дней вперёд (МСК). ' +
        'Обещание выполнено, когда платежи с дня обещания покрыли сумму, нарушено — когда ' +
        'дата прошла без этого.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmCollectionOrderParamsSchema,
      body: crmAddPromiseRequestSchema,
      response: crmAddPromiseResponseSchema,
    },
  },
  '/crm/collections/:orderId/protections': {
    POST: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: записать период, когда взаимодействие запрещено',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmCollectionOrderParamsSchema,
      body: crmAddProtectionRequestSchema,
      response: crmAddProtectionResponseSchema,
    },
  },
  '/crm/collections/:orderId/waivers': {
    POST: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: предложить списание пеней, процентов или всего долга',
      description:
        'Пени и проценты — не больше начисленного и не оплаченного на сегодня (409 ' +
        'WAIVER_ABOVE_OWED), весь долг — если он есть (409 WAIVER_NOTHING_OWED). Проводка ' +
        'появится только после согласования другим сотрудником с ролью risk или admin.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 409],
      params: crmCollectionOrderParamsSchema,
      body: crmProposeWaiverRequestSchema,
      response: crmWaiverResponseSchema,
    },
  },
  '/crm/waivers': {
    GET: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: «Согласование» — предложения о списании',
      description:
        'Без state — ждущие решения, старые первыми; state=approved или refused — решённые, ' +
        'новые первыми (до 100).',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmWaiversQuerySchema,
      response: crmWaiversResponseSchema,
    },
  },
  '/crm/waivers/:id/decision': {
    POST: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: согласовать или отклонить списание (второй сотрудник)',
      description:
        'Своё предложение решить нельзя — 403 WAIVER_OWN_PROPOSAL, даже администратору; ' +
        'решённое — 409 WAIVER_DECIDED. Согласование делает проводку списания (ключ ' +
        'waiver:<id>) под блокировкой займа; если платёж уже уменьшил долг — 409 ' +
        'WAIVER_DEBT_CHANGED или WAIVER_NOTHING_OWED. Заём закрывается, если долг стал 0.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 409],
      params: crmWaiverIdParamsSchema,
      body: crmWaiverDecisionRequestSchema,
      response: crmWaiverResponseSchema,
    },
  },

  // Credit holidays (353-FZ art. 6.1-1, 377-FZ): the risk specialist decides
  '/crm/credit-holidays': {
    GET: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: запросы на кредитные каникулы (status: pending, approved, refused)',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmCreditHolidaysQuerySchema,
      response: crmCreditHolidaysResponseSchema,
    },
  },
  '/crm/credit-holidays/:id/decide': {
    POST: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: одобрить или отклонить кредитные каникулы с причиной',
      description:
        'Одобрение меняет условия займа: дата платежа сдвигается на срок каникул, неустойка за ' +
        'дни каникул не начисляется (начисленная — сторнируется), взыскание не связывается с ' +
        'клиентом до конца каникул. 409 CREDIT_HOLIDAY_ALREADY_DECIDED, CREDIT_HOLIDAY_LOAN_CLOSED.',
      tags: ['crm'],
      errors: [400, 401, 403, 404, 409],
      params: creditHolidayIdParamsSchema,
      body: crmDecideCreditHolidayRequestSchema,
      response: crmCreditHolidayResponseSchema,
    },
  },
  '/crm/credit-holidays/:id/documents/:fileId': {
    GET: {
      auth: 'staff',
      role: 'risk',
      summary: 'Консоль: документ, приложенный к запросу на каникулы',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: creditHolidayFileParamsSchema,
      response: fileBytesSchema,
      produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    },
  },
  '/crm/collections/:orderId/reminders': {
    GET: {
      auth: 'staff',
      role: 'collector',
      summary: 'Консоль: автоматические сообщения по займу — отправленные и не отправленные',
      description:
        'Напоминания до срока, уведомление о просрочке и сообщения по дням просрочки: ' +
        'отправлено, ждёт разрешённого времени или не отправлено, с кодом и статьёй отказа.',
      tags: ['crm'],
      errors: [400, 401, 403],
      params: crmCollectionOrderParamsSchema,
      response: crmLoanRemindersResponseSchema,
    },
  },
  '/crm/clients/:id/credit-holidays': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: одобренные кредитные каникулы клиента, новые первыми',
      tags: ['crm'],
      errors: [400, 401, 403],
      params: crmClientIdParamsSchema,
      response: crmCreditHolidaysResponseSchema,
    },
  },
  '/crm/clients/:id/reminders': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: автоматические сообщения клиенту по всем его займам',
      tags: ['crm'],
      errors: [400, 401, 403],
      params: crmClientIdParamsSchema,
      response: crmLoanRemindersResponseSchema,
    },
  },

  // Sandbox only: the demo admin's credentials (404 in production)
  '/dev/crm-demo': ENDPOINTS['/dev/crm-demo'],
  // Downloads opened with the staff token: photos, PDFs, ticket files, the audit CSV
  '/crm/clients/:id/files/:fileId': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: фотография клиента (изображение)',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmFileParamsSchema,
      response: fileBytesSchema,
      produces: ['image/jpeg', 'image/png', 'image/webp'],
    },
  },
  '/crm/clients/:id/documents/file/:kind': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: документ клиента в PDF (url из карточки)',
      tags: ['crm'],
      errors: [400, 401, 403, 404, ...DOCUMENT_NOT_READY],
      params: crmDocumentParamsSchema,
      query: documentFileQuerySchema,
      response: fileBytesSchema,
      produces: ['application/pdf'],
    },
  },
  '/crm/audit.csv': {
    GET: {
      auth: 'staff',
      role: 'admin',
      summary: 'Консоль: журнал в CSV (UTF-8 с BOM, «;»), те же фильтры',
      tags: ['crm'],
      errors: [400, 401, 403],
      query: crmAuditQuerySchema,
      response: fileBytesSchema,
      produces: ['text/csv'],
    },
  },
  '/crm/tickets/:id/attachments/:attachmentId': {
    GET: {
      auth: 'staff',
      role: 'operator',
      summary: 'Консоль: файл из обращения (url из переписки)',
      description: 'PDF отдаётся для скачивания, фото — для показа; файл другого обращения — 404.',
      tags: ['crm'],
      errors: [400, 401, 403, 404],
      params: crmTicketAttachmentParamsSchema,
      response: fileBytesSchema,
      produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    },
  },
} as const satisfies EndpointTable;

export type CrmEndpoints = typeof CRM_ENDPOINTS;
export type CrmEndpointPath = keyof CrmEndpoints;
export type CrmEndpointKey = EndpointKeyOf<CrmEndpoints>;

/** The paths of the console's table that answer `method`. */
export type CrmPathFor<M extends HttpMethod> = TablePathFor<CrmEndpoints, M>;

export type CrmEndpoint<P extends CrmEndpointPath, M extends HttpMethod> = TableEndpoint<
  CrmEndpoints,
  P,
  M
>;

/** What the console sends as the JSON body (before the server's transforms). */
export type CrmEndpointBody<P extends CrmEndpointPath, M extends HttpMethod> = BodyOf<
  CrmEndpoint<P, M>
>;

/** The query string the route reads. */
export type CrmEndpointQuery<P extends CrmEndpointPath, M extends HttpMethod> = QueryOf<
  CrmEndpoint<P, M>
>;

/** The 200 answer, as it arrives. */
export type CrmEndpointAnswer<P extends CrmEndpointPath, M extends HttpMethod> = AnswerOf<
  CrmEndpoint<P, M>
>;
