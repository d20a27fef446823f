import { z } from 'zod';
import { RECURRENCE_PERIODS } from '../constants';
import { ORDER_STATUS_IDS, type OrderStatusId } from '../orders';
import { LEDGER_ENTRY_KINDS } from '../loan-math/ledger';
import { int4IdSchema, moneyStringSchema, safeText } from './common';
import { documentKindSchema, documentLinkSchema } from './documents';
import { smsCodeSchema } from './accounts';

/**
 * Loans: tariffs and the calculator, orders and their life, servicing: balances,
 * repayment, prolongation, history. Money is a decimal string of roubles on the wire
 * («12400.00»); parse it with `parseMoney` into kopecks, never into a float.
 */

// ── Tariffs (GET /tariff/default, GET /tariff/repeat) ──────────────────────────────────────────

export const tariffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** true for the tariff of clients who have repaid a loan. */
  is_repeat: z.boolean(),
  min_sum: moneyStringSchema,
  max_sum: moneyStringSchema,
  sum_step: moneyStringSchema,
  /** Term bounds in days. */
  min_period: z.number().int().positive(),
  max_period: z.number().int().positive(),
  period_step: z.number().int().positive(),
  /** Interest per day in percent, «0.8». */
  day_percent: z.string().regex(/^\d+(\.\d+)?$/),
  period: z.enum(RECURRENCE_PERIODS),
});
export type Tariff = z.infer<typeof tariffSchema>;

export const insuranceSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: moneyStringSchema,
});
export type Insurance = z.infer<typeof insuranceSchema>;

