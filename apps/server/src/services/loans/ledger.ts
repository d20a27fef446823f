import {
  groupBy,
  compareDates,
  daysBetween,
  debtOutlook,
  insurancePremiumEntries,
  type CreditHoliday,
  kopecks,
  parseDailyPercent,
  type Balance,
  type IsoDate,
  type Kopecks,
  type KindTotal,
  type LedgerEntry,
  type LoanLimits,
  type LoanTerms,
  moscowDate,
} from '@zaymo/contract';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { arrayOf } from '../../db/arrays';
import { selectRows } from '../../db';
import type { Transaction } from '../../db/locks';
import { loanLedger, type LoanLedgerRow, type LoanOrderRow } from '../../db/schema';
import type { Db } from './db';

/**
 * The loan's ledger rows ↔ loan-math's entries. Rows are only ever inserted; the balance is
 * derived from them (loan-math's balanceOf), never stored.
 */

export const PAYOUT_ENTRY_KEY = 'payout';

function allocationOf(row: LedgerEntryRow) {
  return {
    penalty: kopecks(row.allocatedPenalty ?? 0n),
    interest: kopecks(row.allocatedInterest ?? 0n),
    principal: kopecks(row.allocatedPrincipal ?? 0n),
  };
}

/** The columns of a ledger row that make its entry. */
export type LedgerEntryRow = Pick<
  LoanLedgerRow,
  | 'entryKey'
  | 'kind'
  | 'amount'
  | 'entryDate'
  | 'allocatedPenalty'
  | 'allocatedInterest'
  | 'allocatedPrincipal'
  | 'reverses'
>;

export function toLedgerEntry(row: LedgerEntryRow): LedgerEntry {
  const id = row.entryKey;
  const amount = kopecks(row.amount);
  const date = row.entryDate;
  switch (row.kind) {
    case 'payout':
    case 'interest':
    case 'penalty':
    case 'refund':
    case 'insurance_premium':
    case 'insurance_refund':
      return { id, amount, date, kind: row.kind };
    case 'payment':
    case 'prolongation_fee':
    case 'write_off':
      return { id, amount, date, kind: row.kind, allocation: allocationOf(row) };
    case 'reversal':
      return { id, amount, date, kind: 'reversal', reverses: row.reverses ?? '' };
  }
}

/**
 * The first entries of a loan: the whole principal provided, and the insurance premium withheld
 * from what reached the card (when the client chose insurance). Booked once: the unique
 * (order_id, entry_key) makes a repeat a no-op.
 */
