import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row whose version grows whenever public data (tariffs, insurances) changes: triggers of the
 * migration bump it, so an edit by any instance, migration or hand-written SQL is seen. Every
 * instance compares it with the version of its in-memory copies (services/public-data.ts).
 */
export const publicDataVersion = pgTable('public_data_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
