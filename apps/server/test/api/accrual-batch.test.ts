import {
  accrueDayFromTotals,
  accrueUntil,
  addDays,
  interestForDay,
  balanceOf,
  chargesCapAmount,
  kopecks,
  moscowDate,
  ORDER_STATUS,
  paymentEntry,
  reversalEntry,
  kindTotalsOf,
  type IsoDate,
  type KindTotal,
  type LedgerEntry,
} from '@zaymo/contract';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHistoryEvents, creditHolidays, loanLedger, loanOrders } from '../../src/db/schema';
import { fromPayload } from '../../src/services/credit-history/payload';
import {
  ledgerEntryRowsOf,
  ledgerOf,
  ledgerTotalsOf,
  toLedgerEntry,
} from '../../src/services/loans/ledger';
import { loadLoanTerms } from '../../src/services/loans/terms';
import { accrueOpenLoans, syncClientLoans } from '../../src/services/servicing/accrual';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * The accrual job reads a range's loans lean (the columns accrual needs), books every charge in
 * one statement and expires the overdue together. What it books must be, kopeck for kopeck, what
 * loan-math's accrueUntil makes from the loan's whole ledger as the request path reads it — on
 * ledgers that bend the days: a payment mid-period, a reversal, a credit holiday, the cap reached,
 * a loan overdue from today, and a loan a request synced (and expired) earlier the same day.
 */
const DAYS = 10;

/** Ledgers bent by hand: entries booked as the services book them, accrued by loan-math. */
function ledgerFixtures(app: () => TestApp) {
  const entriesOf = async (loan: Loan): Promise<LedgerEntry[]> =>
    (await ledgerOf(app().ctx.db, loan.order.id)).map(toLedgerEntry);

  const book = async (loan: Loan, entries: readonly LedgerEntry[]) => {
    for (const entry of entries) {
      const allocation = 'allocation' in entry ? entry.allocation : null;
      await app()
        .ctx.db.insert(loanLedger)
        .values({
          orderId: loan.order.id,
          entryKey: entry.id,
          kind: entry.kind,
          amount: entry.amount,
          entryDate: entry.date,
          allocatedPenalty: allocation?.penalty ?? null,
          allocatedInterest: allocation?.interest ?? null,
          allocatedPrincipal: allocation?.principal ?? null,
          reverses: entry.kind === 'reversal' ? entry.reverses : null,
          createdAt: app().clock.now(),
        });
    }
  };

  const termsOf = async (loan: Loan) => {
    const [order] = await app()
      .ctx.db.select()
      .from(loanOrders)
      .where(eq(loanOrders.id, loan.order.id));
    if (!order) throw new Error('no order');
    const { terms } = await loadLoanTerms(app().ctx.db, order);
    if (!terms) throw new Error('no terms');
    return terms;
  };

  /** Accrues the loan's ledger up to `date` and books what accrueUntil made. */
  const accrueTo = async (loan: Loan, date: IsoDate) => {
    const entries = await entriesOf(loan);
    await book(
      loan,
      accrueUntil(entries, await termsOf(loan), date, app().ctx.config.loans.servicing.limits),
    );
  };

  const dueOn = (loan: Loan, date: IsoDate) =>
    app().ctx.db.update(loanOrders).set({ dueDate: date }).where(eq(loanOrders.id, loan.order.id));

  const paymentOn = async (loan: Loan, date: IsoDate) => {
    await accrueTo(loan, date);
    const entries = await entriesOf(loan);
    const payment = paymentEntry(entries, {
      id: `payment-${date}`,
      date,
      amount: kopecks(300_000n),
      dueDate: (await termsOf(loan)).dueDate,
    });
    await book(loan, [payment]);
    return payment;
  };

  /** An approved credit holiday at 0.5 % a day from `start` to `until`. */
  const holidayOf = (loan: Loan, start: IsoDate, until: IsoDate, dueBefore: IsoDate) =>
    app().ctx.db.insert(creditHolidays).values({
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ground: 'income_drop',
      status: 'approved',
      startDate: start,
      untilDate: until,
      months: 1,
      dueDateBefore: dueBefore,
      dayPercent: '0.5',
      createdAt: app().clock.now(),
    });

  return { entriesOf, book, termsOf, accrueTo, dueOn, paymentOn, holidayOf };
}

