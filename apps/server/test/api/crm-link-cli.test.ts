import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/db';
import { clients, sessions } from '../../src/db/schema';
import { hashSessionToken } from '../../src/services/sessions';
import { CLI_TIMEOUT as TIMEOUT, runCli } from '../helpers/cli';

/** `npm run crm:link -- …` runs this: tsx src/cli/crm-link.ts with the server's environment. */
const crmLink = (dataDir: string, args: string[]) =>
  runCli('crm-link.ts', dataDir, args, { PUBLIC_URL: 'https://lk.zaymo.test' });

describe('npm run crm:link (PGlite in DATA_DIR)', () => {
  let dataDir: string;
  let database: OpenDatabase | null = null;
  const phone = '+79990001122';
  const pgliteDir = () => path.join(dataDir, 'pglite');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-crm-cli-'));
    database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDir(), sandbox: true });
    await database.db.insert(clients).values({ phone });
  }, TIMEOUT);
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'explains in Russian that the database is busy while the server holds it',
    async () => {
      const result = await crmLink(dataDir, ['--phone', phone, '--operator', 'Петрова А.']);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain('База данных PGlite уже открыта другим процессом');
      expect(result.stderr).toContain('Остановите его');
    },
    TIMEOUT,
  );

  it(
    'prints the link of a 2-hour operator session once the database is free',
    async () => {
      await database?.close();
      database = null;
      const result = await crmLink(dataDir, [
        '--phone',
        '8 999 000-11-22',
        '--operator',
        'Петрова А.',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const url = new URL(result.stdout.trim());
      expect(`${url.origin}${url.pathname}`).toBe('https://lk.zaymo.test/');
      expect(url.searchParams.get('from_crm')).toBe('true');
      const token = url.searchParams.get('token') ?? '';
      expect(token.length).toBeGreaterThan(27);
      expect(result.stderr).toContain('Ссылка оператора «Петрова А.»');
      expect(result.stderr).not.toContain(token);

      database = await openDatabase({ databaseUrl: null, pgliteDir: pgliteDir(), sandbox: true });
      const [row] = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashSessionToken(token)));
      expect(row?.operatorName).toBe('Петрова А.');
      const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(lifetime).toBe(120 * 60_000);
      await database.close();
      database = null;
    },
    TIMEOUT,
  );

  it(
    'refuses missing arguments and unknown clients with a Russian message',
    async () => {
      const usage = await crmLink(dataDir, ['--phone', phone]);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Использование: npm run crm:link');
      const unknown = await crmLink(dataDir, ['--phone', '+79990009999', '--operator', 'Иванов']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('не найден');
    },
    TIMEOUT,
  );
});
