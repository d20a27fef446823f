import { API_ERRORS } from '@zaymo/contract';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db';
import { staff } from '../../src/db/schema';
import { verifyPassword } from '../../src/services/accounts/passwords';
import { CLI_TIMEOUT as TIMEOUT, runCli } from '../helpers/cli';

/** `npm run crm:admin -- …` runs this. */
const crmAdmin = (dataDir: string, args: string[]) => runCli('crm-admin.ts', dataDir, args);

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
        sandbox: true,
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
      expect(again.stderr).toContain(API_ERRORS.STAFF_LOGIN_TAKEN.message);
      const usage = await crmAdmin(dataDir, ['--login', 'petrov']);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('Использование: npm run crm:admin');
    },
    3 * TIMEOUT,
  );
});
