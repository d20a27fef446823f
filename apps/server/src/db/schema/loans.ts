import {
  LEDGER_ENTRY_KINDS,
  ORDER_STATUS,
  type LedgerEntryKind,
  type OrderStatusId,
} from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { clients } from './clients';
import { paymentOperations } from './payments';
import { staff } from './staff';

/*
 * Loans: the tariffs and add-ons the calculator offers (seeded by a migration, edited in
 * the database), the orders with their whole life (NEW … GIVEN … REPAID), the scoring decision,
 * the signature record, the payout attempts and the append-only ledger.
 * Money is bigint kopecks; calendar dates are `date` as 'YYYY-MM-DD' strings.
 */

function quoted(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ');
}

export const tariffs = pgTable(
  'tariffs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The tariff of clients who have repaid a loan (GET /tariff/repeat). */
    isRepeat: boolean('is_repeat').notNull(),
    minSum: bigint('min_sum', { mode: 'bigint' }).notNull(),
    maxSum: bigint('max_sum', { mode: 'bigint' }).notNull(),
    sumStep: bigint('sum_step', { mode: 'bigint' }).notNull(),
    minPeriod: integer('min_period').notNull(),
    maxPeriod: integer('max_period').notNull(),
    periodStep: integer('period_step').notNull(),
    /** Percent a day as the contract writes it: «0.8». */
    dayPercent: text('day_percent').notNull(),
    period: text('period').notNull().default('Daily'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    check(
      'tariffs_bounds_check',
      sql`${table.minSum} > 0 and ${table.minSum} <= ${table.maxSum} and ${table.sumStep} > 0
        and ${table.minPeriod} > 0 and ${table.minPeriod} <= ${table.maxPeriod}
        and ${table.periodStep} > 0`,
    ),
  ],
);
export type TariffRow = typeof tariffs.$inferSelect;

/** Opt-in insurance add-ons (the answer's service.insurances); never pre-selected. */
export const insurances = pgTable('insurances', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: bigint('price', { mode: 'bigint' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});
export type InsuranceRow = typeof insurances.$inferSelect;

/** Partner offers of the refusal showcase (GET /clients/refusal-showcase-all). */
export const refusalPartners = pgTable('refusal_partners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  link: text('link').notNull(),
  maxSum: bigint('max_sum', { mode: 'bigint' }).notNull(),
  rateText: text('rate_text').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});
export type RefusalPartnerRow = typeof refusalPartners.$inferSelect;

export const SHOWCASE_PAGES = ['denied', 'other'] as const;
export type ShowcasePage = (typeof SHOWCASE_PAGES)[number];

/**
 * Where the showcase sends a client in a moratorium (spec §4): on the decline page
 * (is_on_page_denied_loan=1) and on other pages (0). A null partner shows no link.
 */
export const refusalShowcaseRules = pgTable(
  'refusal_showcase_rules',
  {
    page: text('page').$type<ShowcasePage>().primaryKey(),
    partnerId: integer('partner_id').references(() => refusalPartners.id),
    latencySeconds: integer('latency_seconds').notNull().default(0),
    windowToOpen: text('window_to_open').notNull(),
  },
  (table) => [
    check('refusal_showcase_rules_page_check', sql.raw(`page in (${quoted(SHOWCASE_PAGES)})`)),
    check(
      'refusal_showcase_rules_window_check',
      sql.raw(`window_to_open in ('in-same-window', 'in-new-window')`),
    ),
    check('refusal_showcase_rules_latency_check', sql`${table.latencySeconds} >= 0`),
  ],
);

/** Statuses of an order that is not finished: a client has at most one such order. */
export const LIVE_ORDER_STATUSES = [
  ORDER_STATUS.NEW,
  ORDER_STATUS.ACCEPTED,
  ORDER_STATUS.APPROVED,
  ORDER_STATUS.SIGNED,
  ORDER_STATUS.FAIL_TO_GIVE,
  ORDER_STATUS.GIVEN,
  ORDER_STATUS.EXPIRED,
] as const;

/** What the documents print about the borrower, frozen when the order is made. */
export interface ClientSnapshot {
  fullName: string;
  birthDate?: string;
  birthPlace?: string;
  passport?: {
    series: string;
    number: string;
    issueDate: string;
    issuedBy: string;
    divisionCode: string;
  };
  registrationAddress?: string;
  phone: string;
  email?: string;
  /** The ИНН the ФНС confirmed (9-FZ of 13.02.2025). */
  inn?: string;
}

