import { kopecks, type Kopecks } from '../money';
import { compareDates, dayNumberOf, type IsoDate } from './dates';
import type { InsurancePremiumEntry, InsuranceRefundEntry } from './ledger-entries';

export type EntryId = string;

/** Where a payment went. Whatever is left of its amount is an overpayment, owed back. */
export interface Allocation {
  readonly penalty: Kopecks;
  readonly interest: Kopecks;
  readonly principal: Kopecks;
}

interface EntryBase {
  readonly id: EntryId;
  /** Always positive; the kind says which way it moves the balance. */
  readonly amount: Kopecks;
  readonly date: IsoDate;
}

export interface PayoutEntry extends EntryBase {
  readonly kind: 'payout';
}

export interface ChargeEntry extends EntryBase {
  readonly kind: 'interest' | 'penalty';
}

/**
 * Money from the client. 'prolongation_fee' is the payment that buys a prolongation (its price:
 * accrued interest and penalty); it is not an extra charge.
 */
export interface PaymentEntry extends EntryBase {
  readonly kind: 'payment' | 'prolongation_fee';
  readonly allocation: Allocation;
}

/**
 * Money that came in beyond the debt (an overpayment, or a payment that settled after the loan
 * closed), returned to the card: it changes no part of the debt, and is never reversed.
 */
export interface RefundEntry extends EntryBase {
  readonly kind: 'refund';
}

/**
 * Charges the lender forgives (Civil Code art. 415): no money moves; the allocation says which
 * parts of the debt end, and equals the amount. The charges stay counted under the cap.
 */
export interface WriteOffEntry extends EntryBase {
  readonly kind: 'write_off';
  readonly allocation: Allocation;
}

/** Cancels the effect of one earlier non-reversal entry, for the same amount. */
export interface ReversalEntry extends EntryBase {
  readonly kind: 'reversal';
  readonly reverses: EntryId;
}

export type LedgerEntry =
  | PayoutEntry
  | ChargeEntry
  | PaymentEntry
  | RefundEntry
  | ReversalEntry
  | InsurancePremiumEntry
  | InsuranceRefundEntry
  | WriteOffEntry;
export type LedgerEntryKind = LedgerEntry['kind'];
/** Every kind, e.g. for a database enum. */
export const LEDGER_ENTRY_KINDS = [
  'payout',
  'interest',
  'penalty',
  'payment',
  'prolongation_fee',
  'refund',
  'reversal',
  'insurance_premium',
  'write_off',
  'insurance_refund',
] as const satisfies readonly LedgerEntryKind[];
/** Every entry but a reversal: its effect is its own. */
export type DirectEntry = Exclude<LedgerEntry, ReversalEntry>;

/** What the client owes now, derived only from the entries. */
export interface Balance {
  readonly principal: Kopecks;
  readonly interest: Kopecks;
  readonly penalty: Kopecks;
  readonly total: Kopecks;
}

/** What one entry changes: the parts owed and the charges made (what the cap limits). */
interface Parts {
  readonly principal: bigint;
  readonly interest: bigint;
  readonly penalty: bigint;
  readonly charges: bigint;
}

const NOTHING: Parts = { principal: 0n, interest: 0n, penalty: 0n, charges: 0n };

function directEffect(entry: DirectEntry): Parts {
  switch (entry.kind) {
    case 'payout':
      return { ...NOTHING, principal: entry.amount };
    case 'insurance_premium':
      return NOTHING;
    case 'interest':
      return { ...NOTHING, interest: entry.amount, charges: entry.amount };
    case 'penalty':
      return { ...NOTHING, penalty: entry.amount, charges: entry.amount };
    case 'payment':
    case 'prolongation_fee':
    case 'write_off': {
      const { principal, interest, penalty } = entry.allocation;
      return { principal: -principal, interest: -interest, penalty: -penalty, charges: 0n };
    }
    case 'refund':
    case 'insurance_refund':
      return NOTHING;
  }
}

function assertAllocation(entry: PaymentEntry | WriteOffEntry): void {
  const { penalty, interest, principal } = entry.allocation;
  if (penalty < 0n || interest < 0n || principal < 0n) {
    throw new RangeError(`Negative allocation in ${entry.id}`);
  }
  if (penalty + interest + principal > entry.amount) {
    throw new RangeError(`Allocation above the amount in ${entry.id}`);
  }
  if (entry.kind === 'write_off' && penalty + interest + principal !== entry.amount) {
    throw new RangeError(`A write-off must end exactly its amount: ${entry.id}`);
  }
}

function reversedBy(entry: ReversalEntry, index: LedgerIndex): DirectEntry {
  const target = index.get(entry.reverses);
  if (!target) throw new RangeError(`${entry.id} reverses an unknown entry ${entry.reverses}`);
  if (target.kind === 'reversal') throw new RangeError(`${entry.id} reverses a reversal`);
  if (target.kind === 'refund' || target.kind === 'insurance_refund') {
    throw new RangeError(`${entry.id} reverses a refund`);
  }
  return target;
}

function assertReversal(entry: ReversalEntry, index: LedgerIndex): void {
  const target = reversedBy(entry, index);
  if (target.amount !== entry.amount) throw new RangeError(`${entry.id}: amount differs`);
  if (compareDates(entry.date, target.date) < 0) throw new RangeError(`${entry.id}: too early`);
}

function assertEntry(entry: LedgerEntry, index: LedgerIndex): void {
  dayNumberOf(entry.date);
  if (entry.amount <= 0n) throw new RangeError(`Entry ${entry.id} must have a positive amount`);
  if (entry.kind === 'payment' || entry.kind === 'prolongation_fee' || entry.kind === 'write_off') {
    assertAllocation(entry);
  }
  if (entry.kind === 'reversal') assertReversal(entry, index);
}