describe('the accrual job books what a replay of the whole ledger books', () => {
  let testApp: TestApp;
  let day0: IsoDate;
  const loans: Record<string, Loan> = {};
  const limits = () => testApp.ctx.config.loans.servicing.limits;
  const on = (days: number) => addDays(day0, days);

  const { entriesOf, book, termsOf, accrueTo, dueOn, paymentOn, holidayOf } = ledgerFixtures(
    () => testApp,
  );

  /** The fixtures bend the days as named; without that the comparison proves less. */
  const expectBentDays = (expected: ReadonlyMap<number, LedgerEntry[]>) => {
    const amount = (name: string, id: string) =>
      expected.get(loans[name]?.order.id ?? 0)?.find((entry) => entry.id === id)?.amount;
    expect(expected.get(loans.cap?.order.id ?? 0)).toEqual([
      { id: `interest:${on(2)}`, kind: 'interest', amount: 5_000n, date: on(2) },
    ]);
    expect(amount('holiday', `interest:${on(3)}`)).toBeLessThan(
      amount('holiday', `interest:${on(8)}`) ?? 0n,
    );
    expect(amount('payment', `interest:${on(5)}`)).toBeLessThan(
      amount('reversal', `interest:${on(7)}`) ?? 0n,
    );
    expect(amount('overdue', `penalty:${on(DAYS)}`)).toBeGreaterThan(0n);
  };

  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    day0 = moscowDate(testApp.clock.now());
    for (const name of ['payment', 'reversal', 'holiday', 'cap', 'overdue', 'touched']) {
      loans[name] = await givenLoan(testApp);
    }
    const { payment, reversal, holiday, cap, overdue, touched } = loans as Record<string, Loan>;
    if (!payment || !reversal || !holiday || !cap || !overdue || !touched) throw new Error();

    await paymentOn(payment, on(4));

    const paid = await paymentOn(reversal, on(3));
    await accrueTo(reversal, on(6));
    await book(reversal, [
      reversalEntry(await entriesOf(reversal), {
        id: 'reversal-1',
        date: on(6),
        reverses: paid.id,
      }),
    ]);

    await accrueTo(holiday, on(2));
    await holidayOf(holiday, on(3), on(7), on(30));

    const terms = await termsOf(cap);
    const cap100 = chargesCapAmount(terms.principal, terms.contractDate, limits());
    await book(cap, [
      { id: `interest:${on(1)}`, kind: 'interest', amount: kopecks(cap100 - 5_000n), date: on(1) },
    ]);

    await dueOn(overdue, on(DAYS - 1));
    await dueOn(touched, on(DAYS - 1));
    testApp.clock.advanceBy(DAYS * DAY_MS);
  });
  afterAll(() => testApp.close());

  it('books, for each loan, exactly the entries accrueUntil makes from its whole ledger', async () => {
    const today = moscowDate(testApp.clock.now());
    expect(today).toBe(on(DAYS));
    const expected = new Map<number, LedgerEntry[]>();
    for (const loan of Object.values(loans)) {
      const entries = await entriesOf(loan);
      expected.set(loan.order.id, accrueUntil(entries, await termsOf(loan), today, limits()));
    }
    expectBentDays(expected);
    const [before] = await testApp.ctx.db.select({ id: max(loanLedger.id) }).from(loanLedger);
    const touched = loans.touched;
    if (!touched) throw new Error();
    expect(await syncClientLoans(testApp.ctx, touched.borrower.client.id)).toBe(true);

    await accrueOpenLoans(testApp.ctx);

    await expectBookedSince(testApp, before?.id ?? 0, loans, expected);
  });

  it('expires the loans overdue from today and queues each overdue event once, with its debt', async () => {
    for (const loan of [loans.overdue, loans.touched]) {
      if (!loan) throw new Error();
      const [order] = await testApp.ctx.db
        .select({ statusId: loanOrders.statusId })
        .from(loanOrders)
        .where(eq(loanOrders.id, loan.order.id));
      expect(order?.statusId).toBe(ORDER_STATUS.EXPIRED);
      const events = await testApp.ctx.db
        .select()
        .from(creditHistoryEvents)
        .where(
          and(
            eq(creditHistoryEvents.orderId, loan.order.id),
            eq(creditHistoryEvents.kind, 'overdue'),
          ),
        );
      expect(events).toHaveLength(1);
      const debt = fromPayload(events[0]?.payload ?? {}).debt;
      expect(debt?.debt.total).toBe(balanceOf(await entriesOf(loan)).total);
      expect(debt?.overdue?.days).toBe(1);
    }
  });
});

/** What the ledger got after entry `afterId`, loan by loan, is `expected` (something for each). */
async function expectBookedSince(
  testApp: TestApp,
  afterId: number,
  loans: Readonly<Record<string, Loan>>,
  expected: ReadonlyMap<number, readonly LedgerEntry[]>,
) {
  const booked = await testApp.ctx.db.select().from(loanLedger).where(gt(loanLedger.id, afterId));
  for (const [name, loan] of Object.entries(loans)) {
    const made = booked
      .filter((row) => row.orderId === loan.order.id)
      .map((row) => ({
        id: row.entryKey,
        kind: row.kind,
        amount: row.amount,
        date: row.entryDate,
      }));
    const want = expected.get(loan.order.id) ?? [];
    expect(want.length, `${name} accrues something`).toBeGreaterThan(0);
    expect(sorted(made), name).toEqual(sorted(want));
  }
}