/** Spec: «answer tariffs and service.insurances». */
export const tariffsResponseSchema = z.object({
  data: z.object({
    tariffs: z.array(tariffSchema),
    service: z.object({ insurances: z.array(insuranceSchema) }),
    /**
     * Today in Moscow by the server's clock (the sandbox clock included), YYYY-MM-DD: the
     * calculator quotes a contract of this date, never of the browser's date.
     */
    today: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
});
export type TariffsResponse = z.infer<typeof tariffsResponseSchema>;

// ── Orders ─────────────────────────────────────────────────────────────────────────────────────

export const orderStatusIdSchema = z
  .number()
  .int()
  .refine((value): value is OrderStatusId => (ORDER_STATUS_IDS as number[]).includes(value));

export const pskSchema = z.object({
  /** «292.000» — percent a year, three decimals. */
  percent: z.string().regex(/^\d+\.\d{3}$/),
  amount: moneyStringSchema,
});

/** A dated payment of the loan's schedule and its parts. */
export const scheduledPaymentSchema = z.object({
  date: z.string(),
  principal: moneyStringSchema,
  interest: moneyStringSchema,
  penalty: moneyStringSchema,
  total: moneyStringSchema,
});
export type ScheduledPayment = z.infer<typeof scheduledPaymentSchema>;

/** Today's debt of a given loan, derived from its ledger. */
export const loanBalanceSchema = z.object({
  principal: moneyStringSchema,
  interest: moneyStringSchema,
  penalty: moneyStringSchema,
  total: moneyStringSchema,
  /** Positive: days left until the due date; negative: days overdue. */
  days_to_due: z.number().int(),
  /** Ours (353-FZ art. 10): the sum due on the due date if nothing is paid; null once overdue. */
  due_date_total: moneyStringSchema.nullable().optional(),
  /** Ours: all interest and penalty charged so far, against their legal cap (art. 5 part 24). */
  charged: moneyStringSchema.optional(),
  charges_cap: moneyStringSchema.optional(),
  /** Ours: the payment that ends the loan — on the due date, or today once overdue. */
  schedule: z.array(scheduledPaymentSchema).optional(),
});
export type LoanBalance = z.infer<typeof loanBalanceSchema>;

/** The premium's way back to the card after a refusal: queued, at the gateway, or final. */
export const INSURANCE_REFUND_STATUSES = ['queued', 'sending', 'refunded', 'declined'] as const;

export const insuranceRefusalSchema = z.object({
  /** YYYY-MM-DD (Moscow): the day of the application. */
  applied_on: z.string(),
  applied_at: z.string(),
  amount: moneyStringSchema,
  refund_status: z.enum(INSURANCE_REFUND_STATUSES),
  /** YYYY-MM-DD (Moscow): the day the premium reached the card; null until then. */
  refunded_on: z.string().nullable(),
  /** YYYY-MM-DD: the last day the law allows for the refund (working days after applied_on). */
  refund_due_by: z.string(),
});
export type InsuranceRefusal = z.infer<typeof insuranceRefusalSchema>;

export const loanInsuranceSchema = z.object({
  names: z.array(z.string()),
  premium: moneyStringSchema,
  refusal_last_day: z.string(),
  refusable: z.boolean(),
  /** Working days the law allows for the refund after a refusal (ст. 7 ч. 2.8–2.10). */
  refund_working_days: z.number().int(),
  refusal: insuranceRefusalSchema.nullable(),
});
export type LoanInsurance = z.infer<typeof loanInsuranceSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  status_id: orderStatusIdSchema,
  /** The contract number, set when the order is approved («ЗМ-000123»). */
  contract_number: z.string().nullable(),
  amount: moneyStringSchema,
  period: z.number().int(),
  day_percent: z.string(),
  tariff_id: z.number().int(),
  insurance_ids: z.array(z.number().int()),
  return_sum: moneyStringSchema,
  psk: pskSchema,
  created_at: z.string(),
  /** YYYY-MM-DD; from the payout on, the due date of the loan (prolongations move it). */
  due_date: z.string().nullable(),
  /**
   * YYYY-MM-DD, the contract's date: the day the money is provided. An approved offer: today
   * (the server's clock); signed: the signing day, which the payout must fall on; paid out: the
   * payout day. Null before approval and for refused orders.
   */
  contract_date: z.string().nullable(),
  /** YYYY-MM-DD, the due date the contract names: contract_date + period. */
  contract_due_date: z.string().nullable(),
  signed_at: z.string().nullable(),
  /**
   * Ours (353-FZ art. 7 part 9.3): a signed loan of 50 000 ₽ or more is paid out only after its
   * cooling-off — the ISO instant it ends; absent for a loan without one or once decided.
   */
  cooling_off_until: z.string().optional(),
  /**
   * Ours (353-FZ art. 5.1): the ПДН of this loan is above 50 % — its value in percent («62.00»);
   * the borrower reads and signs the notice of the risk (document debt_load_notice) with the
   * contract. Absent otherwise.
   */
  debt_load_notice: z.object({ percent: z.string() }).optional(),
  /**
   * Ours (353-ФЗ ст. 7 ч. 2.7–2.10): the insurance chosen with a paid-out loan, the last Moscow
   * day it may be refused (YYYY-MM-DD), whether it may be refused now on the server's clock, and
   * the refusal with its refund once made. Absent without insurance or before the payout.
   */
  insurance: loanInsuranceSchema.optional(),
  /** Ours: true while the cooling-off runs on the server's clock (the client may refuse). */
  cooling_off_running: z.boolean().optional(),
  given_at: z.string().nullable(),
  repaid_at: z.string().nullable(),
  /** Russian reason shown on refusal or a failed payout. */
  status_reason: z.string().nullable(),
  /** Ours: true while a specialist checks the order by hand (it stays ACCEPTED); absent otherwise. */
  manual_review: z.boolean().optional(),
  /**
   * Ours: true while the credit bureau has not answered (the order stays ACCEPTED and the
   * bureau is asked again: «проверяем кредитную историю»); absent otherwise.
   */
  credit_check_pending: z.boolean().optional(),
  /**
   * Ours: YYYY-MM-DD (Moscow), the day the bureau acknowledged our report that the loan was
   * repaid («Сведения о погашении переданы в бюро кредитных историй …»); absent until then.
   */
  closure_reported_on: z.string().optional(),
  /** Only for GIVEN and EXPIRED orders. */
  balance: loanBalanceSchema.nullable(),
  /** The card the money was (or is being) sent to; null before the payout. */
  payout_card: z.object({ id: z.number().int(), pan_masked: z.string() }).nullable().optional(),
  /** card: the payout goes to the active card; sbp: by phone through the СБП (payout_sbp). */
  payout_method: z.enum(['card', 'sbp']).optional(),
  /** The СБП recipient the client confirmed; null while the payout goes to a card. */
  payout_sbp: z
    .object({ bank_name: z.string(), recipient_name: z.string(), phone_masked: z.string() })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /clients/orders — spec: answer data.data.data is the list of orders (newest first). */
export const ordersResponseSchema = z.object({
  data: z.object({ data: z.object({ data: z.array(orderSchema) }) }),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** POST /orders/create (ours) — an order from the calculator choice. */
export const createOrderRequestSchema = z.object({
  tariff_id: int4IdSchema('Выберите тариф'),
  amount: moneyStringSchema,
  period: z.number({ error: 'Выберите срок займа' }).int().positive(),
  insurance_ids: z.array(int4IdSchema('Неверная страховка')).max(10).default([]),
  /** The pre-order documents the client accepted (kinds of the orders_docs group). */
  accepted_documents: z.array(z.string().max(64)).max(20),
});
export const orderResponseSchema = z.object({ data: z.object({ order: orderSchema }) });

export const orderIdParamsSchema = z.object({
  orderId: z.coerce
    .number({ error: 'Неверный номер заявки' })
    .int()
    .positive('Неверный номер заявки'),
});

/** POST /orders/verify — sign the contract (АСП) with the SMS code of purpose `sign`. */
export const verifyOrderRequestSchema = z.object({
  order_id: z.number({ error: 'Неверный номер заявки' }).int().positive(),
  code: smsCodeSchema,
});

/** GET clients/moratorium — spec §4: status true lets the client take a loan; false sends them to the decline page. */
export const moratoriumResponseSchema = z.object({
  data: z.object({ data: z.object({ status: z.boolean(), end_date: z.string().nullable() }) }),
});

export const WINDOW_TO_OPEN = ['in-same-window', 'in-new-window'] as const;

/** GET /clients/refusal-showcase?is_on_page_denied_loan=0|1 */
export const refusalShowcaseQuerySchema = z.object({
  is_on_page_denied_loan: z.enum(['0', '1'], { error: 'Неверный параметр витрины' }),
});
export const refusalShowcaseResponseSchema = z.object({
  data: z.object({
    params: z.object({
      link: z.string().nullable(),
      refusal_link_latency_in_seconds: z.number().int().min(0),
      window_to_open: z.enum(WINDOW_TO_OPEN),
    }),
  }),
});

/** GET /clients/refusal-showcase-all — partner offers shown to a refused client. */
export const partnerOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  link: z.string(),
  max_sum: moneyStringSchema,
  rate_text: z.string(),
});
export const refusalShowcaseAllResponseSchema = z.object({
  data: z.object({ offers: z.array(partnerOfferSchema) }),
});

/**
 * POST /orders/{orderId}/payout (ours) — the Idempotency-Key header: one random key per payout
 * attempt; repeating a request with the same key answers the same attempt and moves no money.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'Не передан заголовок Idempotency-Key' })
    .regex(
      /^[A-Za-z0-9_-]{8,128}$/,
      'Idempotency-Key — от 8 до 128 латинских букв, цифр, «-» и «_»',
    ),
});

/**
 * GET /documents/{register,preorder,contract}_documents and loan_documents/{ids}. A `link` is a
 * path under the API base (/api), «documents/file/individual_terms?order_id=42»: GET /{link}
 * answers the PDF.
 */
export const documentsListResponseSchema = z.object({
  data: z.array(documentLinkSchema.extend({ checked: z.boolean().optional() })),
});

const orderIdQuerySchema = z.coerce
  .number({ error: 'Неверный номер заявки' })
  .int()
  .positive('Неверный номер заявки');

/** GET /documents/contract_documents?order_id= — the contract of an approved order. */
export const contractDocumentsQuerySchema = z.object({ order_id: orderIdQuerySchema });

/**
 * The calculator choice a pre-order document (the application) is filled with before the order
 * exists; `insurance_ids` comma-joined. GET /documents/preorder_documents appends it to its links.
 */
export const calculatorChoiceQuerySchema = z.object({
  tariff_id: z.coerce.number().pipe(int4IdSchema('Выберите тариф')).optional(),
  amount: moneyStringSchema.optional(),
  period: z.coerce.number().int().positive().optional(),
  insurance_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'Неверный список страховок')
    .max(64)
    .optional(),
});

/** GET /documents/public/{kind} — a document to read before signing up (an unknown kind: 404). */
export const publicDocumentParamsSchema = z.object({
  kind: z.string().max(64, 'Документ не найден'),
});

/** GET /documents/file/{kind} — the PDF of one document: of an order, or before one exists. */
export const documentFileParamsSchema = z.object({ kind: documentKindSchema });
export const documentFileQuerySchema = calculatorChoiceQuerySchema.extend({
  order_id: orderIdQuerySchema.optional(),
  /** loan_statement: the month, YYYY-MM (Moscow); the current month when absent. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Укажите месяц в виде ГГГГ-ММ')
    .optional(),
  /** prolongation_agreement: the signed additional agreement of this loan payment. */
  payment_id: z.coerce
    .number({ error: 'Неверный номер платежа' })
    .int()
    .positive('Неверный номер платежа')
    .optional(),
});

// ── Servicing ──────────────────────────────────────────────────────────────────────────────────

export const PAYMENT_TYPES = ['full', 'part', 'prolongation'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * POST /pay/payment/{contract} — pay a loan: by the bound card `card_id` (charged by token) or
 * through the gateway page (no card_id → answer holds the page url). `prolongation` = days,
 * `asp_code` the SMS code signing the additional agreement, `document_agreements` the kinds agreed.
 * The spec's GET with a query string: a POST body, so the signing code never travels in an address
 * (access logs of every proxy, browser history keep those).
 */
export const payLoanRequestSchema = z.object({
  card_id: z.number().int().positive().optional(),
  type: z.enum(PAYMENT_TYPES, { error: 'Неверный вид платежа' }),
  payment_system_id: z.number().int().positive(),
  prolongation: z.number().int().positive().optional(),
  asp_code: smsCodeSchema.optional(),
  amount: moneyStringSchema.optional(),
  document_agreements: safeText().max(512).optional(),
});
export type PayLoanRequest = z.infer<typeof payLoanRequestSchema>;
/**
 * A СБП payment (payment_system_id=2, no card_id): the QR code to scan on a desktop, the same
 * link as a button on a phone (it opens the bank's app), and the gateway order whose status is
 * asked until final (GET /pay/callbackPayment?id=order_id, or /loanpay/callbackPayment).
 */
export const sbpPaymentSchema = z.object({
  order_id: z.string(),
  link: z.string(),
  /** The link as a QR code, an SVG document made on our server. */
  qr_svg: z.string(),
});
export type SbpPayment = z.infer<typeof sbpPaymentSchema>;

export const payLoanResponseSchema = z.object({
  data: z.object({
    status: z.enum(['approved', 'declined', 'pending', 'redirect', 'sbp']),
    /** The gateway page, when status is redirect; the СБП link when status is sbp. */
    url: z.string().nullable(),
    sbp: sbpPaymentSchema.nullable().optional(),
    message: z.string(),
    order: orderSchema.nullable(),
  }),
});

/** The path of POST /pay/payment/{contract}: the contract number («ЗМ-000123»). */
export const payLoanParamsSchema = z.object({
  contract: safeText().min(1, 'Укажите номер договора').max(64, 'Неверный номер договора'),
});

/** GET /loans/{orderId}/prolongation/agreement?days= (ours) — the additional agreement's PDF. */
export const prolongationAgreementQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Выберите срок продления' })
    .int()
    .positive('Выберите срок продления'),
});

