import { kopecks, type Kopecks } from '../money';
import { compareDates, type IsoDate } from './dates';
import {
  allocatePayment,
  balanceOf,
  type EntryId,
  type LedgerEntry,
  type PaymentEntry,
  type ReversalEntry,
  type WriteOffEntry,
} from './ledger';

/**
 * The insurance premium withheld from the payout at the client's request: the loan's principal
 * is the whole sum provided (the payout entry), of which this part went to the insurer instead of
 * the card. A money movement of its own, shown in the history; it changes nothing owed and is no
 * charge of the lender (not under the cap).
 */
export interface InsurancePremiumEntry {
  readonly id: EntryId;
  readonly kind: 'insurance_premium';
  readonly amount: Kopecks;
  readonly date: IsoDate;
}

export const INSURANCE_PREMIUM_ENTRY_ID: EntryId = 'insurance_premium';

/**
 * The premium paid back to the client's card after they refused the insurance (353-ФЗ ст. 7
 * ч. 2.7): money out to the card, like a refund. The loan's principal is the sum provided and
 * stays as it was; the entry changes nothing owed.
 */
export interface InsuranceRefundEntry {
  readonly id: EntryId;
  readonly kind: 'insurance_refund';
  readonly amount: Kopecks;
  readonly date: IsoDate;
}

/** The premium entry of a payout of `principal` with `premium` withheld; none without one. */
export function insurancePremiumEntries(
  payout: { readonly principal: Kopecks; readonly date: IsoDate },
  premium: Kopecks,
): InsurancePremiumEntry[] {
  if (premium < 0n || premium >= payout.principal) {
    throw new RangeError('The premium must be less than the principal provided');
  }
  if (premium === 0n) return [];
  return [
    {
      id: INSURANCE_PREMIUM_ENTRY_ID,
      kind: 'insurance_premium',
      amount: premium,
      date: payout.date,
    },
  ];
}

export interface NewPayment {
  readonly id: EntryId;
  readonly date: IsoDate;
  /** The whole sum received; what exceeds the debt stays unallocated (an overpayment). */
  readonly amount: Kopecks;
  readonly kind?: PaymentEntry['kind'];
  /** The loan's due date in force on the payment's day: after it, the debt is overdue. */
  readonly dueDate: IsoDate;
}

/**
 * The entry for money received, allocated against the balance of `entries` in the order of 353-FZ
 * art. 5 part 20 (allocatePayment). Accrue up to the payment date first (accrueUntil), so the
 * day's interest is owed.
 */
export function paymentEntry(entries: readonly LedgerEntry[], payment: NewPayment): PaymentEntry {
  if (payment.amount <= 0n) throw new RangeError('A payment must be positive');
  const overdue = compareDates(payment.date, payment.dueDate) > 0;
  const state = overdue ? 'overdue' : 'in_term';
  const { penalty, interest, principal } = allocatePayment(
    balanceOf(entries),
    payment.amount,
    state,
  );
  return {
    id: payment.id,
    kind: payment.kind ?? 'payment',
    amount: payment.amount,
    date: payment.date,
    allocation: { penalty, interest, principal },
  };
}

/** The part of a payment entry that paid no debt (to be refunded by the server). */
export function overpaymentOf(entry: PaymentEntry): Kopecks {
  const { penalty, interest, principal } = entry.allocation;
  return kopecks(entry.amount - penalty - interest - principal);
}

export interface NewReversal {
  readonly id: EntryId;
  readonly date: IsoDate;
  readonly reverses: EntryId;
}

/**
 * A correction cancelling one entry. Refused when it would leave a part of the balance negative
 * (e.g. reversing interest that was already paid): reverse the later payment first.
 */
export function reversalEntry(
  entries: readonly LedgerEntry[],
  reversal: NewReversal,
): ReversalEntry {
  const target = entries.find((entry) => entry.id === reversal.reverses);
  if (!target) throw new RangeError(`No entry ${reversal.reverses} to reverse`);
  const entry: ReversalEntry = { ...reversal, kind: 'reversal', amount: target.amount };
  const after = balanceOf([...entries, entry]);
  if (after.principal < 0n || after.interest < 0n || after.penalty < 0n) {
    throw new RangeError(`Reversing ${reversal.reverses} would make the balance negative`);
  }
  return entry;
}

