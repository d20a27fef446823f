import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import { selectRows, type Database } from './index';

/** The journal drizzle-kit writes next to the SQL files: one entry per migration, in order. */
interface Journal {
  entries: readonly { tag: string; when: number }[];
}

export function migrationJournal(): Journal {
  const file = path.join(migrationsFolder(), 'meta', '_journal.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Journal;
}

export interface MigrationStatus {
  /** Migrations this build ships. */
  known: number;
  /** Of them, how many the database has not applied yet. */
  pending: number;
}

/**
 * Drizzle's migrator applies a migration when its journal time is later than the newest one the
 * database recorded (drizzle.__drizzle_migrations.created_at); the same rule counts what is left.
 * A database nobody migrated has no such table: everything is pending.
 */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const { entries } = migrationJournal();
  const [table] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table?.present) return { known: entries.length, pending: entries.length };
  const [newest] = await selectRows<{ created_at: string | null }>(
    db,
    sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const appliedUntil = Number(newest?.created_at ?? 0);
  const pending = entries.filter((entry) => entry.when > appliedUntil).length;
  return { known: entries.length, pending };
}
