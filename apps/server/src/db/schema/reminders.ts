import { REMINDER_KINDS, type ReminderKind } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { loanOrders } from './loans';

const quoted = (values: readonly string[]): string =>
  values.map((value) => `'${value}'`).join(', ');

export const REMINDER_ROW_STATES = ['pending', 'sent', 'dropped', 'failed'] as const;
export type ReminderRowState = (typeof REMINDER_ROW_STATES)[number];

/**
 * The automatic messages about a loan (services/notifications/reminders.ts): one row per
 * (loan, kind, due date, day), inserted before anything is sent, so however many instances and
 * runs plan it, it is sent at most once. A row waits (`pending`, `next_attempt_at`) while the
 * law's hours or limits refuse it, and ends `sent`, `dropped` (its window passed, the loan was
 * paid, or the law forbids contact) or `failed` (the provider refused). It is the message log of
 * what was refused and why; the text that went out is also in sent_messages.
 */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    /** The due date it is about (a prolongation moves it: a new reminder). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Days before the due date (before_due) or past it (overdue_notice, dunning). */
    day: integer('day').notNull(),
    /** The last Moscow date on which it may still go; after it the row is dropped. */
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    state: text('state').$type<ReminderRowState>().notNull().default('pending'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    refusalCode: text('refusal_code'),
    refusalReason: text('refusal_reason'),
    refusalLaw: text('refusal_law'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /** Channels it went by and the text, once sent. */
    channels: text('channels').array(),
    text: text('text'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('loan_reminders_key_idx').on(table.orderId, table.kind, table.dueDate, table.day),
    // The claim's order (next attempt, then id) read off the index: a batch of 100 reads 100 rows,
    // not every row due at the same moment to sort them.
    index('loan_reminders_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.state} = 'pending'`),
    index('loan_reminders_client_idx').on(table.clientId, table.id),
    check('loan_reminders_kind_check', sql.raw(`kind in (${quoted(REMINDER_KINDS)})`)),
    check('loan_reminders_state_check', sql.raw(`state in (${quoted(REMINDER_ROW_STATES)})`)),
  ],
);
export type LoanReminderRow = typeof loanReminders.$inferSelect;
