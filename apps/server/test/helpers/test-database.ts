import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  openPglite,
  openPostgres,
  type OpenDatabase,
  type OpenDatabaseOptions,
} from '../../src/db';

/** What global-setup prepared: a migrated PGlite snapshot, or a migrated PostgreSQL template. */
export type TestDatabaseSource =
  | { kind: 'pglite'; snapshotPath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** A fresh, migrated database of its own: a loaded snapshot or a copy of the template. */
export async function openTestDatabase(
  options: Pick<OpenDatabaseOptions, 'logger'> = {},
): Promise<OpenDatabase> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') return openPgliteFromSnapshot(source.snapshotPath, options);
  return openPostgresCopy(source.adminUrl, source.templateName, options);
}

async function openPgliteFromSnapshot(
  snapshotPath: string,
  options: Pick<OpenDatabaseOptions, 'logger'>,
): Promise<OpenDatabase> {
  const snapshot = new Blob([await readFile(snapshotPath)]);
  return openPglite(new PGlite({ loadDataDir: snapshot }), { ...options, sandbox: true });
}

async function openPostgresCopy(
  adminUrl: string,
  templateName: string,
  options: Pick<OpenDatabaseOptions, 'logger'>,
): Promise<OpenDatabase> {
  const name = `zaymo_test_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, copyStatement(name, templateName));
  const database = await openPostgres(databaseUrlFor(adminUrl, name), {
    ...options,
    sandbox: true,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runAdminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE copying the files: PostgreSQL 15's default writes every block of the
 * copy to the WAL, several times slower for the migrated template.
 */
export function copyStatement(name: string, templateName: string): string {
  return `CREATE DATABASE ${name} TEMPLATE ${templateName} STRATEGY FILE_COPY`;
}

export function databaseUrlFor(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** CREATE/DROP DATABASE cannot run in a transaction or a pool's prepared session: one client. */
export async function runAdminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
