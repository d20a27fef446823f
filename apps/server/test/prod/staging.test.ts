import os from 'node:os';
import path from 'node:path';
import { crmPasswordResponseSchema } from '@zaymo/contract';
import { afterAll, describe, expect, it } from 'vitest';
import {
  documentedCommand,
  installSettings,
  JOURNEY_SETTINGS,
  migrateAsDocumented,
  runDocumented,
  startInstance,
  stopInstance,
  untilReady,
  type SettingsFile,
} from './cluster';
import { freshDatabase } from './databases';

/*
 * The console's demo admin (a published password and TOTP secret) never on a server: a production
 * start that asks for it refuses, a staging server (SANDBOX=true) has none, and its first admin
 * comes from step 9 of docs/production.md like production's.
 */

const APP_SECRET = 'prod-staging-app-secret-of-32-characters-1';

describe('a staging server and the console’s demo admin', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  async function settingsWith(extra: Record<string, string>): Promise<SettingsFile> {
    const database = await freshDatabase('zaymo_staging');
    cleanups.push(database.drop);
    const settings = await installSettings({
      DATABASE_URL: database.url,
      APP_SECRET,
      PUBLIC_URL: 'https://staging.zaymo.test',
      DATA_DIR: path.join(os.tmpdir(), `zaymo-staging-${process.pid}-${cleanups.length}`),
      ...JOURNEY_SETTINGS,
      ...extra,
    });
    cleanups.push(settings.remove);
    return settings;
  }

  it('a production start with SANDBOX_DEMO_ADMIN=true refuses in one Russian line', async () => {
    const settings = await settingsWith({ SANDBOX_DEMO_ADMIN: 'true' });
    const instance = await startInstance(settings);
    expect(await instance.exited).toBe(1);
    const lines = instance.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '') as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^Неверные переменные окружения: SANDBOX_DEMO_ADMIN: .*боевом режиме/);
  });

  it('SANDBOX=true has no demo admin; the first admin comes from npm run crm:admin', async () => {
    const settings = await settingsWith({});
    await migrateAsDocumented(settings);
    const instance = await startInstance(settings);
    cleanups.push(async () => {
      if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    });
    await untilReady(instance);
    const base = `http://127.0.0.1:${instance.port}`;
    expect((await fetch(`${base}/api/dev/outbox?recipient=%2B79990000000`)).status).toBe(200);
    expect((await fetch(`${base}/api/dev/crm-demo`)).status).toBe(404);
    expect(instance.output()).not.toMatch(/demo-admin/);

    const created = await runDocumented(await documentedCommand('crm:admin', settings));
    expect(created.code, created.output).toBe(0);
    const password = created.stdout.trim().split('\n').at(-1) ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    const signIn = await fetch(`${base}/api/crm/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'ivanova', password }),
    });
    expect(signIn.status).toBe(200);
    expect(crmPasswordResponseSchema.parse(await signIn.json()).data.totp).toBe('enroll');
    expect(await stopInstance(instance)).toBe(0);
  });
});
