import { describe, expect, it } from 'vitest';
import { kopecks } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { accruedCharges } from './accrued-charges';
import {
  creditHolidayPeriod,
  dueDateAfterHoliday,
  holidayCorrections,
  type CreditHoliday,
} from './credit-holiday';
import { addDays, compareDates, type IsoDate } from './dates';
import { balanceOf, chargesOf, type LedgerEntry } from './ledger';
import { forgivenessEntry, paymentEntry, reversalEntry } from './ledger-entries';
import { chargesCapAmount, DEFAULT_LOAN_LIMITS } from './limits';
import { debtOutlook } from './outlook';
import { applyProlongation } from './prolongation';
import { parseDailyPercent, ratio } from './rates';

const limits = DEFAULT_LOAN_LIMITS;
const CONTRACT = '2026-05-02';

function loanOf(principal: bigint, term = 30, contractDate: IsoDate = CONTRACT): LoanTerms {
  return {
    principal: kopecks(principal),
    dailyRate: ratio(8n, 1000n),
    contractDate,
    dueDate: addDays(contractDate, term),
  };
}

function payoutOf(loan: LoanTerms): LedgerEntry[] {
  return [{ id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate }];
}

/** What the accrual job leaves: the ledger with every day's charges booked up to `day`. */
function bookedUntil(entries: LedgerEntry[], loan: LoanTerms, day: IsoDate): LedgerEntry[] {
  return [...entries, ...accrueUntil(entries, loan, day, limits)];
}

/** The outlook as it was computed before the runs: every day's entries made, then summed. */
function dayByDayOutlook(entries: readonly LedgerEntry[], loan: LoanTerms, today: IsoDate) {
  const untilToday = [...entries, ...accrueUntil(entries, loan, today, limits)];
  const inTerm = compareDates(today, loan.dueDate) < 0;
  const untilDue = inTerm
    ? [...untilToday, ...accrueUntil(untilToday, loan, loan.dueDate, limits)]
    : null;
  return {
    today: balanceOf(untilToday),
    onDueDate: untilDue ? balanceOf(untilDue) : null,
    charged: chargesOf(untilToday),
    chargesCap: chargesCapAmount(loan.principal, loan.contractDate, limits),
  };
}

function daySums(entries: readonly LedgerEntry[], loan: LoanTerms, until: IsoDate) {
  const sums = { interest: 0n, penalty: 0n };
  for (const entry of accrueUntil(entries, loan, until, limits)) sums[entry.kind] += entry.amount;
  return sums;
}

/** The runs equal the days on every day from the last entry to `days` later. */
function expectSameAsDayByDay(entries: LedgerEntry[], loan: LoanTerms, days: number): void {
  const last = entries.reduce<IsoDate>(
    (latest, entry) => (compareDates(entry.date, latest) > 0 ? entry.date : latest),
    loan.contractDate,
  );
  for (let day = 0; day <= days; day += 1) {
    const today = addDays(last, day);
    expect(accruedCharges(entries, loan, today, limits), today).toEqual(
      daySums(entries, loan, today),
    );
    expect(debtOutlook(entries, loan, today, limits), today).toEqual(
      dayByDayOutlook(entries, loan, today),
    );
  }
}

