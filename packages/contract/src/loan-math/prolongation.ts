import { kopecks, type Kopecks } from '../money';
import { addDays, compareDates, laterDate, type IsoDate } from './dates';
import type { LoanTerms } from './accrual';
import type { Balance, EntryId, PaymentEntry } from './ledger';

export interface ProlongationRequest {
  /** The balance after accrual up to `date` (accrueUntil). */
  readonly balance: Balance;
  readonly loan: LoanTerms;
  readonly days: number;
  readonly date: IsoDate;
}

export interface ProlongationQuote {
  /** What the client pays: all accrued unpaid interest plus any penalty. */
  readonly price: Kopecks;
  readonly interest: Kopecks;
  readonly penalty: Kopecks;
  readonly newDueDate: IsoDate;
}

function assertProlongation({ balance, loan, days, date }: ProlongationRequest): void {
  if (balance.principal <= 0n) throw new RangeError('Nothing to prolong: principal is repaid');
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`Bad term: ${days}`);
  if (compareDates(date, loan.contractDate) < 0) throw new RangeError('Before the contract');
}

/**
 * The price of moving the due date by `days`: the accrued unpaid interest and the penalty too, so
 * that a prolonged loan is no longer overdue and owes nothing but principal. The new due date
 * counts from the current due date, or from today when the loan is already overdue. Principal is
 * untouched: unpaid interest is never folded into it.
 */
export function quoteProlongation(request: ProlongationRequest): ProlongationQuote {
  assertProlongation(request);
  const { balance, loan, days, date } = request;
  return {
    price: kopecks(balance.interest + balance.penalty),
    interest: balance.interest,
    penalty: balance.penalty,
    newDueDate: addDays(laterDate(loan.dueDate, date), days),
  };
}

export interface PaidProlongation {
  /** The 'prolongation_fee' payment; none when nothing had accrued (a free prolongation). */
  readonly entries: PaymentEntry[];
  readonly loan: LoanTerms;
}

/** Records a paid prolongation: the payment entry and the loan with its new due date. */
export function applyProlongation(id: EntryId, request: ProlongationRequest): PaidProlongation {
  const quote = quoteProlongation(request);
  const entry: PaymentEntry = {
    id,
    kind: 'prolongation_fee',
    amount: quote.price,
    date: request.date,
    allocation: { penalty: quote.penalty, interest: quote.interest, principal: kopecks(0n) },
  };
  return {
    entries: quote.price > 0n ? [entry] : [],
    loan: { ...request.loan, dueDate: quote.newDueDate },
  };
}
