import {
  accrueUntil,
  compareDates,
  ORDER_STATUS,
  type LedgerEntry,
  type LoanLimits,
  type LoanTerms,
  moscowDate,
} from '@zaymo/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { loanLedger, loanOrders, type LoanOrderRow } from '../../db/schema';
import { toLedgerEntry } from '../loans/ledger';
import { loadLoanTerms } from '../loans/terms';
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

async function bookCharges(
  tx: Transaction,
  orderId: number,
  charges: readonly LedgerEntry[],
  now: Date,
): Promise<void> {
  if (charges.length === 0) return;
  await tx
    .insert(loanLedger)
    .values(
      charges.map((entry) => ({
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
  const entries = rows.map(toLedgerEntry);
  if (!terms || !OPEN_LOAN_STATUSES.includes(order.statusId)) {
    return { order, entries, terms, changed: false };
  }
  const today = moscowDate(now);
  const charges = accrueUntil(entries, terms, today, limits);
  await bookCharges(tx, order.id, charges, now);
  const synced = await expireIfOverdue(tx, order, today, now);
  const all = [...entries, ...charges];
  if (synced.statusId !== order.statusId) await queueOverdue(tx, synced, all, now);
  const changed = charges.length > 0 || synced !== order;
  return { order: synced, entries: all, terms, changed };
}

/**
 * The job: every open loan, a batch at a time, each in its own short transaction. Rows another
 * instance is working on are skipped (FOR UPDATE SKIP LOCKED) and picked up by the next run.
 */
export async function accrueOpenLoans(ctx: AccrualContext, batch = 100): Promise<number> {
  const ids = await ctx.db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES]))
    .orderBy(asc(loanOrders.id));
  let synced = 0;
  for (let start = 0; start < ids.length; start += batch) {
    const slice = ids.slice(start, start + batch).map((row) => row.id);
    synced += await accrueBatch(ctx, slice);
  }
  return synced;
}

async function accrueBatch(ctx: AccrualContext, orderIds: readonly number[]): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(loanOrders)
      .where(
        and(
          inArray(loanOrders.id, [...orderIds]),
          inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES]),
        ),
      )
      .for('update', { skipLocked: true });
    const now = ctx.clock.now();
    for (const order of locked)
      await syncLockedLoan(tx, order, now, ctx.config.loans.servicing.limits);
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
