import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { copyStatement, databaseUrlFor, runAdminStatement } from './test-database';

/**
 * A database a server process can open (a PGlite folder, or a PostgreSQL copy of the migrated
 * template in CI's PostgreSQL pass), for tests that start and stop real server processes.
 */
export interface ProcessDatabase {
  /** What the server process needs in its environment to open it. */
  readonly env: Record<string, string>;
  /** Opens it in this process (PGlite: only while no server process holds it). */
  open(): Promise<OpenDatabase>;
  remove(): Promise<void>;
}

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const source = inject('testDatabase');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-process-db-'));
  if (source.kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'pglite');
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ databaseUrl: null, pgliteDir, sandbox: true }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `zaymo_process_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(source.adminUrl, copyStatement(name, source.templateName));
  const databaseUrl = databaseUrlFor(source.adminUrl, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () =>
      openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), sandbox: true }),
    remove: async () => {
      await runAdminStatement(source.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