/** A loan order and, from the payout on, the loan itself. */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').$type<OrderStatusId>().notNull(),
    tariffId: integer('tariff_id')
      .notNull()
      .references(() => tariffs.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    period: integer('period').notNull(),
    dayPercent: text('day_percent').notNull(),
    /** The quote when the order was made (quoteLoan): interest, sum to return, ПСК. */
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    returnSum: bigint('return_sum', { mode: 'bigint' }).notNull(),
    pskPercent: text('psk_percent').notNull(),
    pskAmount: bigint('psk_amount', { mode: 'bigint' }).notNull(),
    /** The chosen insurances' price: withheld from the payout, on the day of the loan. */
    insuranceTotal: bigint('insurance_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    clientSnapshot: jsonb('client_snapshot').$type<ClientSnapshot>().notNull(),
    contractNumber: text('contract_number').unique(),
    statusReason: text('status_reason'),
    /** Where the payout goes: the active card, or by phone through the СБП (a confirmed precheck). */
    payoutMethod: text('payout_method').$type<PayoutMethod>().notNull().default('card'),
    /** A refusal: the first day a new order may be made (the moratorium ends). */
    moratoriumUntil: date('moratorium_until', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * The cooling-off of the order's amount when it was made (353-FZ art. 7 part 9.3): the money
     * goes out this many hours after signing; 0 — at once.
     */
    coolingOffHours: integer('cooling_off_hours').notNull().default(0),
    /**
     * ПДН when the order was scored (353-FZ art. 5.1): percent with two decimals, the monthly
     * payments and the income it was computed on and why that income, and whether the borrower must sign
     * the notice of the risk before the contract.
     */
    debtLoadPercent: text('debt_load_percent'),
    debtLoadPayments: bigint('debt_load_payments', { mode: 'bigint' }),
    debtLoadIncome: bigint('debt_load_income', { mode: 'bigint' }),
    debtLoadIncomeBasis: text('debt_load_income_basis'),
    /** The subject whose Росстат average the income was compared with; null: the country's. */
    debtLoadIncomeRegion: text('debt_load_income_region'),
    debtLoadNotice: boolean('debt_load_notice').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Every status change; the scoring sweep finds stuck orders by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    givenAt: timestamp('given_at', { withTimezone: true }),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
  },
  (table) => [
    index('loan_orders_client_idx').on(table.clientId, table.id),
    index('loan_orders_status_updated_idx').on(table.statusId, table.updatedAt),
    // The collections queue: issued loans by due date, the longest overdue first (a page is a
    // range scan); GIVEN too, as a loan is overdue from the day after its due date even before
    // the accrual job marks it EXPIRED.
    index('loan_orders_overdue_idx')
      .on(table.dueDate, table.id)
      .where(sql.raw(`status_id in (${ORDER_STATUS.GIVEN}, ${ORDER_STATUS.EXPIRED})`)),
    // One open loan or unfinished order per client, whatever races the application code loses.
    uniqueIndex('loan_orders_one_live_per_client_idx')
      .on(table.clientId)
      .where(sql.raw(`status_id in (${LIVE_ORDER_STATUSES.join(', ')})`)),
    check('loan_orders_status_check', sql`${table.statusId} between 0 and 12`),
    check('loan_orders_payout_method_check', sql`${table.payoutMethod} in ('card', 'sbp')`),
    check('loan_orders_amount_check', sql`${table.amount} > 0 and ${table.period} > 0`),
    check('loan_orders_cooling_off_check', sql`${table.coolingOffHours} >= 0`),
  ],
);
export type LoanOrderRow = typeof loanOrders.$inferSelect;

export const orderInsurances = pgTable(
  'order_insurances',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.insuranceId] })],
);

/**
 * The client's refusal of a loan's insurance (353-ФЗ ст. 7 ч. 2.7): one per order (the primary
 * key), made with the queued refund of the premium in one transaction. The refund operation is
 * unique too, so no refusal pays back twice however many requests race.
 */
