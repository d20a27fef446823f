import type { BUREAU_REQUEST_OUTCOMES, CreditHistoryEventKind } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { loanOrders } from './loans';

/*
 * The credit bureau: every request made before a decision and its answer, the УИд of each deal,
 * the credit-history events we owe the bureau (an outbox written in the same transaction as the
 * event), the risk team's setting for a bureau that does not answer, and the sandbox bureau's
 * own record of what it received.
 */

/** УИд сделки (= УИд обращения, 758-П): one per order, from its application on. */
export const bureauDeals = pgTable('bureau_deals', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => loanOrders.id, { onDelete: 'cascade' }),
  clientId: bigint('client_id', { mode: 'number' })
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' }),
  uid: text('uid').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type BureauRequestOutcome = (typeof BUREAU_REQUEST_OUTCOMES)[number];

/** What the scoring read of an answer, for the console: the facts the rules used. */
export interface BureauRequestSummary {
  selfBan: boolean;
  openObligations: number;
  /** Kopecks as a decimal string («12345.67»): the bureau's monthly payments of open loans. */
  monthlyPayments: string;
  overdueObligations: number;
}

/**
 * Every credit-report request (218-FZ art. 6): when, for which order, under which edition of the
 * client's consent, what went and came over the wire (the member's password blanked), and how it
 * ended. Append-only.
 */
export const bureauRequests = pgTable(
  'bureau_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    bureau: text('bureau').notNull(),
    /** The consent the request rests on: its edition and when the client accepted it. */
    consentVersion: text('consent_version').notNull(),
    consentAcceptedAt: timestamp('consent_accepted_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    outcome: text('outcome').$type<BureauRequestOutcome>().notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    summary: jsonb('summary').$type<BureauRequestSummary>(),
    requestXml: text('request_xml').notNull(),
    answerXml: text('answer_xml'),
  },
  (table) => [
    index('bureau_requests_order_idx').on(table.orderId, table.id),
    index('bureau_requests_client_idx').on(table.clientId, table.id),
    check(
      'bureau_requests_outcome_check',
      sql`${table.outcome} in ('answered', 'no_record', 'unavailable')`,
    ),
  ],
);
export type BureauRequestRow = typeof bureauRequests.$inferSelect;

/** Our kinds of reported event (each maps to a 758-П event code). */
export type CreditEventKind = CreditHistoryEventKind;

/**
 * The credit-history outbox: a row is written in the transaction of the event itself, and the
 * reporting job sends it (rows taken FOR UPDATE SKIP LOCKED, leased while in flight), retries
 * with backoff, and marks it acknowledged by the bureau's receipt. `event_uid` travels with the
 * event, so a resend after a crash is recognised by the bureau and counted once.
 */
export const creditHistoryEvents = pgTable(
  'credit_history_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventUid: text('event_uid').notNull().unique(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CreditEventKind>().notNull(),
    /** The 758-П event: 1.1, 1.2, 1.3, 1.4, 2.1, 2.2, 2.3, 2.5. */
    code: text('code').notNull(),
    /** The event as it will be sent (integrations/bureau CreditEvent, money as strings). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The deadline to report it (218-FZ art. 5 part 5) counts from here in working days. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Taken by a job run until then; another run takes it only after. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    documentNumber: text('document_number'),
    incomingNumber: text('incoming_number'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('credit_history_events_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.acknowledgedAt} is null`),
    index('credit_history_events_order_idx').on(table.orderId, table.id),
    index('credit_history_events_client_idx').on(table.clientId, table.id),
    index('credit_history_events_occurred_idx').on(table.occurredAt),
  ],
);
export type CreditHistoryEventRow = typeof creditHistoryEvents.$inferSelect;

/**
 * The risk team's choice for an order whose bureau does not answer: after `wait_minutes` it is
 * refused or sent to manual review. One row (id 1); a null column follows the configuration.
 */
export const bureauSettings = pgTable(
  'bureau_settings',
  {
    id: integer('id').primaryKey(),
    waitMinutes: integer('wait_minutes'),
    waitAction: text('wait_action').$type<'refuse' | 'review'>(),
  },
  (table) => [
    check('bureau_settings_single_row_check', sql`${table.id} = 1`),
    check(
      'bureau_settings_wait_check',
      sql`(${table.waitMinutes} is null or ${table.waitMinutes} between 1 and 10080)
        and (${table.waitAction} is null or ${table.waitAction} in ('refuse', 'review'))`,
    ),
  ],
);
