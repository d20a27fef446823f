import { z } from 'zod';
import { IDENTIFICATION_LEVELS } from '../../identification';
import { moneyStringSchema } from '../common';
import { clientDocumentSchema } from '../client-documents';
import { documentFileParamsSchema, loanInsuranceSchema } from '../loans';
import { crmBureauRequestSchema, crmCreditEventSchema } from './bureau';

/**
 * The console's view of a client. Read-only: every change a staff
 * member makes goes through its own call. Times are ISO strings (the console shows them in
 * Moscow time); money is the contract's decimal string of roubles with kopecks («12345.67»).
 */

export const crmClientIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /crm/clients/{id}/files/{fileId}: one photo of the client. */
export const crmFileParamsSchema = crmClientIdParamsSchema.extend({
  fileId: z.coerce.number().int().positive(),
});

/** GET /crm/clients/{id}/documents/file/{kind}: one PDF of the client. */
export const crmDocumentParamsSchema = crmClientIdParamsSchema.extend(
  documentFileParamsSchema.shape,
);

// ── Search ───────────────────────────────────────────────────────────────────────────────────────

export const CRM_SEARCH_LIMIT = 50;

/**
 * GET /crm/clients?q= — by phone (full or its first digits, any format: «+7 912…», «8912…»),
 * contract number («ЗМ-000042»), passport series and number (10 digits, spaces allowed), or
 * ФИО (surname first; each word a prefix: «Иван Петр»). At most CRM_SEARCH_LIMIT clients.
 */
export const crmClientSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Введите телефон, ФИО, номер договора или паспорта' })
    .trim()
    .min(2, 'Введите не меньше двух символов')
    .max(100, 'Слишком длинный запрос'),
});
export type CrmClientSearchQuery = z.infer<typeof crmClientSearchQuerySchema>;

export const crmClientSummarySchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  surname: z.string().nullable(),
  name: z.string().nullable(),
  patronymic: z.string().nullable(),
  birth_date: z.string().nullable(),
  /** Masked: «45 ** ***456»; null before the passport step. */
  passport_masked: z.string().nullable(),
  contract_numbers: z.array(z.string()),
  created_at: z.string(),
});
export type CrmClientSummary = z.infer<typeof crmClientSummarySchema>;

export const crmClientSearchResponseSchema = z.object({
  data: z.object({ clients: z.array(crmClientSummarySchema) }),
});
export type CrmClientSearchResponse = z.infer<typeof crmClientSearchResponseSchema>;

// ── The card: GET /crm/clients/:id ──────────────────────────────────────────────────────────────

export const crmIdentitySchema = z.object({
  /** The identity step the client is on (1–5; null before sign-up finished). */
  step: z.number().int().nullable(),
  personal: z
    .object({
      surname: z.string(),
      name: z.string(),
      patronymic: z.string().nullable(),
      birth_date: z.string(),
      birth_place: z.string().nullable(),
      gender: z.string().nullable(),
    })
    .nullable(),
  /** The passport with its series and number masked; POST …/passport shows it whole (audited). */
  passport: z
    .object({
      series_number_masked: z.string(),
      issue_date: z.string(),
      division_code: z.string(),
      issued_by: z.string(),
    })
    .nullable(),
  addresses: z
    .object({ registration: z.string().nullable(), residence: z.string().nullable() })
    .nullable(),
  work: z.record(z.string(), z.unknown()).nullable(),
  monthly_income: moneyStringSchema.nullable(),
  updated_at: z.string().nullable(),
});

export const crmPhotoSchema = z.object({
  id: z.number().int(),
  /** passport_main, passport_registration, selfie */
  kind: z.string(),
  created_at: z.string(),
  /** GET with the staff token: the image bytes. */
  url: z.string(),
});

export const crmConsentSchema = z.object({
  code: z.string(),
  /** Each act is a row: a consent given, or its withdrawal. */
  action: z.enum(['given', 'withdrawn']),
  document: z.string(),
  version: z.string(),
  accepted_at: z.string(),
  ip: z.string(),
});

export const crmCardSchema = z.object({
  id: z.number().int(),
  /** Masked only: «220000******0004». The full number is never stored. */
  pan_masked: z.string(),
  expiry: z.string(),
  payment_system: z.string(),
  is_active: z.boolean(),
  is_autopay: z.boolean(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

/** An SMS or e-mail sent to the client; one-time codes and sign-in links are blanked out. */
export const crmMessageSchema = z.object({
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sent_at: z.string(),
});

export const crmTicketSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_activity_at: z.string(),
  last_message: z
    .object({ author: z.string(), text: z.string(), created_at: z.string() })
    .nullable(),
});

/** A client document with the address the console opens it at (the staff token, a PDF). */
export const crmDocumentSchema = clientDocumentSchema.extend({ url: z.string() });

export const IDENTITY_SOURCES = ['client', 'esia', 'mismatch'] as const;
export type IdentitySource = (typeof IDENTITY_SOURCES)[number];

export const crmClientCardSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  phone_confirmed: z.boolean(),
  email: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  identity: crmIdentitySchema,
  photos: z.array(crmPhotoSchema),
  consents: z.array(crmConsentSchema),
  cards: z.array(crmCardSchema),
  documents: z.array(crmDocumentSchema),
  messages: z.array(crmMessageSchema),
  tickets: z.array(crmTicketSummarySchema),
  /** Credit-report requests before decisions, newest first. */
  bureau_requests: z.array(crmBureauRequestSchema),
  /** The credit-history events reported about the client, newest first. */
  credit_history: z.array(crmCreditEventSchema),
  /** How the client is identified (41-FZ) and where each identity step's data came from. */
  identification: z.object({
    level: z.enum(IDENTIFICATION_LEVELS),
    esia_linked: z.boolean(),
    /** client — typed by the client; esia — from Госуслуги (locked); mismatch — typed, differs. */
    sources: z.object({
      personal: z.enum(IDENTITY_SOURCES),
      passport: z.enum(IDENTITY_SOURCES),
      addresses: z.enum(IDENTITY_SOURCES),
    }),
  }),
});
export type CrmClientCard = z.infer<typeof crmClientCardSchema>;

