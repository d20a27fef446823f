import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const clients = pgTable('clients', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Normalised as the contract's phoneSchema gives it: «+79123456789». */
  phone: text('phone').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ClientRow = typeof clients.$inferSelect;