/** Entries by id; reversal targets are looked up here. */
export type LedgerIndex = ReadonlyMap<EntryId, LedgerEntry>;

/**
 * Validates a whole ledger and indexes it: unique ids, positive amounts, allocations within
 * their payment, each reversal cancelling one known non-reversal entry, once, not before it.
 */
export function indexLedger(entries: readonly LedgerEntry[]): LedgerIndex {
  const index = new Map<EntryId, LedgerEntry>();
  for (const entry of entries) {
    if (index.has(entry.id)) throw new RangeError(`Duplicate entry id ${entry.id}`);
    index.set(entry.id, entry);
  }
  const reversed = new Set<EntryId>();
  for (const entry of entries) {
    assertEntry(entry, index);
    if (entry.kind !== 'reversal') continue;
    if (reversed.has(entry.reverses)) throw new RangeError(`${entry.reverses} reversed twice`);
    reversed.add(entry.reverses);
  }
  return index;
}

function effectOf(entry: LedgerEntry, index: LedgerIndex): Parts {
  if (entry.kind !== 'reversal') return directEffect(entry);
  const { principal, interest, penalty, charges } = directEffect(reversedBy(entry, index));
  return { principal: -principal, interest: -interest, penalty: -penalty, charges: -charges };
}

/** Where a ledger stands: what is owed, and all charges made (net of reversals). */
export interface LedgerPosition {
  readonly balance: Balance;
  readonly chargedSoFar: Kopecks;
}

export const EMPTY_POSITION: LedgerPosition = {
  balance: {
    principal: kopecks(0n),
    interest: kopecks(0n),
    penalty: kopecks(0n),
    total: kopecks(0n),
  },
  chargedSoFar: kopecks(0n),
};

/**
 * The position of entries none of which is a reversal. An entry's effect is linear in its amount
 * and allocation, so entries of one kind summed into one (kind-totals.ts) move the debt as they
 * did one by one.
 */
export function positionOfDirect(entries: readonly DirectEntry[]): LedgerPosition {
  // No reversal among them: nothing to look up in an index.
  return advanceWhere(EMPTY_POSITION, entries, new Map(), null);
}

/** The position after more entries; `index` (indexLedger) resolves what reversals cancel. */
export function advancePosition(
  position: LedgerPosition,
  entries: readonly LedgerEntry[],
  index: LedgerIndex,
): LedgerPosition {
  return advanceWhere(position, entries, index, null);
}

/** The position of the entries dated before `date`, read in place (no filtered copy). */
export function positionBefore(
  entries: readonly LedgerEntry[],
  date: IsoDate,
  index: LedgerIndex,
): LedgerPosition {
  return advanceWhere(EMPTY_POSITION, entries, index, date);
}

function advanceWhere(
  position: LedgerPosition,
  entries: readonly LedgerEntry[],
  index: LedgerIndex,
  before: IsoDate | null,
): LedgerPosition {
  let { principal, interest, penalty }: Record<'principal' | 'interest' | 'penalty', bigint> =
    position.balance;
  let charges: bigint = position.chargedSoFar;
  for (const entry of entries) {
    if (before !== null && compareDates(entry.date, before) >= 0) continue;
    const effect = effectOf(entry, index);
    principal += effect.principal;
    interest += effect.interest;
    penalty += effect.penalty;
    charges += effect.charges;
  }
  return {
    balance: {
      principal: kopecks(principal),
      interest: kopecks(interest),
      penalty: kopecks(penalty),
      total: kopecks(principal + interest + penalty),
    },
    chargedSoFar: kopecks(charges),
  };
}

export function positionOf(entries: readonly LedgerEntry[]): LedgerPosition {
  return advancePosition(EMPTY_POSITION, entries, indexLedger(entries));
}

/** What the client owes, derived only from the entries (validated first). */
export function balanceOf(entries: readonly LedgerEntry[]): Balance {
  return positionOf(entries).balance;
}

/** All charges made so far (interest and penalty, net of reversals): what the cap limits. */
export function chargesOf(entries: readonly LedgerEntry[]): Kopecks {
  return positionOf(entries).chargedSoFar;
}

export interface PaymentAllocation extends Allocation {
  readonly overpayment: Kopecks;
}

function take(available: bigint, owed: bigint): bigint {
  return available < owed ? available : owed;
}

/**
 * Whether the loan is overdue on the payment's day: then its interest and principal are overdue
 * debt. A loan in term owes no overdue debt (a prolongation pays any penalty off).
 */
export type DebtState = 'in_term' | 'overdue';

/**
 * Applies a payment in the order of 353-FZ art. 5 part 20: overdue interest, overdue principal,
 * then the penalty, then current interest and current principal; the rest is overpayment. A loan
 * in term has nothing overdue, so any penalty left goes first, then interest, then principal.
 */
export function allocatePayment(
  balance: Balance,
  amount: Kopecks,
  state: DebtState = 'in_term',
): PaymentAllocation {
  if (amount < 0n) throw new RangeError('A payment cannot be negative');
  if (balance.penalty < 0n || balance.interest < 0n || balance.principal < 0n) {
    throw new RangeError('A balance part is negative');
  }
  const order: readonly (keyof Allocation)[] =
    state === 'overdue'
      ? ['interest', 'principal', 'penalty']
      : ['penalty', 'interest', 'principal'];
  const paid: Record<keyof Allocation, bigint> = { penalty: 0n, interest: 0n, principal: 0n };
  let left: bigint = amount;
  for (const part of order) {
    paid[part] = take(left, balance[part]);
    left -= paid[part];
  }
  return {
    penalty: kopecks(paid.penalty),
    interest: kopecks(paid.interest),
    principal: kopecks(paid.principal),
    overpayment: kopecks(left),
  };
}
