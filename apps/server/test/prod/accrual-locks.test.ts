import { moscowDate } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db';
import { loanLedger } from '../../src/db/schema';
import { accrueOpenLoans } from '../../src/services/servicing/accrual';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS } from '../api/servicing-helpers';
import { freshDatabase } from './databases';

/*
 * The accrual job skips a loan whose row another transaction holds for a change, and accrues one
 * another transaction only references: a collector's contact or a message being logged in the same
 * moment (their foreign key takes FOR KEY SHARE on the loan's row). On a real PostgreSQL: the
 * embedded one serves one transaction at a time.
 */
describe('accrual beside transactions on the same loans', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  async function openTransaction(url: string, statement: string, values: unknown[]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    cleanups.push(() => client.end());
    await client.query('begin');
    await client.query(statement, values);
    return client;
  }

  it('accrues a loan a contact being recorded references, skips one a request holds', async () => {
    const database = await freshDatabase('zaymo_accrual_locks');
    cleanups.push(database.drop);
    const testApp: TestApp = await createTestApp({
      env: LONG_SESSIONS,
      database: await openPostgres(database.url, { sandbox: true }),
    });
    cleanups.push(() => testApp.close());
    const referenced = await givenLoan(testApp);
    const held = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    const today = moscowDate(testApp.clock.now());

    const contact = await openTransaction(
      database.url,
      `insert into collection_contacts (client_id, order_id, channel, note, at)
       values ($1, $2, 'sms', 'Напоминание', now())`,
      [referenced.borrower.client.id, referenced.order.id],
    );
    const request = await openTransaction(
      database.url,
      'select id from loan_orders where id = $1 for update',
      [held.order.id],
    );
    expect(await accrueOpenLoans(testApp.ctx)).toBe(1);
    await contact.query('commit');
    await request.query('commit');

    const interestOf = async (orderId: number) =>
      testApp.ctx.db
        .select({ id: loanLedger.id })
        .from(loanLedger)
        .where(and(eq(loanLedger.orderId, orderId), eq(loanLedger.entryKey, `interest:${today}`)));
    expect(await interestOf(referenced.order.id), 'the referenced loan is accrued').toHaveLength(1);
    expect(await interestOf(held.order.id), 'the held loan is left to its request').toHaveLength(0);
  });
});
