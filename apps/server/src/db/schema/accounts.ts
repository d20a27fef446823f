import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * The client's consents (152-FZ art. 9): each row is one act — a consent given to an edition of
 * a document, or its withdrawal — with when and from where. Rows are only ever added: the state
 * of a consent is its latest row.
 */
export const clientConsents = pgTable(
  'client_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** given or withdrawn. */
    action: text('action', { enum: ['given', 'withdrawn'] })
      .notNull()
      .default('given'),
    /** The document kind the consent refers to, e.g. personal_data_consent. */
    document: text('document').notNull(),
    version: text('version').notNull(),
    /** When the act happened: the consent given, or withdrawn. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('client_consents_client_code_idx').on(table.clientId, table.code, table.id)],
);

/**
 * One-time SMS codes. Only an HMAC of the code is stored. The rows are also the counters of the
 * resend pause and the hourly caps, so every server instance sees the same limits.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    /** The client the code is for, when known (phone change, signing). */
    clientId: bigint('client_id', { mode: 'number' }).references(() => clients.id, {
      onDelete: 'cascade',
    }),
    /** What a signing code signs (an order and its document set); null for other purposes. */
    subject: text('subject'),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_codes_phone_created_idx').on(table.phone, table.createdAt),
    index('sms_codes_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

export type ClientConsentRow = typeof clientConsents.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** Links sent by e-mail: confirm the address, reset the password, sign in. SHA-256 only. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link went to: confirming works only while the client still has it. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_tokens_client_created_idx').on(table.clientId, table.createdAt)],
);

/** Password sign-in attempts, the counter of the lock-out after repeated wrong passwords. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_attempts_phone_created_idx').on(table.phone, table.createdAt)],
);

/**
 * Guest account calls (codes, sign-up, resets, sign-in links), one row per call, recorded before
 * the phone is looked up: the per-phone and per-IP hourly caps count them, so the
 * answers cannot be used to list which phones are registered.
 */
export const guestAccountCalls = pgTable(
  'guest_account_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    call: text('call').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('guest_account_calls_phone_idx').on(table.phone, table.createdAt),
    index('guest_account_calls_ip_idx').on(table.ip, table.createdAt),
  ],
);
