import {
  CONTACT_CHANNELS,
  PROTECTION_KINDS,
  WAIVER_KINDS,
  WAIVER_STATES,
  type ContactChannel,
  type ProtectionKind,
  type WaiverKind,
  type WaiverState,
} from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { loanOrders } from './loans';
import { staff } from './staff';

const quoted = (values: readonly string[]): string =>
  values.map((value) => `'${value}'`).join(', ');

/** Who works an overdue loan: one collector per loan at most. */
export const collectionAssignments = pgTable(
  'collection_assignments',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    assignedBy: bigint('assigned_by', { mode: 'number' }).references(() => staff.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('collection_assignments_staff_idx').on(table.staffId, table.orderId)],
);

/**
 * Every contact with a debtor made about an overdue loan (230-FZ art. 7): what the limits count.
 * Append-only; a refused attempt is not a contact and is kept in crm_audit.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ContactChannel>().notNull(),
    /** Null for a message the dunning rules sent. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('collection_contacts_client_at_idx').on(table.clientId, table.at),
    index('collection_contacts_order_at_idx').on(table.orderId, table.at),
    check('collection_contacts_channel_check', sql.raw(`channel in (${quoted(CONTACT_CHANNELS)})`)),
  ],
);
export type CollectionContactRow = typeof collectionContacts.$inferSelect;

/**
 * Periods in which the law forbids contact with the client (hospital, bankruptcy, credit
 * holidays) or limits it (a refusal of interaction, a representative: 230-FZ art. 8).
 */
export const collectionProtections = pgTable(
  'collection_protections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProtectionKind>().notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    /** Null when the client filed it in the cabinet. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('collection_protections_client_idx').on(table.clientId),
    check('collection_protections_kind_check', sql.raw(`kind in (${quoted(PROTECTION_KINDS)})`)),
  ],
);

/** Promises to pay an overdue loan, made to a collector or in the cabinet. Append-only. */
export const collectionPromises = pgTable(
  'collection_promises',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Moscow dates: made on, to be paid by (inclusive). */
    madeOn: date('made_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** Null when the client made it in the cabinet. */
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('collection_promises_order_idx').on(table.orderId, table.id),
    check('collection_promises_amount_check', sql`${table.amount} > 0`),
  ],
);
export type CollectionPromiseRow = typeof collectionPromises.$inferSelect;

/**
 * Waivers and write-offs with two people: a proposal by one staff member, decided once by
 * another of role risk or admin. The approval's ledger entry is keyed `waiver:<id>`, so a decision
 * is booked once at most; the row changes only from pending to decided.
 */
export const collectionWaivers = pgTable(
  'collection_waivers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<WaiverKind>().notNull(),
    /** Penalty, interest: the sum to forgive; a write-off: what was owed when proposed. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    proposedBy: bigint('proposed_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    state: text('state').$type<WaiverState>().notNull().default('pending'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** What the approval's ledger entry forgave. */
    writtenOff: bigint('written_off', { mode: 'bigint' }),
  },
  (table) => [
    index('collection_waivers_state_idx').on(table.state, table.id),
    index('collection_waivers_order_idx').on(table.orderId, table.id),
    check('collection_waivers_kind_check', sql.raw(`kind in (${quoted(WAIVER_KINDS)})`)),
    check('collection_waivers_state_check', sql.raw(`state in (${quoted(WAIVER_STATES)})`)),
    check('collection_waivers_amount_check', sql`${table.amount} > 0`),
    check(
      'collection_waivers_checker_check',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
);
export type CollectionWaiverRow = typeof collectionWaivers.$inferSelect;

/** Call-backs the client asked for in the cabinet, at a moment 230-FZ art. 7 allows. */
export const collectionCallbacks = pgTable(
  'collection_callbacks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('collection_callbacks_order_idx').on(table.orderId, table.at)],
);
export type CollectionCallbackRow = typeof collectionCallbacks.$inferSelect;
