import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_client_id_idx').on(table.clientId)],
);

export type SessionRow = typeof sessions.$inferSelect;
