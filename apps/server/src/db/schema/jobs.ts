import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The day's work of a background job cut into id ranges (db/day-batches.ts): every instance
 * claims a range not yet done FOR UPDATE SKIP LOCKED, works it and marks it done in the same
 * transaction, so two instances share the day without doing a range twice, and a range whose
 * instance died is claimed again. Small: a row per range per day; older days are deleted.
 */
export const dayBatches = pgTable(
  'day_batches',
  {
    job: text('job').notNull(),
    /** The Moscow date (the server's clock, the sandbox's included) the work is for. */
    day: date('day', { mode: 'string' }).notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Rows the range's work took (loans accrued). */
    items: integer('items'),
  },
  (table) => [primaryKey({ columns: [table.job, table.day, table.firstId] })],
);
export type DayBatchRow = typeof dayBatches.$inferSelect;
