import { divideDown, divideRounded, kopecks, type Kopecks } from '../money';

/**
 * An exact non-negative fraction. Rates are fractions of an amount: a daily rate of 0.8 % is
 * { numerator: 1n, denominator: 125n } (8/1000 reduced), a cap of 130 % is 13/10. Kept reduced,
 * so two equal rates are equal field by field. No floats anywhere: '0.8' is read digit by digit.
 */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** A share of the principal charged per day (0.8 %/day = 1/125). */
export type DailyRate = Ratio;

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b);
}

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator <= 0n || numerator < 0n) {
    throw new RangeError(`Not a non-negative ratio: ${numerator}/${denominator}`);
  }
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

const PERCENT_PATTERN = /^(\d+)(?:[.,](\d+))?%?$/;

/** «0.8», «0,8», «20 %», «130» → the exact fraction; null when the text is not a percentage. */
export function parsePercent(text: string): Ratio | null {
  const match = PERCENT_PATTERN.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return ratio(BigInt(whole + fraction), 100n * 10n ** BigInt(fraction.length));
}

/** parseDailyPercent('0.8') → 1/125 of the principal per day. */
export function parseDailyPercent(text: string): DailyRate | null {
  return parsePercent(text);
}

/** a ≤ b, exactly. */
export function isRatioAtMost(a: Ratio, b: Ratio): boolean {
  return a.numerator * b.denominator <= b.numerator * a.denominator;
}

/** amount × rate, rounded half up to a kopeck (divideRounded): for figures that are not charges. */
export function applyRate(amount: Kopecks, rate: Ratio): Kopecks {
  return kopecks(divideRounded(amount * rate.numerator, rate.denominator));
}

/** amount × rate, rounded down to a kopeck (divideDown): the rule for a day's charge. */
export function chargeAtRate(amount: Kopecks, rate: Ratio): Kopecks {
  return kopecks(divideDown(amount * rate.numerator, rate.denominator));
}

/**
 * The largest whole-kopeck amount not above amount × limit. Used only for limits (the charges
 * cap): a limit may never be exceeded, so it is never rounded up. Charges themselves are rounded
 * by divideRounded.
 */
export function amountWithin(amount: Kopecks, limit: Ratio): Kopecks {
  return kopecks((amount * limit.numerator) / limit.denominator);
}