/** Offered prolongation terms for the current loan. */
export const prolongationOptionSchema = z.object({
  days: z.number().int(),
  price: moneyStringSchema,
  new_due_date: z.string(),
});
export const prolongationOptionsResponseSchema = z.object({
  data: z.object({ options: z.array(prolongationOptionSchema) }),
});

/** Every kind of the loan-math ledger (insurance_premium: withheld from the payout; refund: money
 * a loan did not need, returned to the card). */
export const ledgerEntryKindSchema = z.enum(LEDGER_ENTRY_KINDS);

/**
 * History: every order with its status, every money movement, and the daily charges summed per
 * period (period_start … date, between the loan's movements), newest first.
 */
export const paymentHistoryItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  contract_number: z.string().nullable(),
  kind: ledgerEntryKindSchema,
  amount: moneyStringSchema,
  date: z.string(),
  /** Charges: the first day of the summed period; null (or absent) for a movement. */
  period_start: z.string().nullable().optional(),
});
export const historyResponseSchema = z.object({
  data: z.object({
    orders: z.array(orderSchema),
    payments: z.array(paymentHistoryItemSchema),
  }),
});

// ── Pay without signing in (payLoanpay) ────────────────────────────────────────────────────────

/** POST /loanpay/lookup (ours): the contract number and the borrower's birth date. */
export const loanpayLookupRequestSchema = z.object({
  contract_number: safeText({ error: 'Укажите номер договора' })
    .trim()
    .min(1, 'Укажите номер договора')
    .max(64, 'Неверный номер договора'),
  birth_date: z
    .string({ error: 'Укажите дату рождения' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Проверьте дату рождения'),
});
export type LoanpayLookupRequest = z.infer<typeof loanpayLookupRequestSchema>;

/**
 * The sum due and a short-lived pay token. The token goes in the X-Pay-Token header of
 * POST /loanpay/payment/{contract} (same body as POST /pay/payment, gateway page only) and
 * GET /loanpay/callbackPayment; it pays this one loan and opens nothing else.
 */
export const loanpayLookupResponseSchema = z.object({
  data: z.object({
    contract_number: z.string(),
    due_date: z.string().nullable(),
    balance: loanBalanceSchema,
    pay_token: z.string(),
    expires_at: z.string(),
  }),
});
export type LoanpayLookupResponse = z.infer<typeof loanpayLookupResponseSchema>;

export const LOANPAY_TOKEN_HEADER = 'x-pay-token';
export const loanpayHeadersSchema = idempotencyKeyHeadersSchema.extend({
  [LOANPAY_TOKEN_HEADER]: z
    .string({ error: 'Сначала найдите договор по номеру и дате рождения' })
    .regex(/^[A-Za-z0-9_-]{20,200}$/, 'Сначала найдите договор по номеру и дате рождения'),
});
export const loanpayTokenHeadersSchema = z.object({
  [LOANPAY_TOKEN_HEADER]: loanpayHeadersSchema.shape[LOANPAY_TOKEN_HEADER],
});
