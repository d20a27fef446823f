import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { clients } from './clients';

// ── Our side ───────────────────────────────────────────────────────────────────────────────────

/** refund: money of a loan payment the loan did not need, returned to the card (webapi/Reverse). */
/** insurance_refund: a refused insurance's premium paid to the client's card (a card payout). */
export const PAYMENT_OPERATION_KINDS = [
  'bind',
  'payment',
  'payout',
  'refund',
  'insurance_refund',
] as const;
export type PaymentOperationKind = (typeof PAYMENT_OPERATION_KINDS)[number];

/**
 * new: not registered at the gateway yet (no money can have moved); pending: registered, the
 * outcome is not known yet; failed: the gateway could not be asked at all, or never registered
 * it; expired: a gateway page the client left unpaid past its lifetime, or replaced by a newer
 * payment.
 */
export const PAYMENT_OPERATION_STATUSES = [
  'new',
  'pending',
  'approved',
  'declined',
  'failed',
  'expired',
] as const;
/** An operation whose money may still move: at most one loan payment per loan is in flight. */
export const IN_FLIGHT_STATUSES = ['new', 'pending'] as const satisfies PaymentOperationStatus[];
export type PaymentOperationStatus = (typeof PAYMENT_OPERATION_STATUSES)[number];

/** The 1 ₽ of a card binding goes back to the card once the card is stored. */
export const REVERSAL_STATUSES = ['pending', 'done', 'failed'] as const;
export type ReversalStatus = (typeof REVERSAL_STATUSES)[number];

function oneOf(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ');
}

/**
 * Every order we open at the payment gateway: card bindings now, payments and payouts
 * later. `reference` is what the gateway echoes back; `idempotency_key` makes a repeated request
 * find its first row instead of opening a second order.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<PaymentOperationKind>().notNull(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull().default('best2pay'),
    gatewayOrderId: text('gateway_order_id'),
    /** The operation that settled the order (the card page's, or a charge's). */
    gatewayOperationId: text('gateway_operation_id'),
    reference: text('reference').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status').$type<PaymentOperationStatus>().notNull(),
    /** Why it was declined or failed, in Russian, as the client was told. */
    message: text('message'),
    /** The card bound (bind) or charged / paid to (payment, payout). */
    cardId: bigint('card_id', { mode: 'number' }).references(() => cards.id),
    /** A binding: the page of our web app to return to afterwards. */
    referer: text('referer'),
    reversalStatus: text('reversal_status').$type<ReversalStatus>(),
    /** A loan's payment, payout or refund: the loan order it moves money for. */
    loanOrderId: bigint('loan_order_id', { mode: 'number' }),
    /** A refund: the payment operation whose money goes back. */
    refundOf: bigint('refund_of', { mode: 'number' }),
    /** A gateway page: after this moment it is no longer paid (closed as expired). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_operations_gateway_order_idx').on(table.gateway, table.gatewayOrderId),
    index('payment_operations_client_id_idx').on(table.clientId),
    // At most one money-moving loan payment per loan at a time, across every instance.
    uniqueIndex('payment_operations_one_payment_in_flight_idx')
      .on(table.loanOrderId)
      .where(sql.raw(`kind = 'payment' and status in (${oneOf(IN_FLIGHT_STATUSES)})`)),
    // One refund per payment, however many times the overpayment is noticed.
    uniqueIndex('payment_operations_refund_of_idx').on(table.refundOf),
    // The reconciliation job's scan: operations not final yet.
    index('payment_operations_unsettled_idx')
      .on(table.status, table.updatedAt)
      .where(sql.raw(`status in (${oneOf(IN_FLIGHT_STATUSES)})`)),
    check('payment_operations_kind_check', sql.raw(`kind in (${oneOf(PAYMENT_OPERATION_KINDS)})`)),
    check(
      'payment_operations_status_check',
      sql.raw(`status in (${oneOf(PAYMENT_OPERATION_STATUSES)})`),
    ),
    check('payment_operations_amount_check', sql`${table.amount} >= 0`),
  ],
);

export type PaymentOperationRow = typeof paymentOperations.$inferSelect;

/**
 * Every signed notification the gateway posted, once: the unique key makes a repeated one a
 * no-op, and its effect (a stored card, later a ledger entry) commits in the same transaction.
 * No card token and no card number here — only what identifies the operation and its outcome.
 */
export const gatewayNotifications = pgTable(
  'gateway_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: text('gateway').notNull().default('best2pay'),
    orderId: text('order_id').notNull(),
    operationId: text('operation_id').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull(),
    reference: text('reference'),
    /** What it changed: card_bound, declined, already_done, unknown_order, … */
    effect: text('effect').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('gateway_notifications_operation_idx').on(table.orderId, table.operationId),
  ],
);
