import type { Kopecks } from '../money';
import { accrueUntil, type LoanTerms } from './accrual';
import { compareDates, type IsoDate } from './dates';
import { balanceOf, chargesOf, type Balance, type LedgerEntry } from './ledger';
import { chargesCapAmount, DEFAULT_LOAN_LIMITS, type LoanLimits } from './limits';

/**
 * What the borrower owes, in full view (353-FZ art. 10: free information about the debt): today's
 * payoff, the sum due on the due date if nothing is paid before it, and the charges made so far
 * against the legal cap of all charges (353-FZ art. 5 part 24).
 */
export interface DebtOutlook {
  readonly today: Balance;
  /** Null once the due date has passed: the debt is already overdue. */
  readonly onDueDate: Balance | null;
  readonly charged: Kopecks;
  readonly chargesCap: Kopecks;
}

export function debtOutlook(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  today: IsoDate,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): DebtOutlook {
  const untilToday = [...entries, ...accrueUntil(entries, loan, today, limits)];
  const inTerm = compareDates(today, loan.dueDate) < 0;
  const untilDue = inTerm
    ? [...untilToday, ...accrueUntil(untilToday, loan, loan.dueDate, limits)]
    : null;
  return {
    today: balanceOf(untilToday),
    onDueDate: untilDue ? balanceOf(untilDue) : null,
    charged: chargesOf(untilToday),
    chargesCap: chargesCapAmount(loan.principal, loan.contractDate, limits),
  };
}
