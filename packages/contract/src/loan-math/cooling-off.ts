import type { Kopecks } from '../money';

/*
 * The cooling-off before a payout (353-ФЗ ст. 7 ч. 9.3, added by Федеральный закон от 13.02.2025
 * № 9-ФЗ, in force from 01.09.2025): a loan of 50 000 ₽ up to 200 000 ₽ is provided not earlier
 * than 4 hours after the borrower signs the individual terms, a larger one not earlier than 48
 * hours after; smaller loans have none. The bands and hours are configuration (the server's
 * `config.loans.coolingOff`): whether both bounds are inclusive is for a lawyer to confirm
 * (docs/money-and-law.md «Borrower protections»).
 */

export interface CoolingOffRules {
  /** The smallest amount with a cooling-off (inclusive): 50 000 ₽. */
  readonly shortFrom: Kopecks;
  readonly shortHours: number;
  /** Amounts above this (exclusive) wait the long period: above 200 000 ₽. */
  readonly longAbove: Kopecks;
  readonly longHours: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The hours the money waits after signing a loan of `amount`; 0 below the first band. */
export function coolingOffHours(rules: CoolingOffRules, amount: Kopecks): number {
  if (amount > rules.longAbove) return rules.longHours;
  if (amount >= rules.shortFrom) return rules.shortHours;
  return 0;
}

/** The first moment the money may go out for a loan signed at `signedAt`; null: at once. */
export function payoutNotBefore(
  rules: CoolingOffRules,
  amount: Kopecks,
  signedAt: Date,
): Date | null {
  const hours = coolingOffHours(rules, amount);
  return hours > 0 ? new Date(signedAt.getTime() + hours * HOUR_MS) : null;
}
