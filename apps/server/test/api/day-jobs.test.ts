import { moscowDate } from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBatches, loanLedger } from '../../src/db/schema';
import { accrueOpenLoans } from '../../src/services/servicing/accrual';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * The day's accrual shared by instances: each run claims id ranges FOR UPDATE SKIP LOCKED and
 * marks them done, so two runs at once take every open loan exactly once between them, and
 * every loan's charge of the day is booked once.
 */
describe('the day jobs shared by two instances', () => {
  let testApp: TestApp;
  let loans: Loan[];
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    loans = [];
    for (let n = 0; n < 4; n += 1) loans.push(await givenLoan(testApp));
  });
  afterAll(() => testApp.close());

  const interestOf = (day: string) =>
    testApp.ctx.db
      .select({ orderId: loanLedger.orderId })
      .from(loanLedger)
      .where(
        and(
          eq(loanLedger.entryKey, `interest:${day}`),
          inArray(
            loanLedger.orderId,
            loans.map((loan) => loan.order.id),
          ),
        ),
      );

  it('two concurrent accrual runs take each loan once and book each entry once', async () => {
    testApp.clock.advanceBy(DAY_MS);
    const today = moscowDate(testApp.clock.now());
    const [first, second] = await Promise.all([
      accrueOpenLoans(testApp.ctx, 1),
      accrueOpenLoans(testApp.ctx, 1),
    ]);
    expect(first + second).toBe(loans.length);
    const booked = (await interestOf(today)).map((row) => row.orderId).sort((a, b) => a - b);
    expect(booked).toEqual(loans.map((loan) => loan.order.id).sort((a, b) => a - b));
    const ranges = await testApp.ctx.db
      .select()
      .from(dayBatches)
      .where(and(eq(dayBatches.job, 'accrual'), eq(dayBatches.day, today)));
    expect(ranges.every((range) => range.doneAt !== null)).toBe(true);
  });

  it('a later run of the same day takes nothing; the next day takes every loan again', async () => {
    expect(await accrueOpenLoans(testApp.ctx, 1)).toBe(0);
    testApp.clock.advanceBy(DAY_MS);
    expect(await accrueOpenLoans(testApp.ctx, 3)).toBe(loans.length);
    expect(await interestOf(moscowDate(testApp.clock.now()))).toHaveLength(loans.length);
  });
});
