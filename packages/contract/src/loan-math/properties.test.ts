import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divideRounded, kopecks, type Kopecks } from '../money';
import { accrueUntil, firstOpenDay, type LoanTerms } from './accrual';
import { accruedCharges } from './accrued-charges';
import { accrueDayFromTotals, kindTotalsOf } from './kind-totals';
import {
  creditHolidayPeriod,
  dueDateAfterHoliday,
  holidayCorrections,
  holidayOn,
} from './credit-holiday';
import { addDays, compareDates, laterDate, type IsoDate } from './dates';
import {
  balanceOf,
  chargesOf,
  type Balance,
  type ChargeEntry,
  type LedgerEntry,
  type PaymentEntry,
} from './ledger';
import { lateRepaymentWriteOff, paymentEntry, reversalEntry } from './ledger-entries';
import { chargesCapAmount, DAYS_IN_YEAR, DEFAULT_LOAN_LIMITS } from './limits';
import { applyProlongation } from './prolongation';
import { quoteLoan } from './quote';
import { parseDailyPercent, ratio } from './rates';

const limits = DEFAULT_LOAN_LIMITS;

type Step =
  | { readonly kind: 'wait'; readonly days: number }
  | { readonly kind: 'payShare'; readonly perMille: number }
  | { readonly kind: 'payAmount'; readonly amount: bigint }
  | { readonly kind: 'prolong'; readonly days: number }
  | { readonly kind: 'reverse'; readonly what: 'payment' | 'charge' }
  | { readonly kind: 'lateFull'; readonly days: number }
  | {
      readonly kind: 'holiday';
      readonly startedDaysAgo: number;
      readonly months: number;
      readonly rate: string;
    };

interface Simulation {
  entries: LedgerEntry[];
  loan: LoanTerms;
  today: IsoDate;
  nextId: number;
}

const wait: fc.Arbitrary<Step> = fc
  .integer({ min: 1, max: 60 })
  .map((days) => ({ kind: 'wait', days }));
const payShare: fc.Arbitrary<Step> = fc
  .integer({ min: 0, max: 1500 })
  .map((perMille) => ({ kind: 'payShare', perMille }));
const payAmount: fc.Arbitrary<Step> = fc
  .bigInt({ min: 1n, max: 2_000_000n })
  .map((amount) => ({ kind: 'payAmount', amount }));
const prolongation: fc.Arbitrary<Step> = fc
  .integer({ min: 1, max: 30 })
  .map((days) => ({ kind: 'prolong', days }));
const reversal: fc.Arbitrary<Step> = fc
  .constantFrom('payment' as const, 'charge' as const)
  .map((what) => ({ kind: 'reverse', what }));
const lateFull: fc.Arbitrary<Step> = fc
  .integer({ min: 1, max: 3 })
  .map((days) => ({ kind: 'lateFull', days }));

const holiday: fc.Arbitrary<Step> = fc
  .record({
    startedDaysAgo: fc.integer({ min: 0, max: 10 }),
    months: fc.integer({ min: 1, max: 6 }),
    rate: fc.constantFrom('0.8', '0.5', '0.1', '0.9'),
  })
  .map((granted) => ({ kind: 'holiday', ...granted }));

const step = fc.oneof(
  { weight: 4, arbitrary: wait },
  { weight: 2, arbitrary: payShare },
  { weight: 2, arbitrary: payAmount },
  { weight: 2, arbitrary: prolongation },
  { weight: 1, arbitrary: reversal },
  { weight: 1, arbitrary: lateFull },
  { weight: 1, arbitrary: holiday },
);

const loanTerms: fc.Arbitrary<LoanTerms> = fc
  .record({
    principal: fc.bigInt({ min: 100n, max: 5_000_000n }),
    rate: fc.constantFrom('0.8', '0.8', '0.8', '0.75', '0.5', '0.333', '0.01'),
    start: fc.integer({ min: 0, max: 180 }),
    term: fc.integer({ min: 1, max: 60 }),
  })
  .map(({ principal, rate, start, term }) => {
    const contractDate = addDays('2026-01-01', start);
    return {
      principal: kopecks(principal),
      dailyRate: parseDailyPercent(rate) ?? ratio(0n, 1n),
      contractDate,
      dueDate: addDays(contractDate, term),
    };
  });

function newId(sim: Simulation): string {
  sim.nextId += 1;
  return `e${sim.nextId}`;
}

