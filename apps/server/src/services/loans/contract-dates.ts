import {
  addDays,
  kopecks,
  ORDER_STATUS,
  type Kopecks,
  type OrderStatusId,
  moscowDate,
} from '@zaymo/contract';
import type { LoanOrderRow } from '../../db/schema';
import { quoteChoice } from './loan-choice';

/*
 * One contract, one set of dates. Interest runs from the day the money is
 * provided, so that day is the contract's date: the due date (date + term) and the charges cap
 * regime follow from it. The money goes out on the signing day or, for a loan with a
 * cooling-off (353-FZ art. 7 part 9.3), on the day the cooling-off ends — a payout on another
 * Moscow day sends the client to sign again — so that day is the contract date the documents
 * print, the ledger books the payout on, and accrual counts from. No interest runs during the
 * cooling-off, as the law requires, because none runs before the payout.
 */

const HOUR_MS = 60 * 60 * 1000;

const SIGNED_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.SIGNED,
  ORDER_STATUS.FAIL_TO_GIVE,
  ORDER_STATUS.GIVEN,
  ORDER_STATUS.EXPIRED,
  ORDER_STATUS.REPAID,
];

type CoolingOff = Pick<LoanOrderRow, 'coolingOffHours'>;

/** The first moment the money of a contract signed at `signedAt` may go out. */
export function payoutMomentOf(order: CoolingOff, signedAt: Date): Date {
  return new Date(signedAt.getTime() + order.coolingOffHours * HOUR_MS);
}

/** The end of a signed order's cooling-off; null when it has none or is not signed. */
export function coolingOffEndOf(order: CoolingOff & Pick<LoanOrderRow, 'signedAt'>): Date | null {
  if (order.coolingOffHours === 0 || !order.signedAt) return null;
  return payoutMomentOf(order, order.signedAt);
}

/** The contract date of a contract signed at `signedAt`: the Moscow day its money may go out. */
export function payoutDayOf(order: CoolingOff, signedAt: Date): string {
  return moscowDate(payoutMomentOf(order, signedAt));
}

/** The contract date of an order, or null when it has no contract (yet). */
export function contractDateOf(
  order: Pick<LoanOrderRow, 'statusId' | 'signedAt' | 'coolingOffHours'>,
  now: Date,
): string | null {
  if (order.statusId === ORDER_STATUS.APPROVED) return payoutDayOf(order, now);
  if (!SIGNED_STATUSES.includes(order.statusId) || !order.signedAt) return null;
  return payoutDayOf(order, order.signedAt);
}

/** True when the money may go out at `now`: on the contract's date, which the documents print. */
export function isSignedOnPayoutDay(
  order: Pick<LoanOrderRow, 'signedAt' | 'coolingOffHours'>,
  now: Date,
): boolean {
  return order.signedAt !== null && payoutDayOf(order, order.signedAt) === moscowDate(now);
}

export interface ContractTerms {
  readonly contractDate: string;
  readonly dueDate: string;
  readonly interest: Kopecks;
  readonly totalToReturn: Kopecks;
  readonly psk: { readonly percent: string; readonly amount: Kopecks };
}

/** The quote of the order for a contract of `contractDate`: the cap regime of that date. */
export function contractTermsOn(
  order: Pick<LoanOrderRow, 'dayPercent' | 'amount' | 'period'>,
  contractDate: string,
): ContractTerms {
  const quote = quoteChoice(order.dayPercent, kopecks(order.amount), order.period, contractDate);
  return {
    contractDate,
    dueDate: addDays(contractDate, order.period),
    interest: quote.interest,
    totalToReturn: quote.totalToReturn,
    psk: { percent: quote.psk.percent, amount: quote.psk.amount },
  };
}

/** The columns of loan_orders that keep the quote, for a contract of `contractDate`. */
export function storedQuoteOn(
  order: Pick<LoanOrderRow, 'dayPercent' | 'amount' | 'period'>,
  contractDate: string,
): Pick<LoanOrderRow, 'interest' | 'returnSum' | 'pskPercent' | 'pskAmount'> {
  const terms = contractTermsOn(order, contractDate);
  return {
    interest: terms.interest,
    returnSum: terms.totalToReturn,
    pskPercent: terms.psk.percent,
    pskAmount: terms.psk.amount,
  };
}
