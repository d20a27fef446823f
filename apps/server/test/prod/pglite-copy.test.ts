import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ordersResponseSchema } from '@zaymo/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db';
import { createTestApp } from '../helpers/test-app';
import {
  currentOrder,
  givenLoan,
  LONG_SESSIONS,
  paid,
  pay,
  type Loan,
} from '../api/servicing-helpers';
import { startServer, stopInstance, untilReady } from './cluster';

/*
 * The safe copy (docs/production.md) of an embedded (PGlite) installation. A server with a loan and
 * a part payment stops; its DATA_DIR is archived with tar as docs/production.md says, unpacked elsewhere,
 * and a new server process on the copy shows the borrower the same loan and balance.
 */

const APP_SECRET = 'prod-test-app-secret-of-32-characters-0003';

/** The loan as the borrower sees it: status and balance. */
function figures(order: { status_id: number; balance?: unknown }) {
  return { status: order.status_id, balance: order.balance };
}

/** Files under a folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('a copy of the PGlite data folder', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('taken with the server stopped (tar of DATA_DIR) opens in a new server with the same balance', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'zaymo-pglite-copy-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const live = path.join(root, 'live');
    const dataDir = path.join(live, 'zaymo');
    const env = { ...LONG_SESSIONS, APP_SECRET, DATA_DIR: dataDir };

    const original = await createTestApp({
      env,
      database: await openDatabase({
        databaseUrl: null,
        pgliteDir: path.join(dataDir, 'pglite'),
        sandbox: true,
      }),
    });
    let loan: Loan;
    let before: ReturnType<typeof figures>;
    try {
      loan = await givenLoan(original);
      const part = { type: 'part' as const, amount: '1500.00', card_id: loan.borrower.cardId ?? 0 };
      expect(paid(await pay(original, loan.borrower, loan.contract, part)).status).toBe('approved');
      before = figures(await currentOrder(original, loan));
    } finally {
      // The server stops: PGlite closes its folder and the lock file goes.
      await original.close();
    }
    expect(JSON.stringify(before.balance)).toContain('"total"');

    // docs/production.md, backups: tar czf zaymo-data.tgz -C /var/lib zaymo; restore by unpacking.
    const archive = path.join(root, 'zaymo-data.tgz');
    execFileSync('tar', ['czf', archive, '-C', live, 'zaymo']);
    const restored = path.join(root, 'restored');
    await mkdir(restored);
    execFileSync('tar', ['xzf', archive, '-C', restored]);
    const copy = path.join(restored, 'zaymo');
    const copied = await filesUnder(copy);
    expect(copied).toEqual(await filesUnder(dataDir));
    expect(copied.filter((file) => file.startsWith('pglite/')).length).toBeGreaterThan(0);
    // Taken with the server stopped: no lock of an open database travels with the copy.
    expect(copied).not.toContain('pglite.lock');

    const server = await startServer({
      ...env,
      DATA_DIR: copy,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(async () => {
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    });
    await untilReady(server);
    const answer = await fetch(`http://127.0.0.1:${server.port}/api/clients/orders`, {
      headers: loan.borrower.headers,
    });
    expect(answer.status).toBe(200);
    const order = ordersResponseSchema
      .parse(await answer.json())
      .data.data.data.find((item) => item.id === loan.order.id);
    if (!order) throw new Error('the loan is missing in the copy');
    expect(figures(order)).toEqual(before);
    expect(await stopInstance(server)).toBe(0);
  });
});