export async function bookPayout(
  tx: Transaction,
  input: {
    orderId: number;
    amount: bigint;
    /** Withheld from the payout for the insurer; 0 without insurance. */
    insurance?: bigint;
    date: string;
    paymentOperationId: number;
    now: Date;
  },
): Promise<void> {
  const { orderId, paymentOperationId, now } = input;
  const premiums = insurancePremiumEntries(
    { principal: kopecks(input.amount), date: input.date },
    kopecks(input.insurance ?? 0n),
  );
  const entries = [
    { entryKey: PAYOUT_ENTRY_KEY, kind: 'payout' as const, amount: input.amount },
    ...premiums.map((entry) => ({ entryKey: entry.id, kind: entry.kind, amount: entry.amount })),
  ];
  await tx
    .insert(loanLedger)
    .values(
      entries.map((entry) => ({
        ...entry,
        orderId,
        entryDate: input.date,
        paymentOperationId,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

function byOrder<Row extends { orderId: number }>(rows: readonly Row[]): Map<number, Row[]> {
  return groupBy(rows, (row) => row.orderId);
}

/** Ledger rows of several orders, by order, in booking order. */
export async function ledgersOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, LoanLedgerRow[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(loanLedger)
    .where(inArray(loanLedger.orderId, [...orderIds]))
    .orderBy(asc(loanLedger.id));
  return byOrder(rows);
}

/** A ledger row as the raw read answers it: every bigint as text, as both drivers give it. */
interface RawEntryRow {
  orderId: string;
  entryKey: string;
  kind: LedgerEntryRow['kind'];
  amount: string;
  entryDate: string;
  allocatedPenalty: string | null;
  allocatedInterest: string | null;
  allocatedPrincipal: string | null;
  reverses: string | null;
}

function bigintOrNull(text: string | null): bigint | null {
  return text === null ? null : BigInt(text);
}

function entryRowOf(raw: RawEntryRow): LedgerEntryRow & { orderId: number } {
  return {
    orderId: Number(raw.orderId),
    entryKey: raw.entryKey,
    kind: raw.kind,
    amount: BigInt(raw.amount),
    entryDate: raw.entryDate,
    allocatedPenalty: bigintOrNull(raw.allocatedPenalty),
    allocatedInterest: bigintOrNull(raw.allocatedInterest),
    allocatedPrincipal: bigintOrNull(raw.allocatedPrincipal),
    reverses: raw.reverses,
  };
}

/** Which ledger rows a read of many orders takes, and which of the rows it reads are theirs. */
interface OrdersCondition {
  readonly where: SQL;
  readonly keeps: (orderId: number) => boolean;
}

/**
 * The rows of these orders, within their range's bounds: PostgreSQL walks the index over the
 * range instead of scanning the table. Ids that fill most of their range (an accrual job's locked
 * range) take the range alone, one walk, and the rows of the range's other orders are dropped
 * here: `= any` of a thousand ids descends the index once an id, twice the time. Scattered ids (a
 * batch of messages) are looked up one by one.
 */
function ofOrders(orderIds: readonly number[]): OrdersCondition {
  const first = Math.min(...orderIds);
  const last = Math.max(...orderIds);
  const inRange = sql`order_id between ${first} and ${last}`;
  if (orderIds.length * 2 >= last - first + 1) {
    const wanted = new Set(orderIds);
    return { where: inRange, keeps: (orderId) => wanted.has(orderId) };
  }
  return {
    where: sql`${inRange} and order_id = any(${arrayOf(orderIds, 'bigint')})`,
    keeps: () => true,
  };
}

/**
 * Only the columns that make the entries, of many orders: what a job over a range of ids reads.
 * The index holds these columns (migration 0040), so the table is not read. A loan's entries come in
 * the index's order (by key, not by booking): their readers sum them or look them up. Read raw:
 * the job reads a thousand ledgers a range, and the query builder's mapping of each row costs
 * more than the accrual computed from it.
 */
export async function ledgerEntryRowsOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, (LedgerEntryRow & { orderId: number })[]>> {
  if (orderIds.length === 0) return new Map();
  const orders = ofOrders(orderIds);
  const raw = await selectRows<RawEntryRow>(
    db,
    sql`select order_id::text as "orderId", entry_key as "entryKey", kind,
          amount::text as amount, entry_date::text as "entryDate",
          allocated_penalty::text as "allocatedPenalty",
          allocated_interest::text as "allocatedInterest",
          allocated_principal::text as "allocatedPrincipal", reverses
        from ${loanLedger}
        where ${orders.where}
        order by order_id, entry_key`,
  );
  return byOrder(raw.map(entryRowOf).filter((row) => orders.keeps(row.orderId)));
}

/** A kind's total as the read answers it: every sum as text, as both drivers give it. */
interface RawKindTotal {
  orderId: string;
  kind: KindTotal['kind'];
  count: number;
  amount: string;
  allocatedPenalty: string | null;
  allocatedInterest: string | null;
  allocatedPrincipal: string | null;
  firstDate: string;
  lastDate: string;
}

function kindTotalOf(raw: RawKindTotal): KindTotal {
  const allocated = [raw.allocatedPenalty, raw.allocatedInterest, raw.allocatedPrincipal];
  return {
    kind: raw.kind,
    count: raw.count,
    amount: kopecks(BigInt(raw.amount)),
    allocation: allocated.every((part) => part === null)
      ? null
      : {
          penalty: kopecks(BigInt(raw.allocatedPenalty ?? 0)),
          interest: kopecks(BigInt(raw.allocatedInterest ?? 0)),
          principal: kopecks(BigInt(raw.allocatedPrincipal ?? 0)),
        },
    firstDate: raw.firstDate,
    lastDate: raw.lastDate,
  };
}

/**
 * The ledgers of many orders summed by kind (loan-math's kindTotalsOf, done by the database): a
 * few rows a loan where its entries are one a day. From the index alone, as ledgerEntryRowsOf.
 */
export async function ledgerTotalsOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, KindTotal[]>> {
  if (orderIds.length === 0) return new Map();
  const orders = ofOrders(orderIds);
  const raw = await selectRows<RawKindTotal>(
    db,
    sql`select order_id::text as "orderId", kind, count(*)::int as count,
          sum(amount)::text as amount,
          sum(allocated_penalty)::text as "allocatedPenalty",
          sum(allocated_interest)::text as "allocatedInterest",
          sum(allocated_principal)::text as "allocatedPrincipal",
          min(entry_date)::text as "firstDate", max(entry_date)::text as "lastDate"
        from ${loanLedger}
        where ${orders.where}
        group by order_id, kind`,
  );
  const theirs = raw.filter((row) => orders.keeps(Number(row.orderId)));
  return groupBy(theirs, (row) => Number(row.orderId), kindTotalOf);
}

export function ledgerOf(db: Db, orderId: number): Promise<LoanLedgerRow[]> {
  return db
    .select()
    .from(loanLedger)
    .where(eq(loanLedger.orderId, orderId))
    .orderBy(asc(loanLedger.id));
}

export interface LoanPosition {
  readonly balance: Balance;
  readonly daysToDue: number;
  readonly dueDate: string;
  /** What is owed on the due date if nothing is paid; null once overdue. */
  readonly onDueDate: Balance | null;
  readonly charged: Kopecks;
  readonly chargesCap: Kopecks;
}

/**
 * The terms loan-math accrues by, with the loan's approved credit holidays (their rate and the
 * penalty they stop, 353-FZ art. 6.1-1 part 6): the one way every computation of a loan's debt
 * builds them, so the card, the quote and the statement equal what the accrual job books.
 * Null before the payout.
 */
export function loanTermsOf(
  order: Pick<LoanOrderRow, 'dueDate' | 'dayPercent'>,
  rows: readonly LedgerEntryRow[],
  holidays: readonly CreditHoliday[],
): LoanTerms | null {
  return termsOfPayout(
    order,
    rows.find((row) => row.kind === 'payout'),
    holidays,
  );
}

/** loanTermsOf from the payout alone (its amount and date): of a ledger read as totals by kind. */
export function termsOfPayout(
  order: Pick<LoanOrderRow, 'dueDate' | 'dayPercent'>,
  payout: Pick<LedgerEntryRow, 'amount' | 'entryDate'> | undefined,
  holidays: readonly CreditHoliday[],
): LoanTerms | null {
  const dailyRate = parseDailyPercent(order.dayPercent);
  if (!payout || !order.dueDate || !dailyRate) return null;
  return {
    principal: kopecks(payout.amount),
    dailyRate,
    contractDate: payout.entryDate,
    dueDate: order.dueDate,
    ...(holidays.length > 0 ? { holidays } : {}),
  };
}

/**
 * Today's debt of an issued loan: the booked entries plus the interest and penalty accrued up to
 * today (computed, not booked: the accrual job books them).
 */
export function loanPosition(
  terms: LoanTerms | null,
  rows: readonly LedgerEntryRow[],
  now: Date,
  limits: LoanLimits,
): LoanPosition | null {
  return loanPositionOn(terms, rows, moscowDate(now), limits);
}

/**
 * The debt as it stood at the end of `day`: the entries booked by then, accrued up to it by the
 * same terms and limits the accrual job books with, so the card never differs from the ledger.
 */
export function loanPositionOn(
  terms: LoanTerms | null,
  rows: readonly LedgerEntryRow[],
  day: IsoDate,
  limits: LoanLimits,
): LoanPosition | null {
  if (!terms) return null;
  const entries = rows.filter((row) => compareDates(row.entryDate, day) <= 0).map(toLedgerEntry);
  const outlook = debtOutlook(entries, terms, day, limits);
  return {
    balance: outlook.today,
    daysToDue: daysBetween(day, terms.dueDate),
    dueDate: terms.dueDate,
    onDueDate: outlook.onDueDate,
    charged: outlook.charged,
    chargesCap: outlook.chargesCap,
  };
}
