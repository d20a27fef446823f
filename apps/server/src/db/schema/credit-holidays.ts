import {
  CREDIT_HOLIDAY_GROUNDS,
  CREDIT_HOLIDAY_STATUSES,
  type CreditHolidayGround,
  type CreditHolidayStatus,
} from '@zaymo/contract';
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
import { staff } from './staff';

const quoted = (values: readonly string[]): string =>
  values.map((value) => `'${value}'`).join(', ');

/**
 * Credit holiday requests (353-FZ art. 6.1-1, 377-FZ): asked by the client, decided by a risk
 * specialist. At most one pending or approved request a loan (once a loan). An approval records
 * the due dates before and after and the holiday's rate fixed for it.
 */
export const creditHolidays = pgTable(
  'credit_holidays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    ground: text('ground').$type<CreditHolidayGround>().notNull(),
    status: text('status').$type<CreditHolidayStatus>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    months: integer('months').notNull(),
    dueDateBefore: date('due_date_before', { mode: 'string' }).notNull(),
    dueDateAfter: date('due_date_after', { mode: 'string' }),
    /** The sum due on the new due date if nothing is paid, as the notice states it at approval. */
    dueOnNewDate: bigint('due_on_new_date', { mode: 'bigint' }),
    /** Percent a day of the holiday's days when lower than the contract's; null — the contract's. */
    dayPercent: text('day_percent'),
    reason: text('reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('credit_holidays_one_per_loan_idx')
      .on(table.orderId)
      .where(sql`${table.status} in ('pending', 'approved')`),
    index('credit_holidays_status_idx').on(table.status, table.id),
    index('credit_holidays_client_idx').on(table.clientId, table.id),
    check('credit_holidays_ground_check', sql.raw(`ground in (${quoted(CREDIT_HOLIDAY_GROUNDS)})`)),
    check(
      'credit_holidays_status_check',
      sql.raw(`status in (${quoted(CREDIT_HOLIDAY_STATUSES)})`),
    ),
    check('credit_holidays_months_check', sql`${table.months} > 0`),
  ],
);
export type CreditHolidayRow = typeof creditHolidays.$inferSelect;

/** The documents of a request, stored like ticket attachments (DATA_DIR/files, server names). */
export const creditHolidayDocuments = pgTable(
  'credit_holiday_documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    holidayId: bigint('holiday_id', { mode: 'number' })
      .notNull()
      .references(() => creditHolidays.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    storageName: text('storage_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('credit_holiday_documents_holiday_idx').on(table.holidayId)],
);
export type CreditHolidayDocumentRow = typeof creditHolidayDocuments.$inferSelect;
