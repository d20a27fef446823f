import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPackageRoot } from './paths';

/*
 * Every line the server writes is JSON, its refusals to start included (journald and log
 * shippers read them as such). The server is started as a process of its own (src/main.ts with
 * tsx's loader) and everything it writes, on stdout and stderr, is read back.
 */

interface Run {
  code: number | null;
  lines: string[];
}

function start(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverPackageRoot(),
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('exit', (code) => resolve({ code, lines: output.trim().split('\n') })),
  );
}

function parsed(line: string): { level: number; msg: string; err?: { message: string } } {
  return JSON.parse(line) as { level: number; msg: string; err?: { message: string } };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-production-secret-of-32-characters-or-more',
  PUBLIC_URL: 'https://lk.zaymo.ru',
  BUREAU_NBKI_URL: 'https://icrs.nbki.ru',
  BUREAU_NBKI_MEMBER_CODE: 'AB01CD000000',
  BUREAU_NBKI_USER: 'zaymo',
  BUREAU_NBKI_PASSWORD: 'bureau-password',
  BUREAU_NBKI_SIGNER_URL: 'http://127.0.0.1:8800',
};

describe('the server’s own lines are JSON', () => {
  // A "PostgreSQL" that hangs up on every connection, as a server going down does.
  let hangsUp: Server;
  let port = 0;
  beforeAll(async () => {
    hangsUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangsUp.listen(0, '127.0.0.1', resolve));
    const address = hangsUp.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => hangsUp.close(() => resolve())));

  it('a start whose database hangs up: one fatal JSON line naming the failure', async () => {
    const run = await start({
      ...PRODUCTION,
      DATABASE_URL: `postgres://zaymo:secret@127.0.0.1:${port}/zaymo`,
    });
    expect(run.code).toBe(1);
    const entries = run.lines.map(parsed);
    const last = entries.at(-1);
    expect(last).toMatchObject({ level: 60, msg: 'Сервер не запустился' });
    expect(last?.err?.message).toMatch(/Connection terminated|ECONNRESET/);
    expect(run.lines.join('\n')).not.toContain('secret@');
  });

  it('a production start without its settings: one fatal JSON line in Russian', async () => {
    const run = await start({
      ...PRODUCTION,
      DATABASE_URL: 'postgres://127.0.0.1/zaymo',
      PUBLIC_URL: '',
    });
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(parsed(run.lines[0] ?? '')).toMatchObject({
      level: 60,
      msg: expect.stringMatching(/^Боевой режим \(NODE_ENV=production\): не задана переменная/),
    });
  });

  it('a production start without a credit bureau: refused in one Russian line', async () => {
    const { BUREAU_NBKI_URL: _url, ...withoutBureau } = PRODUCTION;
    const run = await start({
      ...withoutBureau,
      DATABASE_URL: `postgres://zaymo:secret@127.0.0.1:${port}/zaymo`,
    });
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(parsed(run.lines[0] ?? '')).toMatchObject({
      level: 60,
      msg: expect.stringMatching(
        /^Боевой режим \(NODE_ENV=production\): не подключено бюро кредитных историй — задайте BUREAU_NBKI_URL/,
      ),
    });
  });

  it('a production start with the console’s demo admin asked for: refused in Russian', async () => {
    const run = await start({
      ...PRODUCTION,
      DATABASE_URL: `postgres://zaymo:secret@127.0.0.1:${port}/zaymo`,
      SANDBOX: 'true',
      SANDBOX_DEMO_ADMIN: 'true',
    });
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(parsed(run.lines[0] ?? '').msg).toMatch(/SANDBOX_DEMO_ADMIN: .*npm run crm:admin$/);
  });
});
