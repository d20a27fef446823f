import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { staff } from './staff';

/**
 * Settings an admin edits in the console that are not rows of their own: one
 * row (id 1). A null column means «as the server's configuration says» (MORATORIUM_DAYS).
 */
export const loanSettings = pgTable(
  'loan_settings',
  {
    id: integer('id').primaryKey(),
    moratoriumDays: integer('moratorium_days'),
  },
  (table) => [
    check('loan_settings_single_row_check', sql`${table.id} = 1`),
    check(
      'loan_settings_moratorium_check',
      sql`${table.moratoriumDays} is null or ${table.moratoriumDays} between 0 and 365`,
    ),
  ],
);

/** Kinds of item a settings change is about (the contract's CRM_SETTINGS_ENTITIES). */
export type SettingsEntity =
  'tariff' | 'insurance' | 'partner' | 'showcase_rule' | 'moratorium' | 'bureau_wait';

export type SettingsSnapshot = Record<string, string | number | boolean | null>;

/**
 * Every change of a tariff, an insurance, a partner, a showcase rule or the moratorium made in
 * the console: who, when, the item before and after (its wire form). Append-only.
 */
export const settingsChanges = pgTable(
  'settings_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text('entity').$type<SettingsEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    before: jsonb('before').$type<SettingsSnapshot>().notNull(),
    after: jsonb('after').$type<SettingsSnapshot>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('settings_changes_item_idx').on(table.entity, table.entityId, table.id)],
);
export type SettingsChangeRow = typeof settingsChanges.$inferSelect;
