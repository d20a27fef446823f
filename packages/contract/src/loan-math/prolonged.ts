import { kopecks, type Kopecks } from '../money';
import { compareDates, type IsoDate } from './dates';
import { accrueUntil, type LoanTerms } from './accrual';
import { balanceOf, type LedgerEntry, type PaymentEntry } from './ledger';
import { DEFAULT_LOAN_LIMITS, type LoanLimits } from './limits';
import { applyProlongation } from './prolongation';
import { pskFromCashFlows, type CashFlow } from './psk-cash-flows';
import type { Psk } from './psk';

/*
 * What a prolongation agreement promises (decisions §3, 353-FZ art. 6): after the price is
 * paid on the agreement day, the sum due on the new due date (principal and the interest
 * accrued up to it, within the cap), and the ПСК of the prolonged loan — the law's equation over
 * every flow of the contract: the payout, what was paid so far and the price, and the sum due.
 */

export interface ProlongedLoanRequest {
  /** The loan's ledger on the agreement day, accrued up to that day (accrueUntil). */
  readonly entries: readonly LedgerEntry[];
  /** The accrual terms with the due date in force before the prolongation. */
  readonly loan: LoanTerms;
  readonly days: number;
  readonly date: IsoDate;
  readonly limits?: LoanLimits;
}

export interface ProlongedLoan {
  /** The price paid on the agreement day (accrued interest and penalty). */
  readonly price: Kopecks;
  readonly newDueDate: IsoDate;
  /** What repays the loan on the new due date. */
  readonly sumDue: Kopecks;
  readonly psk: Psk;
}

const AGREEMENT_ENTRY_ID = 'prolongation:agreement';

function paidOf(entry: PaymentEntry): bigint {
  const { penalty, interest, principal } = entry.allocation;
  return penalty + interest + principal;
}

/** Money out (the payout) and in (payments), one flow per date, oldest first. */
export function contractCashFlows(entries: readonly LedgerEntry[], final: CashFlow): CashFlow[] {
  const reversed = new Set(entries.flatMap((e) => (e.kind === 'reversal' ? [e.reverses] : [])));
  const byDate = new Map<IsoDate, bigint>();
  const add = (date: IsoDate, amount: bigint) =>
    byDate.set(date, (byDate.get(date) ?? 0n) + amount);
  for (const entry of entries) {
    if (reversed.has(entry.id)) continue;
    if (entry.kind === 'payout') add(entry.date, -entry.amount);
    if (entry.kind === 'payment' || entry.kind === 'prolongation_fee')
      add(entry.date, paidOf(entry));
  }
  add(final.date, final.amount);
  return [...byDate]
    .sort(([a], [b]) => compareDates(a, b))
    .map(([date, amount]) => ({ date, amount: kopecks(amount) }));
}

/** The prolonged loan if its price is paid on `date`: the sum due on the new date and its ПСК. */
export function prolongedLoan(request: ProlongedLoanRequest): ProlongedLoan {
  const { entries, loan, days, date } = request;
  const limits = request.limits ?? DEFAULT_LOAN_LIMITS;
  const paid = applyProlongation(AGREEMENT_ENTRY_ID, {
    balance: balanceOf(entries),
    loan,
    days,
    date,
  });
  const after = [...entries, ...paid.entries];
  const newDueDate = paid.loan.dueDate;
  const accrued = accrueUntil(after, paid.loan, newDueDate, limits);
  const sumDue = balanceOf([...after, ...accrued]).total;
  const flows = contractCashFlows(after, { date: newDueDate, amount: sumDue });
  return {
    price: kopecks(paid.entries.reduce((sum, entry) => sum + entry.amount, 0n)),
    newDueDate,
    sumDue,
    psk: pskFromCashFlows(flows),
  };
}
