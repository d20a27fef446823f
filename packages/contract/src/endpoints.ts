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
} from './api/dev';
import {
  clientProfileResponseSchema,
  clientStepResponseSchema,
  filesBase64ResponseSchema,
  uploadFileResponseSchema,
  updateClientBodySchema,
  updateClientOrStepResponseSchema,
  updateClientQuerySchema,
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
} from './api/tickets';

/**
 * Every call the web app makes to /api: path (as the server registers it, `:name` parameters)
 * → method → schemas. The web client takes its types from here (`import type` only: no zod at
 * runtime in the browser); web tests build their MSW handlers from it and validate both ways.
 * Add a call here first, then its route, then its client function.
 */
export const ENDPOINTS = {
  // Settings and sign-up screens
  '/settings/get': { GET: { response: settingsResponseSchema } },
  '/registration/settings': { GET: { response: registrationSettingsResponseSchema } },
  '/dashboard/passwordSettings': { GET: { response: passwordSettingsResponseSchema } },

  // Accounts
  '/clients': { GET: { response: getClientResponseSchema } },
  '/clients/logout': { GET: { response: okResponseSchema } },
  '/clients/create': {
    POST: { body: createClientRequestSchema, response: sessionResponseSchema },
  },
  '/clients/login': { POST: { body: loginRequestSchema, response: sessionResponseSchema } },
  '/clients/verify_phone': {
    PATCH: { body: verifyPhoneRequestSchema, response: sessionResponseSchema },
  },
  '/clients/update': {
    // The handler parses the body by `?step=` (not on the route): `handlerBody` types it.
    PATCH: {
      query: updateClientQuerySchema,
      handlerBody: updateClientBodySchema,
      response: updateClientOrStepResponseSchema,
    },
  },
  '/clients/email/confirmation': { POST: { response: emailConfirmationSentResponseSchema } },
  '/clients/email/confirm': {
    POST: { body: confirmEmailRequestSchema, response: getClientResponseSchema },
  },
  '/clients/reset_by_email_url': {
    POST: { body: resetByEmailRequestSchema, response: resetByEmailResponseSchema },
  },
  '/clients/confirm_reset': {
    POST: { body: confirmResetRequestSchema, response: okResponseSchema },
  },
  '/clients/reset_by_sms': { POST: { body: resetBySmsRequestSchema, response: okResponseSchema } },
  '/clients/reset_by_sms/email_hint': {
    POST: { body: resetEmailByCodeRequestSchema, response: resetEmailHintResponseSchema },
  },
  '/clients/reset_by_sms/email_link': {
    POST: { body: resetEmailByCodeRequestSchema, response: resetEmailLinkResponseSchema },
  },
  '/clients/login-link': {
    POST: { body: loginLinkRequestSchema, response: loginLinkResponseSchema },
  },
  '/clients/social/exchange': {
    POST: { body: socialExchangeRequestSchema, response: sessionResponseSchema },
  },
  '/clients/:cid/phone-confirmation/request': {
    POST: {
      params: clientIdParamsSchema,
      body: phoneConfirmationRequestSchema,
      response: smsSentResponseSchema,
    },
  },
  '/clients/:cid/phone-confirmation/confirm': {
    PATCH: {
      params: clientIdParamsSchema,
      body: phoneConfirmationConfirmSchema,
      response: getClientResponseSchema,
    },
  },
  '/sms/send_una': { POST: { body: sendSmsGuestRequestSchema, response: smsSentResponseSchema } },
  '/sms/send': { POST: { body: sendSmsClientRequestSchema, response: smsSentResponseSchema } },

  // Identity (questionnaire, photos, suggestions)
  '/clients/step': { GET: { response: clientStepResponseSchema } },
  '/clients/profile': { GET: { response: clientProfileResponseSchema } },
  '/files/validate': { POST: { multipart: true, response: uploadFileResponseSchema } },
  '/files/base64': { GET: { response: filesBase64ResponseSchema } },
  '/clients/suggestions/fio': {
    GET: { query: fioSuggestionsQuerySchema, response: fioSuggestionsResponseSchema },
  },
  '/address-search': {
    GET: { query: addressSearchQuerySchema, response: addressSuggestionsResponseSchema },
  },
  '/clients/suggestions/party': {
    GET: { query: partySuggestionsQuerySchema, response: partySuggestionsResponseSchema },
  },
  '/clients/suggestions/fms_unit': {
    GET: { query: fmsUnitSuggestionsQuerySchema, response: fmsUnitSuggestionsResponseSchema },
  },
  '/clients/suggestions/email': {
    GET: { query: emailSuggestionsQuerySchema, response: emailSuggestionsResponseSchema },
  },

  // Cards and payment gateway returns
  '/clients/cards': { GET: { response: cardsResponseSchema } },
  '/clients/activate_card/:cardId': {
    POST: { params: cardIdParamsSchema, response: cardsChangedResponseSchema },
  },
  '/clients/autopay_card/:cardId': {
    POST: {
      params: cardIdParamsSchema,
      body: autopayCardRequestSchema,
      response: cardsChangedResponseSchema,
    },
  },
  '/clients/cards/:cardId': {
    DELETE: { params: cardIdParamsSchema, response: cardsChangedResponseSchema },
  },
  '/pay/link': { GET: { query: payLinkQuerySchema, response: payLinkResponseSchema } },
  '/pay/callback/best2pay': {
    POST: { query: payCallbackPaymentQuerySchema, response: best2payCallbackResponseSchema },
  },
  '/pay/callbackPayment': {
    GET: { query: payCallbackPaymentQuerySchema, response: payCallbackPaymentResponseSchema },
  },
  '/payment_system/payment': { GET: { response: paymentMethodsResponseSchema } },
  '/payment_system/payout': { GET: { response: paymentMethodsResponseSchema } },

  // Loans: calculator, orders, payout
  '/tariff/default': { GET: { response: tariffsResponseSchema } },
  '/tariff/repeat': { GET: { response: tariffsResponseSchema } },
  '/clients/orders': { GET: { response: ordersResponseSchema } },
  '/orders/create': { POST: { body: createOrderRequestSchema, response: orderResponseSchema } },
  '/orders/verify': { POST: { body: verifyOrderRequestSchema, response: orderResponseSchema } },
  '/orders/:orderId/reject': {
    POST: { params: orderIdParamsSchema, response: orderResponseSchema },
  },
  '/orders/:orderId/payout': {
    POST: { params: orderIdParamsSchema, response: orderResponseSchema },
  },
  '/sbp/banks': { GET: { response: sbpBanksResponseSchema } },
  '/orders/:orderId/sbp/precheck': {
    POST: {
      params: orderIdParamsSchema,
      body: sbpPrecheckRequestSchema,
      response: sbpPrecheckResponseSchema,
    },
  },
  '/orders/:orderId/payout_method': {
    PUT: {
      params: orderIdParamsSchema,
      body: payoutMethodRequestSchema,
      response: orderResponseSchema,
    },
  },
  '/clients/moratorium': { GET: { response: moratoriumResponseSchema } },
  '/clients/refusal-showcase': {
    GET: { query: refusalShowcaseQuerySchema, response: refusalShowcaseResponseSchema },
  },
  '/clients/refusal-showcase-all': { GET: { response: refusalShowcaseAllResponseSchema } },
  '/documents/preorder_documents': {
    GET: { query: calculatorChoiceQuerySchema, response: documentsListResponseSchema },
  },
  '/documents/contract_documents': {
    GET: { query: contractDocumentsQuerySchema, response: documentsListResponseSchema },
  },

  // Servicing: repayment, prolongation, history, pay by contract number
  '/pay/payment/:contract': {
    POST: {
      params: payLoanParamsSchema,
      body: payLoanRequestSchema,
      response: payLoanResponseSchema,
    },
  },
  '/loanpay/payment/:contract': {
    POST: {
      params: payLoanParamsSchema,
      body: payLoanRequestSchema,
      response: payLoanResponseSchema,
    },
  },
  '/loanpay/lookup': {
    POST: { body: loanpayLookupRequestSchema, response: loanpayLookupResponseSchema },
  },
  '/loanpay/callbackPayment': {
    GET: { query: payCallbackPaymentQuerySchema, response: payCallbackPaymentResponseSchema },
  },
  '/loans/:orderId/prolongation': {
    GET: { params: orderIdParamsSchema, response: prolongationOptionsResponseSchema },
  },
  '/clients/history': { GET: { response: historyResponseSchema } },

  // Client documents
  '/documents/client_docs': { GET: { response: clientDocsResponseSchema } },
  '/documents/loan_documents/:ids': {
    GET: { params: loanDocumentsParamsSchema, response: clientDocumentsResponseSchema },
  },

  // Tickets
  '/tickets/get': { GET: { response: ticketsListResponseSchema } },
  '/tickets/auth_create': { POST: { multipart: true, response: ticketResponseSchema } },
  '/tickets/:id': { GET: { params: ticketIdParamsSchema, response: ticketResponseSchema } },
  '/tickets/:id/messages': {
    POST: { params: ticketIdParamsSchema, multipart: true, response: ticketReplyResponseSchema },
  },

  // Sandbox tools (devtools panel; the server mounts them only in sandbox mode)
  '/dev/clock': {
    GET: { response: devClockResponseSchema },
    POST: { body: devClockMoveRequestSchema, response: devClockResponseSchema },
  },
  '/dev/outbox': { GET: { query: outboxQuerySchema, response: outboxResponseSchema } },
  '/dev/bureau': { GET: { response: devBureauResponseSchema } },
  // The operator console's demo admin, shown on /dev/test (also in CRM_ENDPOINTS)
  '/dev/crm-demo': { GET: { response: crmDemoResponseSchema } },
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
