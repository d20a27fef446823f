import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/**
 * Uploaded images, re-encoded. The bytes live in DATA_DIR/files under `storage_name`, a random
 * name the server made: nothing the client sent (file name, type) ever becomes part of a path.
 */
export const clientFiles = pgTable(
  'client_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** A photo kind of the contract (passport_main, passport_registration, selfie). */
    kind: text('kind').notNull(),
    storageName: text('storage_name').notNull().unique(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** SHA-256 of the stored (re-encoded) bytes, hex. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('client_files_client_kind_idx').on(table.clientId, table.kind, table.id)],
);

export type ClientFileRow = typeof clientFiles.$inferSelect;
