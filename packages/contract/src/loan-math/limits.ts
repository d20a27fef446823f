import { divideDown, kopecks, type Kopecks } from '../money';
import { compareDates, type IsoDate } from './dates';
import {
  amountWithin,
  chargeAtRate,
  isRatioAtMost,
  ratio,
  type DailyRate,
  type Ratio,
} from './rates';

/** The charges cap for contracts signed on `from` or later (until the next rule's date). */
export interface ChargesCapRule {
  /** null: contracts of any earlier date. */
  readonly from: IsoDate | null;
  /** All charges (interest, fees, penalties) as a share of the original principal. */
  readonly ratio: Ratio;
}

/** Legal limits (353-FZ as of 2026), kept as configuration. */
export interface LoanLimits {
  readonly maxDailyRate: DailyRate;
  /** A contract takes the rule with the latest `from` not after its date. */
  readonly chargesCaps: readonly ChargesCapRule[];
  /** Penalty a year on overdue principal; a day is 1/365 of it. */
  readonly maxPenaltyYearlyRate: Ratio;
}

export const DAYS_IN_YEAR = 365n;

export const DEFAULT_LOAN_LIMITS: LoanLimits = {
  maxDailyRate: ratio(8n, 1000n),
  chargesCaps: [
    { from: null, ratio: ratio(130n, 100n) },
    { from: '2026-04-01', ratio: ratio(100n, 100n) },
  ],
  maxPenaltyYearlyRate: ratio(20n, 100n),
};

function isLaterRule(rule: ChargesCapRule, than: ChargesCapRule): boolean {
  if (rule.from === null) return false;
  return than.from === null || compareDates(rule.from, than.from) > 0;
}

/** The cap on all charges, as a share of principal, for a contract of that date. */
export function chargesCapFor(contractDate: IsoDate, limits: LoanLimits): Ratio {
  const applicable = limits.chargesCaps.filter(
    (rule) => rule.from === null || compareDates(rule.from, contractDate) <= 0,
  );
  const latest = applicable.reduce<ChargesCapRule | undefined>(
    (best, rule) => (best === undefined || isLaterRule(rule, best) ? rule : best),
    undefined,
  );
  if (!latest) throw new RangeError(`No charges cap for a contract of ${contractDate}`);
  return latest.ratio;
}

/** The cap in kopecks: the most all charges of this loan may ever add up to. */
export function chargesCapAmount(
  principal: Kopecks,
  contractDate: IsoDate,
  limits: LoanLimits,
): Kopecks {
  return amountWithin(principal, chargesCapFor(contractDate, limits));
}

/**
 * One day of interest on the outstanding principal: principal × daily rate, rounded down to a
 * kopeck so that no day exceeds the daily rate limit of 353-FZ (at most 0.8 % a day).
 * Accrual charges exactly this each day, so a quote equals what the ledger accrues.
 */
export function interestForDay(principal: Kopecks, dailyRate: DailyRate): Kopecks {
  return chargeAtRate(principal, dailyRate);
}

/**
 * One day of penalty: overduePrincipal × 20 % / 365, rounded down to a kopeck (353-FZ art. 5
 * part 21: a penalty of at most 20 % a year on the overdue debt).
 */
export function penaltyForDay(overduePrincipal: Kopecks, limits: LoanLimits): Kopecks {
  const { numerator, denominator } = limits.maxPenaltyYearlyRate;
  return kopecks(divideDown(overduePrincipal * numerator, denominator * DAYS_IN_YEAR));
}

export function assertDailyRateAllowed(rate: DailyRate, limits: LoanLimits): void {
  if (!isRatioAtMost(rate, limits.maxDailyRate)) {
    throw new RangeError(`Daily rate ${rate.numerator}/${rate.denominator} is above the limit`);
  }
}
