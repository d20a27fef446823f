import type { AddressesStep, PassportStep, PersonalStep, WorkStep } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * What the client entered in the identity steps 1–4, one row per client, each step as the
 * contract's schema parsed it. The step the client is on lives in clients.step; photos (step 5)
 * are rows of client_files.
 */
export const clientIdentities = pgTable(
  'client_identities',
  {
    clientId: bigint('client_id', { mode: 'number' })
      .primaryKey()
      .references(() => clients.id, { onDelete: 'cascade' }),
    personal: jsonb('personal').$type<PersonalStep>(),
    passport: jsonb('passport').$type<PassportStep>(),
    addresses: jsonb('addresses').$type<AddressesStep>(),
    work: jsonb('work').$type<WorkStep>(),
    /** Step 4's income in kopecks, for scoring without parsing strings. */
    monthlyIncomeKopecks: bigint('monthly_income_kopecks', { mode: 'bigint' }),
    /** The personal ИНН (12 digits) the ФНС confirmed for the passport above (9-FZ of 13.02.2025). */
    inn: text('inn'),
    innCheckedAt: timestamp('inn_checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // The operator console's search by passport series and number.
  (table) => [
    index('client_identities_passport_idx').on(sql`(${table.passport} ->> 'series_number')`),
  ],
);

export type ClientIdentityRow = typeof clientIdentities.$inferSelect;