export const crmClientCardResponseSchema = z.object({ data: crmClientCardSchema });
export type CrmClientCardResponse = z.infer<typeof crmClientCardResponseSchema>;

// ── Orders and loans: GET /crm/clients/:id/loans ───────────────────────────────────────────────

export const crmLedgerEntrySchema = z.object({
  id: z.number().int(),
  /** payout, interest, penalty, payment, prolongation_fee, refund, reversal, insurance_premium, write_off */
  kind: z.string(),
  amount: moneyStringSchema,
  entry_date: z.string(),
  allocated: z
    .object({
      penalty: moneyStringSchema,
      interest: moneyStringSchema,
      principal: moneyStringSchema,
    })
    .nullable(),
  /** The entry key this one reverses, if it is a reversal. */
  reverses: z.string().nullable(),
  payment_operation_id: z.number().int().nullable(),
  created_at: z.string(),
});

/** A money movement at the gateway: a repayment, a payout, a card binding, a refund. */
export const crmPaymentOperationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.string(),
  amount: moneyStringSchema,
  gateway: z.string(),
  gateway_order_id: z.string().nullable(),
  gateway_operation_id: z.string().nullable(),
  reference: z.string(),
  message: z.string().nullable(),
  /** For loan payments: repayment, prolongation, … */
  payment_type: z.string().nullable(),
  card_pan_masked: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const crmStatusEventSchema = z.object({
  /** ORDER_STATUS name, or MANUAL_REVIEW: the scoring sent the order to a specialist. */
  status: z.string(),
  at: z.string(),
  /** A decision taken by hand: the staff member's name and the reason they gave. */
  by: z.string().optional(),
  reason: z.string().optional(),
});

export const crmScoringSchema = z.object({
  approved: z.boolean(),
  rules: z.array(z.object({ rule: z.string(), passed: z.boolean(), detail: z.string() })),
  forced_by: z.string().nullable(),
  decided_at: z.string(),
});

/**
 * ПДН as scoring computed it (353-FZ art. 5.1): the percent, the monthly payments and the income it
 * was computed on, and why that income (Указание 6579-У: an unconfirmed income counts at most the
 * region's average from 01.01.2026).
 */
export const crmDebtLoadSchema = z.object({
  percent: z.string(),
  monthly_payments: moneyStringSchema,
  income: moneyStringSchema,
  income_basis: z.enum(['confirmed', 'declared', 'regional_average']),
  /**
   * The subject whose Росстат average the declared income was compared with («Республика Тыва»);
   * null when it was not compared or the country's average stood in for an unlisted region.
   */
  income_region: z.string().nullable(),
  /** The client had to sign the notice of the risk before the contract. */
  notice: z.boolean(),
});

export const crmOrderSchema = z.object({
  id: z.number().int(),
  status_id: z.number().int(),
  /** ORDER_STATUS name: NEW, APPROVED, GIVEN, … */
  status: z.string(),
  status_reason: z.string().nullable(),
  contract_number: z.string().nullable(),
  amount: moneyStringSchema,
  period: z.number().int(),
  day_percent: z.string(),
  return_sum: moneyStringSchema,
  insurance_total: moneyStringSchema,
  /** A paid-out loan's insurance, its refusal and the premium's refund (353-ФЗ ст. 7 ч. 2.7). */
  insurance: loanInsuranceSchema.nullable().optional(),
  payout_method: z.string(),
  due_date: z.string().nullable(),
  moratorium_until: z.string().nullable(),
  /** A signed loan's cooling-off (353-FZ art. 7 part 9.3): the ISO instant the money may go. */
  cooling_off_until: z.string().nullable().optional(),
  created_at: z.string(),
  /** The order's way so far, oldest first (created, decided, signed, given, repaid). */
  status_history: z.array(crmStatusEventSchema),
  scoring: crmScoringSchema.nullable(),
  debt_load: crmDebtLoadSchema.nullable().optional(),
  /** Every movement of the loan, oldest first. */
  ledger: z.array(crmLedgerEntrySchema),
  payments: z.array(crmPaymentOperationSchema),
  payouts: z.array(crmPaymentOperationSchema),
});
export type CrmOrder = z.infer<typeof crmOrderSchema>;

export const crmClientLoansResponseSchema = z.object({
  data: z.object({ orders: z.array(crmOrderSchema) }),
});
export type CrmClientLoansResponse = z.infer<typeof crmClientLoansResponseSchema>;

// ── Actions on a client ──────────────────────────────────────────────────────────────────────────

/** POST /crm/clients/:id/passport — the passport unmasked; audited «показ паспорта». */
export const crmPassportResponseSchema = z.object({
  data: z.object({
    series_number: z.string(),
    issue_date: z.string(),
    division_code: z.string(),
    issued_by: z.string(),
  }),
});
export type CrmPassportResponse = z.infer<typeof crmPassportResponseSchema>;

/**
 * POST /crm/clients/:id/operator-link — opens the client's cabinet in operator mode (a new tab)
 * under the staff member's name; audited. The link works once, until `expires_at`.
 */
export const crmOperatorLinkResponseSchema = z.object({
  data: z.object({ url: z.string(), expires_at: z.string() }),
});
export type CrmOperatorLinkResponse = z.infer<typeof crmOperatorLinkResponseSchema>;
