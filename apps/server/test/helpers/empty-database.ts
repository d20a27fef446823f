import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openPglite, openPostgres, type OpenDatabase } from '../../src/db';
import { migrationsFolder } from '../../src/paths';
import { databaseUrlFor, runAdminStatement } from './test-database';

/*
 * An empty database of a test's own, to migrate from nothing or from an older build: PGlite in
 * memory, or a new PostgreSQL database in the PostgreSQL pass. Call dropEmptyDatabases in afterAll.
 */

export interface Empty {
  open(options: { sandbox: boolean; migrate?: false }): Promise<OpenDatabase>;
  /** Applies the main migrations up to (without) `tag`: a database of an older build. */
  migrateBefore(tag: string): Promise<void>;
}

const drops: (() => Promise<void>)[] = [];

/** Closes and drops every database and folder emptyDatabase made. */
export async function dropEmptyDatabases(): Promise<void> {
  for (const drop of drops.reverse()) await drop();
  drops.length = 0;
}

export async function emptyDatabase(): Promise<Empty> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const client = new PGlite();
    drops.push(() => client.close());
    return {
      // One client for every opening: closing it is the drop's job.
      open: async (options) => ({ ...(await openPglite(client, options)), close: async () => {} }),
      migrateBefore: async (tag) =>
        migratePglite(drizzlePglite({ client }), { migrationsFolder: await folderBefore(tag) }),
    };
  }
  const name = `zaymo_sandbox_${randomBytes(5).toString('hex')}`;
  await runAdminStatement(source.adminUrl, `CREATE DATABASE ${name}`);
  drops.push(() =>
    runAdminStatement(source.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
  const url = databaseUrlFor(source.adminUrl, name);
  return {
    open: (options) => openPostgres(url, options),
    migrateBefore: async (tag) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const migrationsFolder = await folderBefore(tag);
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
      } finally {
        await client.end();
      }
    },
  };
}

/** A copy of the main migrations folder whose journal ends before `tag`. */
async function folderBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'zaymo-migrations-'));
  drops.push(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end, tag).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}