export const insuranceRefusals = pgTable('insurance_refusals', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => loanOrders.id, { onDelete: 'cascade' }),
  /** The premium refunded: every insurance of the order. */
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  /** The Moscow day of the application; the law's refund term counts from it. */
  appliedOn: date('applied_on', { mode: 'string' }).notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
  ip: text('ip').notNull(),
  paymentOperationId: bigint('payment_operation_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => paymentOperations.id),
});
export type InsuranceRefusalRow = typeof insuranceRefusals.$inferSelect;

/** One scoring decision per order, with every rule's outcome (for the risk team's audit). */
export interface ScoringRuleOutcome {
  rule: string;
  passed: boolean;
  detail: string;
}

export const orderScorings = pgTable('order_scorings', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => loanOrders.id, { onDelete: 'cascade' }),
  approved: boolean('approved').notNull(),
  rules: jsonb('rules').$type<ScoringRuleOutcome[]>().notNull(),
  /** The sandbox identity that forced the decision, if any. */
  forcedBy: text('forced_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
});

/**
 * Scoring's third outcome: an order a risk specialist decides by hand. The
 * order stays ACCEPTED; while `decision` is null it waits in the queue and the scoring (the
 * in-process run and the sweep) never takes it again. The decision writes order_scorings as the
 * automatic one does, with these rules and `sent_by` as what forced it.
 */
export const orderReviews = pgTable(
  'order_reviews',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    /** Why a person decides: the sandbox identity («surname:Проверкина») or the rule. */
    sentBy: text('sent_by').notNull(),
    rules: jsonb('rules').$type<ScoringRuleOutcome[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decision: text('decision').$type<'approve' | 'refuse'>(),
    /** The specialist's reason, as they wrote it. */
    reason: text('reason'),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('order_reviews_waiting_idx')
      .on(table.createdAt)
      .where(sql`${table.decision} is null`),
    check('order_reviews_decision_check', sql`${table.decision} in ('approve', 'refuse')`),
  ],
);
export type OrderReviewRow = typeof orderReviews.$inferSelect;

/** A document as signed: its kind, edition and the SHA-256 of the PDF bytes the client signed. */
export interface SignedDocument {
  kind: string;
  version: string;
  sha256: string;
}

/**
 * The АСП records of an order's contract (decisions §3). Several when the money did not go out
 * on the signing day and the client signed the re-made documents again: the latest is in force,
 * the earlier ones stay for audit.
 */
export const orderSignatures = pgTable(
  'order_signatures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    documents: jsonb('documents').$type<SignedDocument[]>().notNull(),
    /** The HMAC of the SMS code, as sms_codes keeps it: never the code. */
    codeHash: text('code_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    phone: text('phone').notNull(),
  },
  (table) => [index('order_signatures_order_idx').on(table.orderId, table.signedAt)],
);
export type OrderSignatureRow = typeof orderSignatures.$inferSelect;