function sorted(entries: readonly { id: string; kind: string; amount: bigint; date: string }[]) {
  return entries
    .map(({ id, kind, amount, date }) => ({ id, kind, amount, date }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/*
 * The job's usual day: every ledger booked up to yesterday. The job takes such a loan's day from
 * its ledger's totals by kind (the database sums them); the totals must be loan-math's, and the
 * day kopeck for kopeck what accrueUntil makes from the entries — with a payment, a credit
 * holiday, a loan at its cap; a reversal sends its loan to its entries.
 */
describe('the accrual job books the usual day from the ledger’s totals by kind', () => {
  let testApp: TestApp;
  let day0: IsoDate;
  const loans: Record<string, Loan> = {};
  const limits = () => testApp.ctx.config.loans.servicing.limits;
  const on = (days: number) => addDays(day0, days);
  const { entriesOf, book, termsOf, accrueTo, paymentOn, holidayOf } = ledgerFixtures(
    () => testApp,
  );

  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    day0 = moscowDate(testApp.clock.now());
    for (const name of ['plain', 'payment', 'reversal', 'holiday', 'cap']) {
      loans[name] = await givenLoan(testApp);
    }
    const { payment, reversal, holiday, cap } = loans as Record<string, Loan>;
    if (!payment || !reversal || !holiday || !cap) throw new Error();
    await paymentOn(payment, on(2));
    const paid = await paymentOn(reversal, on(2));
    await book(reversal, [
      reversalEntry(await entriesOf(reversal), {
        id: 'reversal-1',
        date: on(2),
        reverses: paid.id,
      }),
    ]);
    await holidayOf(holiday, on(1), on(DAYS), on(30));
    // The first day charges all but the days up to yesterday and 1 ₽: the cap is reached today.
    const terms = await termsOf(cap);
    const capAmount = chargesCapAmount(terms.principal, terms.contractDate, limits());
    const daily = interestForDay(terms.principal, terms.dailyRate);
    const first = capAmount - daily * BigInt(DAYS - 2) - 100n;
    await book(cap, [
      { id: `interest:${on(1)}`, kind: 'interest', amount: kopecks(first), date: on(1) },
    ]);
    for (const loan of Object.values(loans)) await accrueTo(loan, on(DAYS - 1));
    testApp.clock.advanceBy(DAYS * DAY_MS);
  });
  afterAll(() => testApp.close());

  it('reads the totals loan-math sums, and books from them what accrueUntil makes', async () => {
    const today = moscowDate(testApp.clock.now());
    expect(today).toBe(on(DAYS));
    const ids = Object.values(loans).map((loan) => loan.order.id);
    const totals = await ledgerTotalsOf(testApp.ctx.db, ids);
    const expected = new Map<number, LedgerEntry[]>();
    for (const [name, loan] of Object.entries(loans)) {
      const entries = await entriesOf(loan);
      const ofLoan = totals.get(loan.order.id) ?? [];
      expect(byKind(ofLoan), name).toEqual(byKind(kindTotalsOf(entries)));
      const terms = await termsOf(loan);
      const fromTotals = accrueDayFromTotals(ofLoan, terms, today, limits());
      expect(fromTotals === null, `${name} is read entry by entry`).toBe(name === 'reversal');
      expected.set(loan.order.id, accrueUntil(entries, terms, today, limits()));
    }
    expect(expected.get(loans.cap?.order.id ?? 0)).toEqual([
      { id: `interest:${today}`, kind: 'interest', amount: 100n, date: today },
    ]);
    const [before] = await testApp.ctx.db.select({ id: max(loanLedger.id) }).from(loanLedger);

    await accrueOpenLoans(testApp.ctx);

    await expectBookedSince(testApp, before?.id ?? 0, loans, expected);
  });

  it('reads the ledgers of the orders asked for only, whether they fill their range or not', async () => {
    const ids = Object.values(loans)
      .map((loan) => loan.order.id)
      .sort((a, b) => a - b);
    const [first, , third, , last] = ids;
    if (!first || !third || !last) throw new Error('five loans');
    // Dense: the range holds another loan's ledger, read with it and to be dropped.
    const dense = [first, third];
    const sparse = [first, last];
    expect(third - first + 1, 'dense: the ids fill half their range').toBeLessThanOrEqual(4);
    expect(last - first + 1, 'sparse: the range has more than twice the ids').toBeGreaterThan(4);
    for (const asked of [dense, sparse]) {
      expect([...(await ledgerTotalsOf(testApp.ctx.db, asked)).keys()].sort()).toEqual(asked);
      expect([...(await ledgerEntryRowsOf(testApp.ctx.db, asked)).keys()].sort()).toEqual(asked);
    }
  });
});

function byKind(totals: readonly KindTotal[]): KindTotal[] {
  return [...totals].sort((a, b) => a.kind.localeCompare(b.kind));
}