describe('accruedCharges: the runs of alike days equal accrueUntil day by day', () => {
  it('in term and overdue with penalty, nothing booked after the payout', () => {
    const loan = loanOf(1_000_000n);
    const entries = payoutOf(loan);
    expect(accruedCharges(entries, loan, addDays(loan.dueDate, 10), limits)).toEqual({
      interest: 40n * 8_000n,
      penalty: 10n * 547n,
    });
    expectSameAsDayByDay(entries, loan, 60);
  });

  it('partial payments in term and while overdue', () => {
    const loan = loanOf(1_234_567n);
    let entries = bookedUntil(payoutOf(loan), loan, addDays(CONTRACT, 10));
    const pay = (id: string, date: IsoDate, amount: bigint) =>
      paymentEntry(entries, { id, date, amount: kopecks(amount), dueDate: loan.dueDate });
    entries = [...entries, pay('part', addDays(CONTRACT, 10), 300_000n)];
    entries = bookedUntil(entries, loan, addDays(loan.dueDate, 5));
    entries = [...entries, pay('late part', addDays(loan.dueDate, 5), 150_000n)];
    expectSameAsDayByDay(entries, loan, 40);
  });

  it('a prolongation moves the due date and pays the charges off', () => {
    const first = loanOf(800_000n, 14);
    const booked = bookedUntil(payoutOf(first), first, addDays(first.dueDate, 3));
    const paid = applyProlongation('prolong', {
      balance: balanceOf(booked),
      loan: first,
      days: 14,
      date: addDays(first.dueDate, 3),
    });
    expectSameAsDayByDay([...booked, ...paid.entries], paid.loan, 40);
  });

  it('credit holidays: no penalty and the holiday rate on its days, in term and overdue', () => {
    const loan = loanOf(1_000_000n, 20);
    const booked = bookedUntil(payoutOf(loan), loan, addDays(loan.dueDate, 4));
    const holiday: CreditHoliday = {
      ...creditHolidayPeriod(addDays(loan.dueDate, 2), 1),
      dailyRate: parseDailyPercent('0.3') ?? undefined,
    };
    const today = addDays(loan.dueDate, 4);
    const corrected = holidayCorrections(booked, holiday, loan.dailyRate, today).entries;
    const onHoliday: LoanTerms = {
      ...loan,
      dueDate: dueDateAfterHoliday(loan.dueDate, holiday),
      holidays: [holiday],
    };
    expectSameAsDayByDay([...booked, ...corrected], onHoliday, 50);
  });

  it('a holiday that starts in term and one not yet begun', () => {
    const loan = loanOf(500_000n, 30);
    const soon = creditHolidayPeriod(addDays(CONTRACT, 10), 1);
    const later: CreditHoliday = {
      ...creditHolidayPeriod(addDays(CONTRACT, 90), 1),
      dailyRate: parseDailyPercent('0.1') ?? undefined,
    };
    const terms: LoanTerms = {
      ...loan,
      dueDate: dueDateAfterHoliday(loan.dueDate, soon),
      holidays: [soon, later],
    };
    expectSameAsDayByDay(payoutOf(loan), terms, 150);
  });

  it('a waiver of penalty and a reversed penalty give the cap headroom back only when reversed', () => {
    const loan = loanOf(1_000_000n);
    const day = addDays(loan.dueDate, 20);
    const booked = bookedUntil(payoutOf(loan), loan, day);
    const waiver = forgivenessEntry(booked, {
      id: 'waiver',
      date: day,
      part: 'penalty',
      amount: kopecks(5_000n),
    });
    if (!waiver) throw new Error('nothing to waive');
    const waived = [...booked, waiver];
    const lastPenalty = waived.findLast((entry) => entry.kind === 'penalty');
    if (!lastPenalty) throw new Error('no penalty booked');
    const reversal = reversalEntry(waived, { id: 'fix', date: day, reverses: lastPenalty.id });
    expectSameAsDayByDay([...waived, reversal], loan, 200);
  });

  it('a whole-debt write-off stops the charges', () => {
    const loan = loanOf(1_000_000n);
    const day = addDays(loan.dueDate, 7);
    const booked = bookedUntil(payoutOf(loan), loan, day);
    const waiver = forgivenessEntry(booked, {
      id: 'all',
      date: day,
      part: 'debt',
      amount: kopecks(0n),
    });
    if (!waiver) throw new Error('nothing to write off');
    expect(accruedCharges([...booked, waiver], loan, addDays(day, 30), limits)).toEqual({
      interest: 0n,
      penalty: 0n,
    });
    expectSameAsDayByDay([...booked, waiver], loan, 30);
  });

  it('days not yet booked after the last accrual, and a payment of a day not yet accrued', () => {
    const loan = loanOf(999_999n);
    const yesterday = addDays(loan.dueDate, 12);
    const booked = bookedUntil(payoutOf(loan), loan, yesterday);
    expectSameAsDayByDay(booked, loan, 3);
    const today = addDays(yesterday, 2);
    const paid = paymentEntry(booked, {
      id: 'pay',
      date: today,
      amount: kopecks(600_000n),
      dueDate: loan.dueDate,
    });
    expectSameAsDayByDay([...booked, paid], loan, 5);
  });

  it('the legal cap reached inside a run: the last day takes only the headroom left', () => {
    // 10 001,23 ₽: a day of interest and penalty does not divide the cap evenly.
    const loan = loanOf(1_000_123n);
    const cap = chargesCapAmount(loan.principal, loan.contractDate, limits);
    const long = addDays(loan.dueDate, 400);
    const charges = accruedCharges(payoutOf(loan), loan, long, limits);
    expect(charges.interest + charges.penalty).toBe(cap);
    expect(charges).toEqual(daySums(payoutOf(loan), loan, long));
    expectSameAsDayByDay(bookedUntil(payoutOf(loan), loan, addDays(loan.dueDate, 60)), loan, 80);
  });

  it('the 130 % cap of a contract before April 2026, reached with days booked', () => {
    const loan = loanOf(700_001n, 21, '2026-03-15');
    const booked = bookedUntil(payoutOf(loan), loan, addDays(loan.dueDate, 100));
    expectSameAsDayByDay(booked, loan, 120);
  });
});