/** Each day's charges respect the daily limits for the balance at the start of that day. */
function checkDay(before: Balance, added: readonly ChargeEntry[], sim: Simulation): void {
  for (const entry of added) {
    expect(entry.date).toBe(sim.today);
    if (entry.kind === 'interest') {
      // Exactly, not through our own rounding: amount ≤ principal owed × 0.8 %.
      const { numerator, denominator } = limits.maxDailyRate;
      expect(entry.amount * denominator).toBeLessThanOrEqual(before.principal * numerator);
    } else {
      // amount ≤ overdue principal × 20 % / 365, exactly.
      const { numerator, denominator } = limits.maxPenaltyYearlyRate;
      expect(compareDates(entry.date, sim.loan.dueDate)).toBeGreaterThan(0);
      expect(holidayOn(sim.loan.holidays, entry.date)).toBeUndefined();
      expect(entry.amount * denominator * DAYS_IN_YEAR).toBeLessThanOrEqual(
        before.principal * numerator,
      );
    }
  }
}

function waitDays(sim: Simulation, days: number): void {
  for (let day = 0; day < days; day += 1) {
    sim.today = addDays(sim.today, 1);
    const added = accrueUntil(sim.entries, sim.loan, sim.today, limits);
    if (added.length > 0) checkDay(balanceOf(sim.entries), added, sim);
    sim.entries = [...sim.entries, ...added];
  }
}

/**
 * 353-FZ art. 5 part 20: overdue — interest, principal, penalty; in term — (penalty,) interest,
 * principal. A later part is paid only once the earlier ones are; nothing left over while a debt
 * remains.
 */
function checkAllocation(before: Balance, entry: PaymentEntry, overdue: boolean): void {
  const { allocation } = entry;
  const overpayment =
    entry.amount - allocation.penalty - allocation.interest - allocation.principal;
  expect(overpayment).toBeGreaterThanOrEqual(0n);
  const order = overdue
    ? (['interest', 'principal', 'penalty'] as const)
    : (['penalty', 'interest', 'principal'] as const);
  order.forEach((part, index) => {
    const earlier = order.slice(0, index);
    if (allocation[part] > 0n) {
      for (const first of earlier) expect(allocation[first]).toBe(before[first]);
    }
  });
  if (overpayment > 0n) for (const part of order) expect(allocation[part]).toBe(before[part]);
}

function pay(sim: Simulation, amount: bigint): void {
  if (amount <= 0n) return;
  const before = balanceOf(sim.entries);
  const payment = {
    id: newId(sim),
    date: sim.today,
    amount: kopecks(amount),
    dueDate: sim.loan.dueDate,
  };
  const entry = paymentEntry(sim.entries, payment);
  checkAllocation(before, entry, compareDates(sim.today, sim.loan.dueDate) > 0);
  sim.entries = [...sim.entries, entry];
}

function prolong(sim: Simulation, days: number): void {
  const balance = balanceOf(sim.entries);
  if (balance.principal === 0n) return;
  const paid = applyProlongation(newId(sim), { balance, loan: sim.loan, days, date: sim.today });
  sim.entries = [...sim.entries, ...paid.entries];
  sim.loan = paid.loan;
  const after = balanceOf(sim.entries);
  expect(after.principal).toBe(balance.principal);
  expect(after.interest + after.penalty).toBe(0n);
  expect(compareDates(sim.loan.dueDate, sim.today)).toBeGreaterThan(0);
}

function isTarget(entry: LedgerEntry, what: 'payment' | 'charge'): boolean {
  return what === 'payment'
    ? entry.kind === 'payment'
    : entry.kind === 'interest' || entry.kind === 'penalty';
}

/** Corrects the latest payment or charge; a reversal that would go negative must be refused. */
function reverseLast(sim: Simulation, what: 'payment' | 'charge'): void {
  const reversed = new Set(
    sim.entries.map((entry) => (entry.kind === 'reversal' ? entry.reverses : '')),
  );
  const target = sim.entries.findLast((entry) => isTarget(entry, what) && !reversed.has(entry.id));
  if (!target) return;
  const reversal = { id: newId(sim), date: sim.today, reverses: target.id };
  try {
    sim.entries = [...sim.entries, reversalEntry(sim.entries, reversal)];
  } catch (error) {
    expect(String(error)).toMatch(/negative/);
    expect(what).toBe('charge');
  }
}

