import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, paid, pay, type Loan } from '../api/servicing-helpers';
import { freshDatabase } from './databases';

/*
 * The backup of PostgreSQL in docs/production.md (pg_dump -Fc) and restore (pg_restore into an
 * empty database), done here with Debian's tools on a database holding loans: every loan's
 * balance, as the API computes it, is the same after the restore.
 */

function postgresTool(name: string): string {
  const bin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'])
    .toString()
    .trim();
  return path.join(bin, name);
}

async function balances(testApp: TestApp, loans: Loan[]): Promise<unknown[]> {
  const result: unknown[] = [];
  for (const loan of loans) {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/orders',
      headers: loan.borrower.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const order = answer
      .json<{ data: { data: { data: { id: number; balance: unknown; status_id: number }[] } } }>()
      .data.data.data.find((item) => item.id === loan.order.id);
    result.push({ id: loan.order.id, status: order?.status_id, balance: order?.balance });
  }
  return result;
}

describe('backup and restore of PostgreSQL', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('pg_dump, then pg_restore into a fresh database: every loan has the same balance', async () => {
    const source = await freshDatabase('zaymo_backup_source');
    cleanups.push(source.drop);
    const original = await createTestApp({
      env: { ...LONG_SESSIONS, DATABASE_URL: source.url },
      database: await openPostgres(source.url, { sandbox: true }),
    });
    cleanups.push(() => original.close());
    const loans: Loan[] = [];
    for (let i = 0; i < 3; i += 1) loans.push(await givenLoan(original));
    original.clock.advanceBy(12 * DAY_MS);
    const first = loans[0];
    if (!first) throw new Error('no loan');
    const part = { type: 'part' as const, amount: '1500.00', card_id: first.borrower.cardId ?? 0 };
    expect(paid(await pay(original, first.borrower, first.contract, part)).status).toBe('approved');
    const before = await balances(original, loans);

    const folder = await mkdtemp(path.join(os.tmpdir(), 'zaymo-backup-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const dump = path.join(folder, 'zaymo.dump');
    execFileSync(postgresTool('pg_dump'), ['-Fc', '--no-owner', '-f', dump, source.url]);
    const restored = await freshDatabase('zaymo_backup_restored');
    cleanups.push(restored.drop);
    execFileSync(postgresTool('pg_restore'), [
      '--no-owner',
      '--exit-on-error',
      '-d',
      restored.url,
      dump,
    ]);

    const copy = await createTestApp({
      env: { ...LONG_SESSIONS, DATABASE_URL: restored.url },
      database: await openPostgres(restored.url, { sandbox: true }),
    });
    cleanups.push(() => copy.close());
    copy.clock.advanceBy(12 * DAY_MS);
    const after = await balances(copy, loans);
    expect(after).toEqual(before);
    expect(JSON.stringify(before)).toContain('"total"');
  });
});
