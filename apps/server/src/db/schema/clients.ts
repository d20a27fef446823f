import type { IdentificationLevel } from '@zaymo/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const clients = pgTable(
  'clients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Normalised as the contract's phoneSchema gives it: «+79123456789». */
    phone: text('phone').notNull().unique(),
    /** Proven by an SMS code (sign-up, sign-in by code, phone confirmation). */
    phoneConfirmed: boolean('phone_confirmed').notNull().default(false),
    email: text('email'),
    /** Set when the client opened the confirmation link sent to `email`; cleared when it changes. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * The operator whose session confirmed `email`, if one did: for 24 hours no sign-in
     * or reset link goes to such an address.
     */
    emailConfirmedByOperator: text('email_confirmed_by_operator'),
    /** argon2id PHC string; null until the client sets a password. */
    passwordHash: text('password_hash'),
    surname: text('surname'),
    name: text('name'),
    patronymic: text('patronymic'),
    /**
     * How the client was identified (41-ФЗ): self_entered, esia_confirmed (the questionnaire's
     * identity from a confirmed Госуслуги account) or esia_biometric (and ЕБС matched).
     */
    identificationLevel: text('identification_level')
      .$type<IdentificationLevel>()
      .notNull()
      .default('self_entered'),
    /** Identity step the client is on; 1 right after sign-up. */
    step: integer('step'),
    /** Query parameters of the first visit (utm and others), saved at sign-up. */
    referer: jsonb('referer').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The operator console's search: phone prefix, ФИО prefix (lower-case, ё as е).
  (table) => [
    index('clients_phone_prefix_idx').using('btree', sql`${table.phone} text_pattern_ops`),
    index('clients_fio_prefix_idx').using(
      'btree',
      sql`(replace(lower(${table.surname}), 'ё', 'е')) text_pattern_ops`,
      sql`(replace(lower(${table.name}), 'ё', 'е')) text_pattern_ops`,
    ),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
