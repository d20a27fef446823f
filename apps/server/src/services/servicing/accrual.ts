import {
  accrueUntil,
  compareDates,
  ORDER_STATUS,
  type LedgerEntry,
  type LoanLimits,
  type LoanTerms,
  moscowDate,
} from '@zaymo/contract';
import { and, asc, between, eq, inArray, max } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { loanLedger, loanOrders, type LoanLedgerRow, type LoanOrderRow } from '../../db/schema';
import { workDayBatches } from '../../db/day-batches';
import { toLedgerEntry } from '../loans/ledger';
import { loadLoanTerms, loadLoansTerms } from '../loans/terms';
import { queueOverdue } from '../credit-history/events';
import { assertTransition, OPEN_LOAN_STATUSES } from '../loans/status-machine';

/*
 * Accrual (decisions §3): interest and penalty are booked as ledger entries, one per kind and
 * day («interest:2026-05-01»), up to today. The unique (order_id, entry_key) makes a repeat a
 * no-op, and the order's row lock keeps two instances from computing the same day at once. After
 * the due date a GIVEN order becomes EXPIRED, and the overdue is queued for the credit history.
 */

type AccrualContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface SyncedLoan {
  readonly order: LoanOrderRow;
  readonly entries: LedgerEntry[];
  readonly terms: LoanTerms | null;
  /** Charges were booked or the loan expired just now. */
  readonly changed: boolean;
}

async function expireIfOverdue(
  tx: Transaction,
  order: LoanOrderRow,
  today: string,
  now: Date,
): Promise<LoanOrderRow> {
  if (order.statusId !== ORDER_STATUS.GIVEN || !order.dueDate) return order;
  if (compareDates(today, order.dueDate) <= 0) return order;
  assertTransition(ORDER_STATUS.GIVEN, ORDER_STATUS.EXPIRED);
  const [row] = await tx
    .update(loanOrders)
    .set({ statusId: ORDER_STATUS.EXPIRED, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.GIVEN)))
    .returning();
  return row ?? order;
}

/** What accrual books for one loan up to today, from rows already read. */
function accrualOf(
  order: LoanOrderRow,
  rows: readonly LoanLedgerRow[],
  terms: LoanTerms | null,
  today: string,
  limits: LoanLimits,
): { entries: LedgerEntry[]; charges: LedgerEntry[] } {
  const entries = rows.map(toLedgerEntry);
  if (!terms || !OPEN_LOAN_STATUSES.includes(order.statusId)) {
    return { entries, charges: [] };
  }
  return { entries, charges: accrueUntil(entries, terms, today, limits) };
}

/** After the charges are booked: overdue → EXPIRED, and the overdue queued for the bureau. */
async function expireBooked(
  tx: Transaction,
  order: LoanOrderRow,
  all: readonly LedgerEntry[],
  now: Date,
): Promise<LoanOrderRow> {
  const synced = await expireIfOverdue(tx, order, moscowDate(now), now);
  if (synced.statusId !== order.statusId) await queueOverdue(tx, synced, all, now);
  return synced;
}

/**
 * Books the loan's charges up to today and expires it when overdue. Call it with the order's row
 * locked (FOR UPDATE), inside the transaction that then reads or changes the balance.
 */
export async function syncLockedLoan(
  tx: Transaction,
  order: LoanOrderRow,
  now: Date,
  limits: LoanLimits,
): Promise<SyncedLoan> {
  const { rows, terms } = await loadLoanTerms(tx, order);
  const { entries, charges } = accrualOf(order, rows, terms, moscowDate(now), limits);
  if (!terms || !OPEN_LOAN_STATUSES.includes(order.statusId)) {
    return { order, entries, terms, changed: false };
  }
  await bookCharges(
    tx,
    charges.map((entry) => ({ orderId: order.id, entry })),
    now,
  );
  const all = [...entries, ...charges];
  const synced = await expireBooked(tx, order, all, now);
  const changed = charges.length > 0 || synced !== order;
  return { order: synced, entries: all, terms, changed };
}

/**
 * syncLockedLoan for many locked loans at once: their ledgers and holidays in one read each, and
 * every charge of the batch in one insert.
 */
async function syncLockedBatch(
  tx: Transaction,
  orders: readonly LoanOrderRow[],
  now: Date,
  limits: LoanLimits,
): Promise<void> {
  const loans = await loadLoansTerms(tx, orders);
  const today = moscowDate(now);
  const charges: { orderId: number; entry: LedgerEntry }[] = [];
  const toExpire: { order: LoanOrderRow; all: LedgerEntry[] }[] = [];
  for (const order of orders) {
    const { rows = [], terms = null } = loans.get(order.id) ?? {};
    if (!terms) continue;
    const accrued = accrualOf(order, rows, terms, today, limits);
    charges.push(...accrued.charges.map((entry) => ({ orderId: order.id, entry })));
    toExpire.push({ order, all: [...accrued.entries, ...accrued.charges] });
  }
  await bookCharges(tx, charges, now);
  for (const { order, all } of toExpire) await expireBooked(tx, order, all, now);
}

/** Rows per insert: 7 parameters a row stay far under PostgreSQL's 65 535. */
const INSERT_ROWS = 2000;

async function bookCharges(
  tx: Transaction,
  charges: readonly { orderId: number; entry: LedgerEntry }[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < charges.length; start += INSERT_ROWS) {
    await tx
      .insert(loanLedger)
      .values(
        charges.slice(start, start + INSERT_ROWS).map(({ orderId, entry }) => ({
          orderId,
          entryKey: entry.id,
          kind: entry.kind,
          amount: entry.amount,
          entryDate: entry.date,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
}

/** Loan ids a claimed range of the accrual job covers. */
export const ACCRUAL_RANGE_SIZE = 1000;

/**
 * The job: every open loan once a Moscow day, in id ranges shared by all instances
 * (db/day-batches.ts: each range claimed FOR UPDATE SKIP LOCKED, done in one transaction). A loan
 * whose row a request holds is skipped: that request syncs it, and the next day's run books
 * any day it missed. Returns how many loans it took.
 */
export async function accrueOpenLoans(
  ctx: AccrualContext,
  rangeSize = ACCRUAL_RANGE_SIZE,
): Promise<number> {
  const now = ctx.clock.now();
  const [newest] = await ctx.db.select({ id: max(loanOrders.id) }).from(loanOrders);
  const job = {
    job: 'accrual',
    day: moscowDate(now),
    maxId: newest?.id ?? 0,
    size: rangeSize,
    now,
  };
  return workDayBatches(ctx.db, job, async (tx, range) => {
    const locked = await tx
      .select()
      .from(loanOrders)
      .where(
        and(
          between(loanOrders.id, range.firstId, range.lastId),
          inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES]),
        ),
      )
      .orderBy(asc(loanOrders.id))
      .for('update', { skipLocked: true });
    await syncLockedBatch(tx, locked, now, ctx.config.loans.servicing.limits);
    return locked.length;
  });
}

/**
 * On demand before a balance read: the client's open loans, synced (waiting for a busy row).
 * True when something was booked or expired: a read that follows must see it (not a replica).
 */
export async function syncClientLoans(ctx: AccrualContext, clientId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(loanOrders)
      .where(
        and(
          eq(loanOrders.clientId, clientId),
          inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES]),
        ),
      )
      .for('update');
    const now = ctx.clock.now();
    let changed = false;
    for (const order of open) {
      const synced = await syncLockedLoan(tx, order, now, ctx.config.loans.servicing.limits);
      changed ||= synced.changed;
    }
    return changed;
  });
}
