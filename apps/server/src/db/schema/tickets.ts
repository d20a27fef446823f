import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Support tickets. The list needs each ticket's latest message and whether an answer is unread,
 * so the ticket row keeps the ids of its latest message, its latest operator message and the
 * latest message the client has seen (ids, not times: two messages may share a timestamp).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** A category code of the contract (loan, payment, cards, documents, personal_data, other). */
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    /** open | answered | closed. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The time of the latest message: the list is sorted by it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastOperatorMessageId: bigint('last_operator_message_id', { mode: 'number' }),
    /** The newest message the client has opened the ticket with (not an operator acting). */
    clientSeenMessageId: bigint('client_seen_message_id', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('tickets_client_activity_idx').on(table.clientId, table.lastActivityAt),
    // The console's inbox, read backwards: unanswered (open) first, then the
    // latest message first.
    index('tickets_inbox_idx').on(sql`(${table.status} = 'open')`, table.lastActivityAt, table.id),
  ],
);

export type TicketRow = typeof tickets.$inferSelect;

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** client | operator. */
    author: text('author').notNull(),
    /** The answering operator; for a client's message, the CRM operator who wrote it for them. */
    operatorName: text('operator_name'),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.id)],
);

export type TicketMessageRow = typeof ticketMessages.$inferSelect;

/**
 * Files of ticket messages. As with client_files, the bytes live in DATA_DIR/files under a name
 * the server made; `original_name` is the client's file name, cleaned, for display only.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    /** The owner, kept here so the download route checks ownership with one lookup. */
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    storageName: text('storage_name').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the stored bytes (re-encoded for images, as sent for PDFs), hex. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ticket_attachments_message_idx').on(table.messageId)],
);

export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;
