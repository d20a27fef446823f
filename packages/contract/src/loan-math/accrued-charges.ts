import { kopecks, type Kopecks } from '../money';
import { firstOpenDay, type LoanTerms } from './accrual';
import { dailyRateOn, holidayOn } from './credit-holiday';
import { addDays, compareDates, daysBetween, type IsoDate } from './dates';
import {
  advancePosition,
  EMPTY_POSITION,
  indexLedger,
  type ChargeEntry,
  type LedgerEntry,
  type LedgerIndex,
  type LedgerPosition,
} from './ledger';
import {
  assertDailyRateAllowed,
  chargesCapAmount,
  DEFAULT_LOAN_LIMITS,
  interestForDay,
  penaltyForDay,
  type LoanLimits,
} from './limits';

/*
 * accrueUntil makes one entry per kind and day, which the accrual job books. What is owed needs
 * only their sums, and between two changes — a booked entry, a holiday's first or last day, the
 * due date — every day charges the same, until the cap's headroom (353-FZ art. 5 part 24) runs
 * out. So the sums are taken a run of alike days at a time: the same kopecks as day by day
 * (accrued-charges.test.ts), in time that grows with the entries, not with the days.
 */

/** The interest and penalty accrueUntil would add, summed. */
export interface AccruedCharges {
  readonly interest: Kopecks;
  readonly penalty: Kopecks;
}

const NONE: AccruedCharges = { interest: kopecks(0n), penalty: kopecks(0n) };

function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function earlierDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) <= 0 ? a : b;
}

/** Days from `from` to `until` inclusive, all charging alike. */
interface Run {
  readonly from: IsoDate;
  readonly until: IsoDate;
}

/**
 * The last day alike with `from`: not past the next day with entries (they count from the day
 * after), the due date (penalty starts after it), nor a holiday's start or end.
 */
function runFrom(
  from: IsoDate,
  loan: LoanTerms,
  bookedDates: readonly IsoDate[],
  untilDate: IsoDate,
): Run {
  let until = untilDate;
  const booked = bookedDates.find((date) => compareDates(date, from) >= 0);
  if (booked) until = earlierDate(until, booked);
  if (compareDates(from, loan.dueDate) <= 0) until = earlierDate(until, loan.dueDate);
  for (const holiday of loan.holidays ?? []) {
    if (compareDates(holiday.from, from) > 0) until = earlierDate(until, addDays(holiday.from, -1));
    else if (compareDates(holiday.until, from) >= 0) until = earlierDate(until, holiday.until);
  }
  return { from, until };
}

/**
 * What the days of a run charge (accrueDay's rule for each): interest, then penalty once
 * overdue and not on holiday, full days while the headroom under the cap lasts, then the day
 * that takes the rest of it, then nothing.
 */
function chargesOfRun(
  position: LedgerPosition,
  loan: LoanTerms,
  run: Run,
  limits: LoanLimits,
): AccruedCharges {
  const { principal } = position.balance;
  if (principal <= 0n) return NONE;
  const holiday = holidayOn(loan.holidays, run.from);
  const interest = interestForDay(principal, dailyRateOn(loan.dailyRate, holiday));
  const overdue = !holiday && compareDates(run.from, loan.dueDate) > 0;
  const penalty = overdue ? penaltyForDay(principal, limits) : 0n;
  const daily = interest + penalty;
  if (daily === 0n) return NONE;
  const cap = chargesCapAmount(loan.principal, loan.contractDate, limits);
  const headroom = cap > position.chargedSoFar ? cap - position.chargedSoFar : 0n;
  const days = BigInt(daysBetween(run.from, run.until) + 1);
  const fullDays = smaller(days, headroom / daily);
  const rest = fullDays < days ? headroom - daily * fullDays : 0n;
  const lastInterest = smaller(interest, rest);
  return {
    interest: kopecks(interest * fullDays + lastInterest),
    penalty: kopecks(penalty * fullDays + smaller(penalty, rest - lastInterest)),
  };
}

function chargeEntries(charges: AccruedCharges, date: IsoDate): ChargeEntry[] {
  return (['interest', 'penalty'] as const)
    .filter((kind) => charges[kind] > 0n)
    .map((kind) => ({ id: `${kind}:run`, kind, amount: charges[kind], date }));
}

/** Where accrual starts: the first open day, the position before it, the entries from it. */
interface AccrualStart {
  readonly first: IsoDate;
  readonly before: LedgerPosition;
  readonly byDate: ReadonlyMap<IsoDate, readonly LedgerEntry[]>;
  readonly bookedDates: readonly IsoDate[];
  readonly index: LedgerIndex;
}

function startOf(entries: readonly LedgerEntry[], loan: LoanTerms): AccrualStart {
  const index = indexLedger(entries);
  const first = firstOpenDay(entries, loan);
  const earlier: LedgerEntry[] = [];
  const byDate = new Map<IsoDate, LedgerEntry[]>();
  for (const entry of entries) {
    if (compareDates(entry.date, first) < 0) earlier.push(entry);
    else byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
  }
  const before = advancePosition(EMPTY_POSITION, earlier, index);
  return { first, before, byDate, bookedDates: [...byDate.keys()].sort(compareDates), index };
}

function chargesUntil(
  start: AccrualStart,
  loan: LoanTerms,
  untilDate: IsoDate,
  limits: LoanLimits,
): AccruedCharges {
  if (compareDates(start.first, untilDate) > 0) return NONE;
  assertDailyRateAllowed(loan.dailyRate, limits);
  let position = start.before;
  let interest = 0n;
  let penalty = 0n;
  for (let from = start.first; compareDates(from, untilDate) <= 0;) {
    const run = runFrom(from, loan, start.bookedDates, untilDate);
    const charges = chargesOfRun(position, loan, run, limits);
    interest += charges.interest;
    penalty += charges.penalty;
    const booked = start.byDate.get(run.until) ?? [];
    const added = [...chargeEntries(charges, run.until), ...booked];
    position = advancePosition(position, added, start.index);
    from = addDays(run.until, 1);
  }
  return { interest: kopecks(interest), penalty: kopecks(penalty) };
}

/**
 * The sums of `accrueUntil(entries, loan, untilDate, limits)`: the interest and penalty of every
 * day after the last accrued one up to `untilDate` inclusive, to add to the entries' position.
 */
export function accruedCharges(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  untilDate: IsoDate,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): AccruedCharges {
  return chargesUntil(startOf(entries, loan), loan, untilDate, limits);
}

/**
 * The entries' own position and, for each of `dates`, accruedCharges up to it: one pass over
 * the entries for all of them.
 */
export function positionWithCharges(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  dates: readonly IsoDate[],
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): { booked: LedgerPosition; charges: AccruedCharges[] } {
  const start = startOf(entries, loan);
  const later = [...start.byDate.values()].flat();
  return {
    booked: advancePosition(start.before, later, start.index),
    charges: dates.map((date) => chargesUntil(start, loan, date, limits)),
  };
}