/** A full repayment quoted today whose money arrives `days` later: the loan closes. */
function payLate(sim: Simulation, days: number): void {
  const quotedOn = sim.today;
  const quoted = balanceOf(sim.entries).total;
  if (quoted === 0n) return;
  waitDays(sim, days);
  const late = { id: newId(sim), date: sim.today, quotedOn, paid: quoted };
  const writeOff = lateRepaymentWriteOff(sim.entries, late);
  if (writeOff) sim.entries = [...sim.entries, writeOff];
  pay(sim, quoted);
  expect(balanceOf(sim.entries).total).toBe(0n);
}

/** A credit holiday approved today that may have begun a few days ago (its charges corrected). */
function grantHoliday(sim: Simulation, granted: Extract<Step, { kind: 'holiday' }>): void {
  const from = laterDate(
    addDays(sim.today, -granted.startedDaysAgo),
    addDays(sim.loan.contractDate, 1),
  );
  const period = {
    ...creditHolidayPeriod(from, granted.months),
    dailyRate: parseDailyPercent(granted.rate) ?? undefined,
  };
  const corrections = holidayCorrections(sim.entries, period, sim.loan.dailyRate, sim.today);
  sim.entries = [...sim.entries, ...corrections.entries];
  sim.loan = {
    ...sim.loan,
    dueDate: dueDateAfterHoliday(sim.loan.dueDate, period),
    holidays: [...(sim.loan.holidays ?? []), period],
  };
}

function perform(sim: Simulation, next: Step): void {
  if (next.kind === 'holiday') grantHoliday(sim, next);
  if (next.kind === 'wait') waitDays(sim, next.days);
  if (next.kind === 'payShare') {
    pay(sim, divideRounded(balanceOf(sim.entries).total * BigInt(next.perMille), 1000n));
  }
  if (next.kind === 'payAmount') pay(sim, next.amount);
  if (next.kind === 'prolong') prolong(sim, next.days);
  if (next.kind === 'reverse') reverseLast(sim, next.what);
  if (next.kind === 'lateFull') payLate(sim, next.days);
}

/** Totals by kind, computed here independently of balanceOf. */
function ledgerSums(entries: readonly LedgerEntry[]): {
  given: bigint;
  charged: bigint;
  paid: bigint;
  forgiven: bigint;
} {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const sums = { given: 0n, charged: 0n, paid: 0n, forgiven: 0n };
  for (const entry of entries) {
    const target = entry.kind === 'reversal' ? byId.get(entry.reverses) : entry;
    const sign = entry.kind === 'reversal' ? -1n : 1n;
    if (target?.kind === 'payout') sums.given += sign * target.amount;
    if (target?.kind === 'interest' || target?.kind === 'penalty')
      sums.charged += sign * target.amount;
    if (target?.kind === 'payment' || target?.kind === 'prolongation_fee') {
      const { penalty, interest, principal } = target.allocation;
      sums.paid += sign * (penalty + interest + principal);
    }
    if (target?.kind === 'write_off') sums.forgiven += sign * target.amount;
  }
  return sums;
}

function checkInvariants(sim: Simulation): void {
  const balance = balanceOf(sim.entries);
  const cap: Kopecks = chargesCapAmount(sim.loan.principal, sim.loan.contractDate, limits);
  expect(chargesOf(sim.entries)).toBeLessThanOrEqual(cap);
  for (const part of [balance.principal, balance.interest, balance.penalty]) {
    expect(part).toBeGreaterThanOrEqual(0n);
  }
  const { given, charged, paid, forgiven } = ledgerSums(sim.entries);
  expect(paid + forgiven + balance.total).toBe(given + charged);
  expect(charged).toBe(chargesOf(sim.entries));
  expect(accrueUntil(sim.entries, sim.loan, sim.today, limits)).toEqual([]);
  checkRunsEqualDays(sim);
  checkOneDayEqualsReplay(sim.entries, sim);
  checkTotalsEqualEntries(sim.entries, sim);
  const settledTomorrow = repaymentTomorrow(sim);
  if (settledTomorrow) {
    checkOneDayEqualsReplay([...sim.entries, settledTomorrow], sim);
    checkTotalsEqualEntries([...sim.entries, settledTomorrow], sim);
  }
}

/** Ledgers the totals by kind accrued tomorrow; the ones they could not (they must read entries). */
const fromTotals = { accrued: 0, declined: 0 };

