import { kopecks, type Kopecks } from '../money';
import type { LoanTerms } from './accrual';
import { positionWithCharges, type AccruedCharges } from './accrued-charges';
import { compareDates, type IsoDate } from './dates';
import { type Balance, type LedgerEntry, type LedgerPosition } from './ledger';
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

const NO_CHARGES: AccruedCharges = { interest: kopecks(0n), penalty: kopecks(0n) };

/** The position once the accrued charges are added to it. */
function withCharges(position: LedgerPosition, charges: AccruedCharges): LedgerPosition {
  const { principal, interest, penalty } = position.balance;
  const added = charges.interest + charges.penalty;
  return {
    balance: {
      principal,
      interest: kopecks(interest + charges.interest),
      penalty: kopecks(penalty + charges.penalty),
      total: kopecks(principal + interest + penalty + added),
    },
    chargedSoFar: kopecks(position.chargedSoFar + added),
  };
}

/**
 * The entries' position plus what accrueUntil would charge up to today (and, in term, up to the
 * due date), summed without making the days' entries (accruedCharges).
 */
export function debtOutlook(
  entries: readonly LedgerEntry[],
  loan: LoanTerms,
  today: IsoDate,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): DebtOutlook {
  const inTerm = compareDates(today, loan.dueDate) < 0;
  const dates = inTerm ? [today, loan.dueDate] : [today];
  const { booked, charges } = positionWithCharges(entries, loan, dates, limits);
  const [toToday = NO_CHARGES, toDue] = charges;
  const untilToday = withCharges(booked, toToday);
  const untilDue = toDue ? withCharges(booked, toDue) : null;
  return {
    today: untilToday.balance,
    onDueDate: untilDue ? untilDue.balance : null,
    charged: untilToday.chargedSoFar,
    chargesCap: chargesCapAmount(loan.principal, loan.contractDate, limits),
  };
}
