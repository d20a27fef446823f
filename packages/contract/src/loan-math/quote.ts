import { kopecks, type Kopecks } from '../money';
import { addDays, type IsoDate } from './dates';
import {
  assertDailyRateAllowed,
  chargesCapAmount,
  DEFAULT_LOAN_LIMITS,
  interestForDay,
  type LoanLimits,
} from './limits';
import { pskForSinglePayment, type Psk } from './psk';
import type { DailyRate } from './rates';

export interface LoanQuoteRequest {
  readonly principal: Kopecks;
  readonly days: number;
  readonly dailyRate: DailyRate;
  readonly contractDate: IsoDate;
  readonly limits?: LoanLimits;
}

export interface LoanQuote {
  readonly interest: Kopecks;
  readonly totalToReturn: Kopecks;
  readonly dueDate: IsoDate;
  readonly psk: Psk;
}

function assertQuoteRequest({ principal, days }: LoanQuoteRequest): void {
  if (principal <= 0n) throw new RangeError('Principal must be positive');
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`Bad term: ${days}`);
}

/**
 * What a loan costs if repaid on the due date: interest for `days` days (the contract day is not
 * charged, the due date is), capped by the charges limit; the due date; the ПСК.
 */
export function quoteLoan(request: LoanQuoteRequest): LoanQuote {
  assertQuoteRequest(request);
  const { principal, days, dailyRate, contractDate } = request;
  const limits = request.limits ?? DEFAULT_LOAN_LIMITS;
  assertDailyRateAllowed(dailyRate, limits);
  const uncapped = interestForDay(principal, dailyRate) * BigInt(days);
  const cap = chargesCapAmount(principal, contractDate, limits);
  const interest = kopecks(uncapped < cap ? uncapped : cap);
  const totalToReturn = kopecks(principal + interest);
  return {
    interest,
    totalToReturn,
    dueDate: addDays(contractDate, days),
    psk: pskForSinglePayment({ principal, totalToReturn, days }),
  };
}
