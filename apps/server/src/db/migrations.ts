import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { migrationFolders, selectRows, type Database } from './index';

/** The journal drizzle-kit writes next to the SQL files: one entry per migration, in order. */
interface Journal {
  entries: readonly { tag: string; when: number }[];
}

export function migrationJournal(folder: string): Journal {
  const file = path.join(folder, 'meta', '_journal.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Journal;
}

export interface MigrationStatus {
  /** Migrations this build ships (the sandbox folder's too in sandbox mode). */
  known: number;
  /** Of them, how many the database has not applied yet. */
  pending: number;
}

/** How many migrations this build ships: the main folder's, and the sandbox's in sandbox mode. */
export function knownMigrations(sandbox = false): number {
  return migrationFolders(sandbox).reduce(
    (sum, folder) => sum + migrationJournal(folder.migrationsFolder).entries.length,
    0,
  );
}

/** The main folder's, and in sandbox mode the sandbox folder's, summed. */
export async function migrationStatus(db: Database, sandbox = false): Promise<MigrationStatus> {
  let known = 0;
  let pending = 0;
  for (const folder of migrationFolders(sandbox)) {
    const status = await folderStatus(db, folder);
    known += status.known;
    pending += status.pending;
  }
  return { known, pending };
}

/**
 * Drizzle's migrator applies a migration when its journal time is later than the newest one the
 * database recorded (created_at of the folder's table in schema drizzle); the same rule counts
 * what is left. A database nobody migrated has no such table: everything is pending.
 */
async function folderStatus(db: Database, folder: MigrationConfig): Promise<MigrationStatus> {
  const { entries } = migrationJournal(folder.migrationsFolder);
  const table = sql.identifier(folder.migrationsTable ?? '__drizzle_migrations');
  const name = `drizzle.${folder.migrationsTable ?? '__drizzle_migrations'}`;
  const [present] = await selectRows<{ present: boolean }>(
    db,
    sql`select to_regclass(${name}) is not null as present`,
  );
  if (!present?.present) return { known: entries.length, pending: entries.length };
  const [newest] = await selectRows<{ created_at: string | null }>(
    db,
    sql`select max(created_at)::text as created_at from drizzle.${table}`,
  );
  const appliedUntil = Number(newest?.created_at ?? 0);
  const pending = entries.filter((entry) => entry.when > appliedUntil).length;
  return { known: entries.length, pending };
}
