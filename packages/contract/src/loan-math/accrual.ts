import { groupBy } from '../group-by';
import { kopecks, type Kopecks } from '../money';
import { addDays, compareDates, laterDate, type IsoDate } from './dates';
import {
  advancePosition,
  indexLedger,
  positionBefore,
  type Balance,
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
import type { DailyRate } from './rates';
import { dailyRateOn, holidayOn, type CreditHoliday } from './credit-holiday';

/** The terms accrual needs. `principal` is the original loan amount (the cap's base). */
export interface LoanTerms {
  readonly principal: Kopecks;
  readonly dailyRate: DailyRate;
  readonly contractDate: IsoDate;
  /** The current due date (moved by each prolongation). */
  readonly dueDate: IsoDate;
  /** Approved credit holidays: no penalty on their days, interest at their rate. */
  readonly holidays?: readonly CreditHoliday[];
}

export interface AccrualDay {
  /** The balance at the start of `date` (entries dated before it). */
  readonly balance: Balance;
  readonly loan: LoanTerms;
  readonly date: IsoDate;
  /** Charges made before `date`, net of reversals (chargesOf). */
  readonly chargedSoFar: Kopecks;
  readonly limits?: LoanLimits;
}

/** Accrual ids are deterministic, unique within one loan's ledger: 'interest:2026-05-01'. */
export function accrualEntryId(kind: ChargeEntry['kind'], date: IsoDate): string {
  return `${kind}:${date}`;
}

function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function pushCharge(
  charges: ChargeEntry[],
  kind: ChargeEntry['kind'],
  amount: bigint,
  date: IsoDate,
): void {
  if (amount > 0n)
    charges.push({ id: accrualEntryId(kind, date), kind, amount: kopecks(amount), date });
}

/**
 * One day's charges. Interest (contract day excluded, due date included) on the outstanding
 * principal; after the due date also penalty at ≤ 20 %/year on the overdue principal. Interest
 * is taken first; both stop where all charges reach the cap on the original principal. A day of
 * a credit holiday charges no penalty and interest at the holiday's rate, if lower.
 */
export function accrueDay(day: AccrualDay): ChargeEntry[] {
  const { balance, loan, date, chargedSoFar } = day;
  const limits = day.limits ?? DEFAULT_LOAN_LIMITS;
  if (compareDates(date, loan.contractDate) <= 0) return [];
  assertDailyRateAllowed(loan.dailyRate, limits);
  const cap = chargesCapAmount(loan.principal, loan.contractDate, limits);
  const headroom = cap > chargedSoFar ? cap - chargedSoFar : 0n;
  const holiday = holidayOn(loan.holidays, date);
  const rate = dailyRateOn(loan.dailyRate, holiday);
  const interest = smaller(interestForDay(balance.principal, rate), headroom);
  const overdue = !holiday && compareDates(date, loan.dueDate) > 0;
  const penalty = overdue
    ? smaller(penaltyForDay(balance.principal, limits), headroom - interest)
    : 0n;
  const charges: ChargeEntry[] = [];
  pushCharge(charges, 'interest', interest, date);
  pushCharge(charges, 'penalty', penalty, date);
  return charges;
}

/** The day after the last accrued day (or after the contract day when nothing was accrued). */
export function firstOpenDay(entries: readonly LedgerEntry[], loan: LoanTerms): IsoDate {
  let lastAccrued = loan.contractDate;
  for (const entry of entries) {
    if (entry.kind === 'interest' || entry.kind === 'penalty') {
      lastAccrued = laterDate(lastAccrued, entry.date);
    }
  }
  return addDays(lastAccrued, 1);
}

function entriesByDate(entries: readonly LedgerEntry[]): Map<IsoDate, LedgerEntry[]> {
  return groupBy(entries, (entry) => entry.date);
}

/** False when no day can charge anything until a new entry is booked (capped or repaid). */
function canAccrue(loan: LoanTerms, position: LedgerPosition, limits: LoanLimits): boolean {
  const cap = chargesCapAmount(loan.principal, loan.contractDate, limits);
  return position.balance.principal > 0n && position.chargedSoFar < cap;
}

/** One pass over the days of accrueUntil. */
interface AccrualRun {
  readonly loan: LoanTerms;
  readonly limits: LoanLimits;
  readonly index: LedgerIndex;
  readonly byDate: ReadonlyMap<IsoDate, readonly LedgerEntry[]>;
  /** The dates that have entries, in order. */
  readonly bookedDates: readonly IsoDate[];
  readonly untilDate: IsoDate;
}

/** Tomorrow; or, while nothing can accrue, the next date with a booked entry (or the end). */
function nextDayToAccrue(date: IsoDate, position: LedgerPosition, run: AccrualRun): IsoDate {
  if (canAccrue(run.loan, position, run.limits)) return addDays(date, 1);
  const booked = run.bookedDates.find((candidate) => compareDates(candidate, date) > 0);
  return booked ?? addDays(run.untilDate, 1);
}

function startRun(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  untilDate: IsoDate,
  limits: LoanLimits,
  index: LedgerIndex,
): AccrualRun {
  const byDate = entriesByDate(entries);
  const bookedDates = [...byDate.keys()].sort(compareDates);
  return { loan, limits, index, byDate, bookedDates, untilDate };
}

/**
 * The charges for every day after the last accrued one up to `untilDate` inclusive. Idempotent:
 * call it with the same date again (after appending its result) and it returns nothing. Call it
 * before recording a payment or prolongation of that date, with the due date then in force.
 * Days on which nothing can accrue (capped or repaid) are skipped up to the next booked entry.
 * A ledger accrued up to the day before `untilDate` (the daily job's case) gets that one day by
 * the one-day rule directly, without indexing the ledger by date.
 */
export function accrueUntil(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  untilDate: IsoDate,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): ChargeEntry[] {
  const index = indexLedger(entries);
  const first = firstOpenDay(entries, loan);
  const days = compareDates(untilDate, first) + 1;
  if (days <= 0) return [];
  const position = positionBefore(entries, first, index);
  if (days === 1) return accrueDay({ ...position, loan, date: first, limits });
  return accrueDays(startRun(entries, loan, untilDate, limits, index), first, position);
}

/** accrueUntil's days from `first`, each after the entries booked on the days before it. */
function accrueDays(run: AccrualRun, first: IsoDate, start: LedgerPosition): ChargeEntry[] {
  const { loan, limits, index, byDate, untilDate } = run;
  let position = start;
  const added: ChargeEntry[] = [];
  for (let date = first; compareDates(date, untilDate) <= 0;) {
    const charges = accrueDay({ ...position, loan, date, limits });
    for (const entry of charges) added.push(entry);
    position = advancePosition(position, charges, index);
    position = advancePosition(position, byDate.get(date) ?? [], index);
    date = nextDayToAccrue(date, position, run);
  }
  return added;
}
