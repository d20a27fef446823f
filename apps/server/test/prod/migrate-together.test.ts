import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db';
import { knownMigrations, migrationJournal, migrationStatus } from '../../src/db/migrations';
import { selectRows } from '../../src/db';
import { sql } from 'drizzle-orm';
import { migrationsFolder, serverPackageRoot } from '../../src/paths';
import { freshDatabase } from './databases';

/** `npm run db:migrate`'s program, as a process of its own: its exit code and output. */
function migrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: serverPackageRoot(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('npm run db:migrate', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('run three times at once on an empty PostgreSQL database, applies each migration once', async () => {
    const database = await freshDatabase('zaymo_migrate');
    drops.push(database.drop);
    const runs = await Promise.all([1, 2, 3].map(() => migrate({ DATABASE_URL: database.url })));
    const known = knownMigrations(true);
    for (const run of runs) {
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`Миграции применены: ${known} из ${known}, база PostgreSQL`);
    }
    const opened = await openPostgres(database.url, { migrate: false });
    try {
      expect(await migrationStatus(opened.db, true)).toEqual({ known, pending: 0 });
      const rows = await selectRows<{ hash: string }>(
        opened.db,
        sql`select hash from drizzle.__drizzle_migrations`,
      );
      expect(rows).toHaveLength(migrationJournal(migrationsFolder()).entries.length);
      expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    } finally {
      await opened.close();
    }
  });

  it('refuses a production start without DATABASE_URL in one Russian line naming it', async () => {
    const run = await migrate({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-32-characters-or-more',
      PUBLIC_URL: 'https://lk.zaymo.ru',
    });
    expect(run.code).toBe(1);
    expect(run.output.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Боевой режим \(NODE_ENV=production\): не задана переменная окружения DATABASE_URL/,
      ),
    ]);
  });
});
