import { divideRounded, kopecks, type Kopecks } from '../money';
import { DAYS_IN_YEAR } from './limits';

/**
 * ПСК (353-FZ art. 6): ПСК = i × ЧБП × 100, ЧБП = 365 / base period in days (an exact ratio).
 * `percent` is a decimal string with exactly three decimals, '292.000'; `amount` is the cost in
 * money: everything the borrower pays minus what they receive.
 *
 * Rounding: the percentage is computed exactly (bigint rationals) and rounded once, to thousandths
 * of a percent, half up (divideRounded, the one rounding rule; ПСК is never negative here).
 */
export interface Psk {
  readonly percent: string;
  readonly amount: Kopecks;
}

/** i × ЧБП × 100 × 1000 = i × (365 / base period) × 100 000: thousandths of a percent. */
export const THOUSANDTHS_OF_PERCENT = 100_000n;

/** 292000n → '292.000'. */
export function formatThousandths(thousandths: bigint): string {
  const sign = thousandths < 0n ? '-' : '';
  const abs = thousandths < 0n ? -thousandths : thousandths;
  return `${sign}${abs / 1000n}.${(abs % 1000n).toString().padStart(3, '0')}`;
}

export interface SinglePaymentLoan {
  readonly principal: Kopecks;
  readonly totalToReturn: Kopecks;
  readonly days: number;
}

/**
 * One repayment at the end (our product): the base period is the term, so ЧБП = 365 / days and
 * i = (R − S) / S; ПСК = (R − S) × 365 × 100 / (S × days).
 */
export function pskForSinglePayment({ principal, totalToReturn, days }: SinglePaymentLoan): Psk {
  if (principal <= 0n) throw new RangeError('Principal must be positive');
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`Bad term: ${days}`);
  if (totalToReturn < principal) throw new RangeError('Repayment below principal');
  const cost = totalToReturn - principal;
  const thousandths = divideRounded(
    cost * DAYS_IN_YEAR * THOUSANDTHS_OF_PERCENT,
    principal * BigInt(days),
  );
  return { percent: formatThousandths(thousandths), amount: kopecks(cost) };
}
