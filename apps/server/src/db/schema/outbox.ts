import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox's SMS and e-mail: messages that would have gone to a provider, readable at
 * GET /api/dev/outbox in sandbox mode.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient, table.id)],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
