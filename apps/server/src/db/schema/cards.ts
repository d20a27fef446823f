import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Cards bound to a client through the gateway. Never a full card number or CVC: the masked
 * number, the expiry, and the gateway's token — sealed (AES-GCM under APP_SECRET), since the
 * token lets us charge the card. At most one active, undeleted card per client (the index).
 */
export const cards = pgTable(
  'cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull().default('best2pay'),
    /** The gateway's card token, sealed; only the services that charge or pay out open it. */
    tokenSealed: text('token_sealed').notNull(),
    /** «220000******0004» */
    panMasked: text('pan_masked').notNull(),
    /** «MM/YY» */
    expiry: text('expiry').notNull(),
    holder: text('holder'),
    paymentSystem: text('payment_system').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    isAutopay: boolean('is_autopay').notNull().default(false),
    /** When the client last switched autopay on or off (their consent to automatic charges). */
    autopayChangedAt: timestamp('autopay_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Soft delete: the card stays for the history of its operations. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('cards_client_id_idx').on(table.clientId),
    uniqueIndex('cards_one_active_per_client_idx')
      .on(table.clientId)
      .where(sql`${table.isActive} and ${table.deletedAt} is null`),
  ],
);

export type CardRow = typeof cards.$inferSelect;
