import { kopecks, type Kopecks } from '../money';
import { accrueDay, type LoanTerms } from './accrual';
import { addDays, compareDates, laterDate, type IsoDate } from './dates';
import {
  positionOfDirect,
  type Allocation,
  type ChargeEntry,
  type DirectEntry,
  type LedgerEntry,
  type LedgerEntryKind,
} from './ledger';
import { DEFAULT_LOAN_LIMITS, type LoanLimits } from './limits';

/**
 * A ledger's entries of one kind summed: what the database gives the accrual job instead of
 * the entries (a few rows a loan, not one a day).
 */
export interface KindTotal {
  readonly kind: LedgerEntryKind;
  readonly count: number;
  readonly amount: Kopecks;
  /** The allocations summed, for the kinds that have one (payments, write-offs). */
  readonly allocation: Allocation | null;
  readonly firstDate: IsoDate;
  readonly lastDate: IsoDate;
}

function allocationOf(entry: LedgerEntry): Allocation | null {
  return 'allocation' in entry ? entry.allocation : null;
}

function addAllocations(a: Allocation | null, b: Allocation | null): Allocation | null {
  if (!a || !b) return a ?? b;
  return {
    penalty: kopecks(a.penalty + b.penalty),
    interest: kopecks(a.interest + b.interest),
    principal: kopecks(a.principal + b.principal),
  };
}

/** The totals of `entries` by kind, as `group by kind` sums them. */
export function kindTotalsOf(entries: readonly LedgerEntry[]): KindTotal[] {
  const totals = new Map<LedgerEntryKind, KindTotal>();
  for (const entry of entries) {
    const total = totals.get(entry.kind);
    totals.set(
      entry.kind,
      total
        ? {
            kind: entry.kind,
            count: total.count + 1,
            amount: kopecks(total.amount + entry.amount),
            allocation: addAllocations(total.allocation, allocationOf(entry)),
            firstDate: compareDates(entry.date, total.firstDate) < 0 ? entry.date : total.firstDate,
            lastDate: laterDate(total.lastDate, entry.date),
          }
        : {
            kind: entry.kind,
            count: 1,
            amount: entry.amount,
            allocation: allocationOf(entry),
            firstDate: entry.date,
            lastDate: entry.date,
          },
    );
  }
  return [...totals.values()];
}

/** A kind's total as one entry of that kind; null for a reversal (its effect is its target's). */
function asEntry(total: KindTotal): DirectEntry | null {
  const { kind, amount, lastDate: date } = total;
  switch (kind) {
    case 'reversal':
      return null;
    case 'payment':
    case 'prolongation_fee':
    case 'write_off':
      return total.allocation
        ? { id: kind, kind, amount, date, allocation: total.allocation }
        : null;
    case 'payout':
    case 'interest':
    case 'penalty':
    case 'refund':
    case 'insurance_premium':
    case 'insurance_refund':
      return { id: kind, kind, amount, date };
  }
}

/**
 * accrueUntil for the accrual job's usual loan, from its ledger's totals by kind: a ledger with
 * no reversal, accrued up to the day before `untilDate` and with nothing dated after its last
 * accrued day gets that one day by the one-day rule, on the position of its totals — what
 * accrueUntil books from the entries. Null for any other ledger: read its entries and call
 * accrueUntil.
 */
export function accrueDayFromTotals(
  totals: readonly KindTotal[],
  loan: LoanTerms,
  untilDate: IsoDate,
  limits: LoanLimits = DEFAULT_LOAN_LIMITS,
): ChargeEntry[] | null {
  let lastAccrued = loan.contractDate;
  for (const total of totals) {
    if (total.kind === 'interest' || total.kind === 'penalty') {
      lastAccrued = laterDate(lastAccrued, total.lastDate);
    }
  }
  const first = addDays(lastAccrued, 1);
  if (compareDates(untilDate, first) < 0) return [];
  if (compareDates(untilDate, first) > 0) return null;
  const entries: DirectEntry[] = [];
  for (const total of totals) {
    const entry = asEntry(total);
    if (!entry || compareDates(total.lastDate, first) >= 0) return null;
    entries.push(entry);
  }
  return accrueDay({ ...positionOfDirect(entries), loan, date: first, limits });
}
