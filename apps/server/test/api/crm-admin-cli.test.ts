import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db';
import { staff } from '../../src/db/schema';
import { serverPackageRoot } from '../../src/paths';
import { verifyPassword } from '../../src/services/accounts/passwords';

const run = promisify(execFile);
const TIMEOUT = 90_000;

/** `npm run crm:admin -- …` runs this: tsx src/cli/crm-admin.ts with the server's environment. */
async function crmAdmin(dataDir: string, args: string[]) {
  const root = serverPackageRoot();
  const tsx = path.join(root, '..', '..', 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await run(tsx, ['src/cli/crm-admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' },
      timeout: TIMEOUT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run crm:admin (PGlite in DATA_DIR)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'zaymo-crm-admin-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'creates the first admin and prints a generated password once; a second run refuses the login',
    async () => {
      const result = await crmAdmin(dataDir, ['--login', 'Ivanova', '--name', 'Иванова А.']);
      expect(result.code, result.stderr).toBe(0);
      const password = result.stdout.trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(result.stderr).toContain('«Иванова А.» (ivanova, роль admin');
      expect(result.stderr).not.toContain(password);

      const database = await openDatabase({
        databaseUrl: null,
        pgliteDir: path.join(dataDir, 'pglite'),
      });
      try {
        const [row] = await database.db.select().from(staff).where(eq(staff.login, 'ivanova'));
        expect(row).toMatchObject({ role: 'admin', name: 'Иванова А.', totpSecretSealed: null });
        expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);
      } finally {
        await database.close();
      }

      const again = await crmAdmin(dataDir, ['--login', 'ivanova', '--name', 'Другая']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Сотрудник с таким логином уже есть');
      const usage = await crmAdmin(dataDir, ['--login', 'petrov']);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Использование: npm run crm:admin');
    },
    3 * TIMEOUT,
  );
});
