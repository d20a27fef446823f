import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { loanOrders } from './loans';

/**
 * The pre-order documents (application, consent to a credit-bureau request) the client accepted
 * with an order: which kind, which edition, when and from where (152-FZ, 218-FZ art. 6).
 */
export const orderDocumentAcceptances = pgTable(
  'order_document_acceptances',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.kind] })],
);
export type OrderDocumentAcceptanceRow = typeof orderDocumentAcceptances.$inferSelect;