/** A full repayment whose sum was quoted on one day and whose money arrived on a later one. */
export interface LateFullRepayment {
  readonly id: EntryId;
  /** The day the money arrived: the ledger is accrued up to it. */
  readonly date: IsoDate;
  /** The day the sum was quoted: the debt the client agreed to pay off. */
  readonly quotedOn: IsoDate;
  /** The quoted sum, all of which arrived. */
  readonly paid: Kopecks;
}

/** Interest and penalty charged on the days after `day` (net of their reversals). */
function chargesAfter(
  entries: readonly LedgerEntry[],
  day: IsoDate,
): { interest: bigint; penalty: bigint } {
  const sums = { interest: 0n, penalty: 0n };
  const reversed = new Set(entries.flatMap((e) => (e.kind === 'reversal' ? [e.reverses] : [])));
  for (const entry of entries) {
    if (entry.kind !== 'interest' && entry.kind !== 'penalty') continue;
    if (compareDates(entry.date, day) > 0 && !reversed.has(entry.id)) {
      sums[entry.kind] += entry.amount;
    }
  }
  return sums;
}

function least(...values: bigint[]): bigint {
  return values.reduce((low, value) => (value < low ? value : low));
}

/**
 * The write-off that lets a late full repayment close the loan: the interest and penalty of the
 * days between the quote and the money's arrival, as far as the quoted sum falls short of the
 * debt (Civil Code art. 415, forgiveness of a debt; our rule, docs/money-and-law.md). Book it
 * before the payment, so the payment pays exactly the debt it was quoted for. Null when the sum
 * covers the debt or arrived on the day it was quoted.
 */
export function lateRepaymentWriteOff(
  entries: readonly LedgerEntry[],
  late: LateFullRepayment,
): WriteOffEntry | null {
  if (compareDates(late.date, late.quotedOn) <= 0) return null;
  const balance = balanceOf(entries);
  const shortfall = balance.total - late.paid;
  if (shortfall <= 0n) return null;
  const since = chargesAfter(entries, late.quotedOn);
  const penalty = least(since.penalty, balance.penalty, shortfall);
  const interest = least(since.interest, balance.interest, shortfall - penalty);
  if (penalty + interest === 0n) return null;
  return {
    id: late.id,
    kind: 'write_off',
    amount: kopecks(penalty + interest),
    date: late.date,
    allocation: { penalty: kopecks(penalty), interest: kopecks(interest), principal: kopecks(0n) },
  };
}

/** A waiver decided by a second person: which part of the debt it forgives. */
export interface Forgiveness {
  readonly id: EntryId;
  readonly date: IsoDate;
  /** Penalty or interest up to `amount`; `debt`: everything owed. */
  readonly part: 'penalty' | 'interest' | 'debt';
  /** For penalty and interest; ignored for the whole debt. */
  readonly amount: Kopecks;
}

/**
 * The write-off a waiver books (Civil Code art. 415, forgiveness of a debt): penalty or interest
 * up to what is owed of it, or the whole balance. Null when the balance holds less of that part
 * than the waiver forgives (or nothing at all): the ledger never goes below zero.
 */
export function forgivenessEntry(
  entries: readonly LedgerEntry[],
  forgiveness: Forgiveness,
): WriteOffEntry | null {
  const balance = balanceOf(entries);
  const zero = kopecks(0n);
  const allocation =
    forgiveness.part === 'debt'
      ? { penalty: balance.penalty, interest: balance.interest, principal: balance.principal }
      : forgiveness.part === 'penalty'
        ? { penalty: forgiveness.amount, interest: zero, principal: zero }
        : { penalty: zero, interest: forgiveness.amount, principal: zero };
  const amount = allocation.penalty + allocation.interest + allocation.principal;
  if (amount <= 0n) return null;
  if (forgiveness.part !== 'debt' && forgiveness.amount > balance[forgiveness.part]) return null;
  return {
    id: forgiveness.id,
    kind: 'write_off',
    amount: kopecks(amount),
    date: forgiveness.date,
    allocation,
  };
}
