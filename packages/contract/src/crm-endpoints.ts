import { okResponseSchema } from './api/accounts';
import {
  createStaffRequestSchema,
  crmDemoResponseSchema,
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
  crmClientCardResponseSchema,
  crmClientIdParamsSchema,
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

/**
 * Every JSON call the operator console (apps/crm) makes to /api: the same shape as ENDPOINTS (the
 * cabinet's table), kept apart so neither app's types carry the other's calls. The server
 * registers these very schema objects (test/api/contract-endpoints.test.ts checks it). Staff
 * routes need a staff token (`Authorization: Bearer crm_…`) except the two sign-in steps and the
 * sandbox's demo credentials.
 *
 * Outside the table (binary, opened with the staff token): GET /crm/audit.csv (same query as
 * /crm/audit; CSV, UTF-8 with BOM, `;`), GET /crm/clients/:id/files/:fileId (a photo), the
 * `url` of each document of the card (a PDF) and of each ticket attachment
 * (GET /crm/tickets/:id/attachments/:attachmentId).
 */
export const CRM_ENDPOINTS = {
  // Sign-in: password, then the authenticator app's code
  '/crm/auth/password': {
    POST: { body: crmPasswordRequestSchema, response: crmPasswordResponseSchema },
  },
  '/crm/auth/totp': { POST: { body: crmTotpRequestSchema, response: crmSessionResponseSchema } },
  '/crm/auth/logout': { POST: { response: okResponseSchema } },
  '/crm/me': { GET: { response: crmMeResponseSchema } },

  // Clients (operator and up)
  '/crm/clients': {
    GET: { query: crmClientSearchQuerySchema, response: crmClientSearchResponseSchema },
  },
  '/crm/clients/:id': {
    GET: { params: crmClientIdParamsSchema, response: crmClientCardResponseSchema },
  },
  '/crm/clients/:id/loans': {
    GET: { params: crmClientIdParamsSchema, response: crmClientLoansResponseSchema },
  },
  '/crm/clients/:id/passport': {
    POST: { params: crmClientIdParamsSchema, response: crmPassportResponseSchema },
  },
  '/crm/clients/:id/operator-link': {
    POST: { params: crmClientIdParamsSchema, response: crmOperatorLinkResponseSchema },
  },

  // Tickets inbox (operator and up); the reply is multipart like the cabinet's
  '/crm/tickets': { GET: { query: crmTicketsQuerySchema, response: crmTicketsResponseSchema } },
  '/crm/tickets/:id': {
    GET: { params: crmTicketIdParamsSchema, response: crmTicketResponseSchema },
  },
  '/crm/tickets/:id/messages': {
    POST: {
      params: crmTicketIdParamsSchema,
      multipart: true,
      response: crmTicketReplyResponseSchema,
    },
  },
  '/crm/tickets/:id/close': {
    POST: { params: crmTicketIdParamsSchema, response: crmTicketCloseResponseSchema },
  },

  // Manual-review queue (risk and up)
  '/crm/review': { GET: { response: crmReviewQueueResponseSchema } },
  '/crm/review/:orderId/decision': {
    POST: {
      params: crmReviewOrderParamsSchema,
      body: crmReviewDecisionRequestSchema,
      response: crmReviewDecisionResponseSchema,
    },
  },

  // Audit log and staff accounts (admin)
  '/crm/audit': { GET: { query: crmAuditQuerySchema, response: crmAuditResponseSchema } },
  '/crm/staff': {
    GET: { response: staffListResponseSchema },
    POST: { body: createStaffRequestSchema, response: staffMemberResponseSchema },
  },
  '/crm/staff/:id/block': {
    POST: { params: staffIdParamsSchema, response: staffMemberResponseSchema },
  },

  // Tariffs and settings (admin): every edit is a version and an audit entry
  '/crm/settings': { GET: { response: crmSettingsResponseSchema } },
  '/crm/settings/history': {
    GET: { query: crmSettingsHistoryQuerySchema, response: crmSettingsHistoryResponseSchema },
  },
  '/crm/settings/tariffs/:id': {
    POST: {
      params: crmSettingsIdParamsSchema,
      body: crmTariffEditSchema,
      response: crmTariffResponseSchema,
    },
  },
  '/crm/settings/insurances/:id': {
    POST: {
      params: crmSettingsIdParamsSchema,
      body: crmInsuranceEditSchema,
      response: crmInsuranceResponseSchema,
    },
  },
  '/crm/settings/partners/:id': {
    POST: {
      params: crmSettingsIdParamsSchema,
      body: crmPartnerEditSchema,
      response: crmPartnerResponseSchema,
    },
  },
  '/crm/settings/showcase-rules/:page': {
    POST: {
      params: crmShowcaseRuleParamsSchema,
      body: crmShowcaseRuleEditSchema,
      response: crmShowcaseRuleResponseSchema,
    },
  },
  '/crm/settings/moratorium': {
    POST: { body: crmMoratoriumEditSchema, response: crmMoratoriumResponseSchema },
  },
  '/crm/settings/bureau-wait': {
    POST: { body: crmBureauWaitSchema, response: crmBureauWaitResponseSchema },
  },

  // The credit bureau: what was reported, acknowledged, failing, near its deadline (risk and up)
  '/crm/bureau': { GET: { response: crmBureauOverviewResponseSchema } },

  // Sandbox only: the demo admin's credentials (404 in production)
  '/dev/crm-demo': { GET: { response: crmDemoResponseSchema } },
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