export const PAYOUT_STATUSES = ['pending', 'approved', 'declined', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Payout attempts of an order. At most one pending or approved attempt per order (the partial
 * unique index): a second concurrent request cannot start another, and a paid order never pays
 * twice. A declined or failed attempt leaves room for a retry.
 */
export const PAYOUT_METHODS = ['card', 'sbp'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * A СБП payout's recipient check (Best2Pay SBPCreditPrecheck): the gateway order registered for
 * it, the bank and phone asked about, and the masked name the bank answered, which the client
 * confirms before any money is sent. One precheck pays out at most once (order_payouts.unique).
 */
export const sbpPrechecks = pgTable(
  'sbp_prechecks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    gatewayOrderId: text('gateway_order_id').notNull(),
    gatewayPrecheckId: text('gateway_precheck_id').notNull(),
    bankId: text('bank_id').notNull(),
    bankName: text('bank_name').notNull(),
    phone: text('phone').notNull(),
    /** As the bank answered it: «Иван Иванович И.». */
    recipientName: text('recipient_name').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sbp_prechecks_order_idx').on(table.orderId, table.id)],
);
export type SbpPrecheckRow = typeof sbpPrechecks.$inferSelect;

export const orderPayouts = pgTable(
  'order_payouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    /** «<client id>:<Idempotency-Key>»: a repeated request finds its attempt. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    paymentOperationId: bigint('payment_operation_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => paymentOperations.id),
    /** A payout to a card; null for a payout through the СБП. */
    cardId: bigint('card_id', { mode: 'number' }).references(() => cards.id),
    /** A payout through the СБП: the recipient check the client confirmed (used once). */
    sbpPrecheckId: bigint('sbp_precheck_id', { mode: 'number' })
      .unique()
      .references(() => sbpPrechecks.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('order_payouts_one_live_per_order_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('pending', 'approved')`),
    check('order_payouts_status_check', sql.raw(`status in (${quoted(PAYOUT_STATUSES)})`)),
    check(
      'order_payouts_destination_check',
      sql`(${table.cardId} is null) <> (${table.sbpPrecheckId} is null)`,
    ),
  ],
);
export type OrderPayoutRow = typeof orderPayouts.$inferSelect;

/**
 * The loan's append-only ledger (loan-math's entries). `entry_key` is the entry id of loan-math
 * («payout», «interest:2026-05-01», …): unique per order, so no entry is ever booked twice.
 */
export const loanLedger = pgTable(
  'loan_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    entryKey: text('entry_key').notNull(),
    kind: text('kind').$type<LedgerEntryKind>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** Payments: where the money went (penalty → interest → principal). */
    allocatedPenalty: bigint('allocated_penalty', { mode: 'bigint' }),
    allocatedInterest: bigint('allocated_interest', { mode: 'bigint' }),
    allocatedPrincipal: bigint('allocated_principal', { mode: 'bigint' }),
    /** Reversals: the entry_key of the entry cancelled. */
    reverses: text('reverses'),
    paymentOperationId: bigint('payment_operation_id', { mode: 'number' }).references(
      () => paymentOperations.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // Migration 0040 adds the columns the ledger's reads take (INCLUDE), so they scan the index only.
    uniqueIndex('loan_ledger_order_entry_idx').on(table.orderId, table.entryKey),
    check('loan_ledger_kind_check', sql.raw(`kind in (${quoted(LEDGER_ENTRY_KINDS)})`)),
    check('loan_ledger_amount_check', sql`${table.amount} > 0`),
  ],
);
export type LoanLedgerRow = typeof loanLedger.$inferSelect;

export const LOAN_PAYMENT_TYPES = ['full', 'part', 'prolongation', 'autopay'] as const;
export type LoanPaymentType = (typeof LOAN_PAYMENT_TYPES)[number];

/**
 * A payment operation that pays a loan. The ledger entry is booked when the operation is
 * approved, in the same transaction (settlePayment). A prolongation also holds the signature of
 * its additional agreement (АСП: the code's HMAC, never the code) and the terms it was quoted.
 */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    paymentOperationId: bigint('payment_operation_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => paymentOperations.id),
    type: text('type').$type<LoanPaymentType>().notNull(),
    prolongationDays: integer('prolongation_days'),
    /** The quoted new due date the client signed. */
    prolongationDueDate: date('prolongation_due_date', { mode: 'string' }),
    agreementCodeHash: text('agreement_code_hash'),
    agreementSignedAt: timestamp('agreement_signed_at', { withTimezone: true }),
    agreementIp: text('agreement_ip'),
    agreementSha256: text('agreement_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('loan_payments_order_idx').on(table.orderId),
    check('loan_payments_type_check', sql.raw(`type in (${quoted(LOAN_PAYMENT_TYPES)})`)),
  ],
);
export type LoanPaymentRow = typeof loanPayments.$inferSelect;

/** Autopay attempts: one per order and due date, whatever the number of job runs. */
export const autopayAttempts = pgTable(
  'autopay_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentOperationId: bigint('payment_operation_id', { mode: 'number' }).references(
      () => paymentOperations.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('autopay_attempts_order_due_idx').on(table.orderId, table.dueDate)],
);

/** Pay without signing in: every lookup (the per-IP limit counts these rows). */
export const loanpayLookups = pgTable(
  'loanpay_lookups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ip: text('ip').notNull(),
    /** The contract number asked for, found or not: failures are capped per contract too. */
    contractNumber: text('contract_number'),
    found: boolean('found').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('loanpay_lookups_ip_idx').on(table.ip, table.createdAt),
    index('loanpay_lookups_contract_idx').on(table.contractNumber, table.createdAt),
  ],
);

/** A short-lived pay token of a lookup: sha256 only; it pays one loan and nothing else. */
export const loanpayTokens = pgTable('loanpay_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  orderId: bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => loanOrders.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
