import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { staff, staffSessions } from './staff';

/** Sign-in sessions. Only the SHA-256 of a token is stored, so a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** Set for a CRM operator's session opened on the client's behalf. */
    operatorName: text('operator_name'),
    /**
     * The staff member and console session that opened an operator session (null for the CLI and
     * the sandbox): their logout, a log-out everywhere or a block ends it too.
     */
    openedByStaffId: bigint('opened_by_staff_id', { mode: 'number' }).references(() => staff.id, {
      onDelete: 'set null',
    }),
    openedByStaffSessionId: bigint('opened_by_staff_session_id', { mode: 'number' }).references(
      () => staffSessions.id,
      { onDelete: 'set null' },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_client_id_idx').on(table.clientId),
    index('sessions_opened_by_staff_idx')
      .on(table.openedByStaffId)
      .where(sql`${table.openedByStaffId} is not null`),
  ],
);

export type SessionRow = typeof sessions.$inferSelect;
