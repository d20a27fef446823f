import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SMS and e-mail the lender sent, through whichever provider, as staff may read it: one-time
 * codes and link tokens are replaced before the row is written (integrations/message-log.ts).
 * The operator console's message log reads it; the sandbox outbox is apart. Partitioned by Moscow
 * month of `sent_at` (db/partitions.ts), so its key includes `sent_at`.
 */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** The text without its codes and link tokens. */
    text: text('text').notNull(),
    /** The adapter that sent it: smsru, smtp, outbox. */
    provider: text('provider').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.sentAt] }),
    index('sent_messages_recipient_idx').on(table.recipient, table.id),
  ],
);

export type SentMessageRow = typeof sentMessages.$inferSelect;
