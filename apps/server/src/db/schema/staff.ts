import type { StaffRole } from '@zaymo/contract';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The operator console's staff. Their own tables: a staff session is never a client
 * session (sessions) and the reverse. The TOTP secret is sealed (AES-GCM under APP_SECRET).
 */
export const staff = pgTable('staff', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-case, unique. */
  login: text('login').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  /** argon2id PHC string. */
  passwordHash: text('password_hash').notNull(),
  /** Null until the first sign-in enrolls the authenticator app. */
  totpSecretSealed: text('totp_secret_sealed'),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
});

export type StaffRow = typeof staff.$inferSelect;

/**
 * The first step of a sign-in: a right password gives a short-lived ticket for the TOTP step.
 * SHA-256 only. On the first sign-in it holds the new, not yet confirmed TOTP secret (sealed).
 */
export const staffSignInTickets = pgTable('staff_sign_in_tickets', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  staffId: bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  enrollSecretSealed: text('enroll_secret_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * Every sign-in step tried (password or TOTP code), recorded as failed *before* it is checked,
 * under locks on the address and the login, and marked succeeded after: the lock-outs count these
 * rows, so parallel guesses can never be checked past a limit.
 */
export const staffSignInAttempts = pgTable(
  'staff_sign_in_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The login tried, also an unknown one. */
    login: text('login').notNull(),
    ip: text('ip').notNull(),
    step: text('step').$type<'password' | 'totp'>().notNull(),
    succeeded: boolean('succeeded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('staff_sign_in_attempts_login_idx').on(table.login, table.createdAt),
    index('staff_sign_in_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** Staff sessions: SHA-256 of the token (prefix `crm_`), short-lived (idle and absolute). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_staff_idx').on(table.staffId)],
);

/**
 * The console's audit log: every sign-in (and failure, lock-out) and every staff action on a
 * client. Append-only. `login` is the login a sign-in tried (also for unknown logins): the
 * lock-out counts failures by it. Partitioned by Moscow month of `created_at` (db/partitions.ts),
 * so its key includes `created_at`.
 */
export const crmAudit = pgTable(
  'crm_audit',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    /** The staff member's role at the time of the action. */
    role: text('role').$type<StaffRole>(),
    login: text('login'),
    action: text('action').notNull(),
    clientId: bigint('client_id', { mode: 'number' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.createdAt] }),
    index('crm_audit_created_idx').on(table.createdAt, table.id),
    index('crm_audit_staff_idx').on(table.staffId, table.id),
    index('crm_audit_client_idx').on(table.clientId, table.id),
    index('crm_audit_login_created_idx').on(table.login, table.createdAt),
    index('crm_audit_ip_created_idx').on(table.ip, table.createdAt),
  ],
);

export type CrmAuditRow = typeof crmAudit.$inferSelect;
