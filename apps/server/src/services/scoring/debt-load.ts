import { divideRounded, kopecks, type Kopecks } from '@zaymo/contract';
import type { Obligation } from '../../integrations/bureau';

/*
 * The average monthly payments ПДН weighs (353-FZ art. 5.1; the method: Указание Банка России
 * 6579-У). Other loans: the bureau's figure for each open obligation (the qualified bureau's own
 * one first, report-reply.ts); one without a figure counts its whole outstanding debt, as a loan
 * due within a month would. Ours: repaid in one payment, that payment when the term is at most a
 * month, otherwise the payment spread over the term's months (30 days each). A lawyer should
 * confirm both readings of 6579-У (docs/money-and-law.md).
 */

const DAYS_IN_MONTH = 30n;

export function loanMonthlyPayment(totalToReturn: Kopecks, periodDays: number): Kopecks {
  if (periodDays <= 30) return totalToReturn;
  return kopecks(divideRounded(totalToReturn * DAYS_IN_MONTH, BigInt(periodDays)));
}

export function othersMonthlyPayments(obligations: readonly Obligation[]): Kopecks {
  return kopecks(
    obligations
      .filter((obligation) => obligation.closedOn === null)
      .reduce((sum, obligation) => sum + (obligation.monthlyPayment ?? obligation.outstanding), 0n),
  );
}