/** Tomorrow's charges from the ledger's totals by kind, when they give any, equal accrueUntil's. */
function checkTotalsEqualEntries(entries: readonly LedgerEntry[], sim: Simulation): void {
  const tomorrow = addDays(sim.today, 1);
  const charges = accrueDayFromTotals(kindTotalsOf(entries), sim.loan, tomorrow, limits);
  if (charges === null) {
    fromTotals.declined += 1;
    const oneDayAfterAccrued = firstOpenDay(entries, sim.loan) === tomorrow;
    const enteredLater = entries.some((entry) => compareDates(entry.date, tomorrow) >= 0);
    const reversed = entries.some((entry) => entry.kind === 'reversal');
    expect(reversed || enteredLater || !oneDayAfterAccrued).toBe(true);
    return;
  }
  fromTotals.accrued += 1;
  expect(charges).toEqual(accrueUntil(entries, sim.loan, tomorrow, limits));
}

/**
 * The job's case, a ledger accrued up to yesterday, takes the one-day path; replaying two days
 * takes the general one: both book the same charges for the first day.
 */
function checkOneDayEqualsReplay(entries: readonly LedgerEntry[], sim: Simulation): void {
  const tomorrow = addDays(sim.today, 1);
  const oneDay = accrueUntil(entries, sim.loan, tomorrow, limits);
  const twoDays = accrueUntil(entries, sim.loan, addDays(tomorrow, 1), limits);
  expect(oneDay).toEqual(twoDays.filter((entry) => entry.date === tomorrow));
}

/** The whole principal paid tomorrow: an entry of the day itself, which counts only after it. */
function repaymentTomorrow(sim: Simulation): PaymentEntry | null {
  const { principal } = balanceOf(sim.entries);
  if (principal === 0n) return null;
  return {
    id: newId(sim),
    kind: 'payment',
    amount: principal,
    date: addDays(sim.today, 1),
    allocation: { penalty: kopecks(0n), interest: kopecks(0n), principal },
  };
}

/** The sums a position takes (runs of alike days) equal the days the job books, weeks ahead. */
function checkRunsEqualDays(sim: Simulation): void {
  const ahead = addDays(sim.today, 45);
  const days = { interest: 0n, penalty: 0n };
  for (const entry of accrueUntil(sim.entries, sim.loan, ahead, limits)) {
    days[entry.kind] += entry.amount;
  }
  expect(accruedCharges(sim.entries, sim.loan, ahead, limits)).toEqual(days);
}

describe('loan math properties', () => {
  it('no sequence of days, payments, reversals, prolongations and late full repayments breaks the limits', () => {
    fc.assert(
      fc.property(
        loanTerms,
        fc.array(step, { minLength: 1, maxLength: 20, size: 'max' }),
        (loan, steps) => {
          const payout: LedgerEntry = {
            id: 'payout',
            kind: 'payout',
            amount: loan.principal,
            date: loan.contractDate,
          };
          const sim: Simulation = { entries: [payout], loan, today: loan.contractDate, nextId: 0 };
          for (const next of steps) {
            perform(sim, next);
            checkInvariants(sim);
          }
        },
      ),
      { numRuns: 100 },
    );
    // Both ways were taken: the totals accrued some ledgers and sent others to their entries.
    expect(fromTotals.accrued).toBeGreaterThan(0);
    expect(fromTotals.declined).toBeGreaterThan(0);
  }, 30_000);

  it('a quote equals what the ledger accrues by the due date', () => {
    fc.assert(
      fc.property(loanTerms, (loan) => {
        const days = compareDates(loan.dueDate, loan.contractDate);
        const quote = quoteLoan({ ...loan, days });
        const payout: LedgerEntry[] = [
          { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
        ];
        const accrued = [...payout, ...accrueUntil(payout, loan, loan.dueDate, limits)];
        expect(balanceOf(accrued).total).toBe(quote.totalToReturn);
        expect(quote.dueDate).toBe(loan.dueDate);
      }),
    );
  });

  it('an unpaid loan never exceeds the cap of its contract date', () => {
    fc.assert(
      fc.property(loanTerms, fc.integer({ min: 1, max: 700 }), (loan, days) => {
        const payout: LedgerEntry[] = [
          { id: 'payout', kind: 'payout', amount: loan.principal, date: loan.contractDate },
        ];
        const until = addDays(loan.contractDate, days);
        const entries = [...payout, ...accrueUntil(payout, loan, until, limits)];
        const cap = chargesCapAmount(loan.principal, loan.contractDate, limits);
        expect(chargesOf(entries)).toBeLessThanOrEqual(cap);
      }),
      { numRuns: 50 },
    );
  });
});
