import {
  accrueDayFromTotals,
  accrueUntil,
  compareDates,
  ORDER_STATUS,
  type CreditHoliday,
  type IsoDate,
  type KindTotal,
  type LedgerEntry,
  type LoanLimits,
  type LoanTerms,
  moscowDate,
} from '@zaymo/contract';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { selectRows } from '../../db';
import { arrayOf } from '../../db/arrays';
import { loanLedger, loanOrders, type LoanOrderRow } from '../../db/schema';
import { workDayBatches } from '../../db/day-batches';
import {
  ledgerEntryRowsOf,
  ledgerTotalsOf,
  loanTermsOf,
  termsOfPayout,
  toLedgerEntry,
  type LedgerEntryRow,
} from '../loans/ledger';
import { holidaysOf, loadLoanTerms } from '../loans/terms';
import { queueOverdue, queueOverdues } from '../credit-history/events';
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

/** What the job reads of each order of its range; the whole row only of those that expire. */
type AccrualOrder = Pick<LoanOrderRow, 'id' | 'statusId' | 'dueDate' | 'dayPercent'>;

/**
 * The range's open orders, locked (a row a request holds is skipped). FOR NO KEY UPDATE: accrual
 * changes no key, so a row another transaction only references (a collector's contact, a message
 * logged, their foreign keys' FOR KEY SHARE) is accrued, not skipped; a request's FOR UPDATE still
 * excludes it. Read raw, the id as text as both drivers give it: a thousand rows a range, and the
 * query builder's mapping of each row costs more than the row's accrual.
 */
async function lockOpenOrders(
  tx: Transaction,
  range: { firstId: number; lastId: number },
): Promise<AccrualOrder[]> {
  const rows = await selectRows<Omit<AccrualOrder, 'id'> & { id: string }>(
    tx,
    sql`select id::text as id, status_id as "statusId", due_date::text as "dueDate",
          day_percent as "dayPercent"
        from ${loanOrders}
        where id between ${range.firstId} and ${range.lastId}
          and status_id = any(${arrayOf(OPEN_LOAN_STATUSES, 'integer')})
        order by id
        for no key update skip locked`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    statusId: row.statusId,
    dueDate: row.dueDate,
    dayPercent: row.dayPercent,
  }));
}

function goesOverdue(order: AccrualOrder, today: string): boolean {
  return (
    order.statusId === ORDER_STATUS.GIVEN &&
    order.dueDate !== null &&
    compareDates(today, order.dueDate) > 0
  );
}

async function expireIfOverdue(
  tx: Transaction,
  order: LoanOrderRow,
  today: string,
  now: Date,
): Promise<LoanOrderRow> {
  if (!goesOverdue(order, today)) return order;
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
  order: Pick<LoanOrderRow, 'statusId'>,
  rows: readonly LedgerEntryRow[],
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
 * The GIVEN loans past their due date → EXPIRED in one statement, and their overdue queued for
 * the credit history together, each with its ledger after today's charges.
 */
async function expireOverdue(
  tx: Transaction,
  ledgers: ReadonlyMap<number, readonly LedgerEntry[]>,
  now: Date,
): Promise<void> {
  if (ledgers.size === 0) return;
  assertTransition(ORDER_STATUS.GIVEN, ORDER_STATUS.EXPIRED);
  const expired = await tx
    .update(loanOrders)
    .set({ statusId: ORDER_STATUS.EXPIRED, updatedAt: now })
    .where(
      and(
        sql`${loanOrders.id} = any(${arrayOf([...ledgers.keys()], 'bigint')})`,
        eq(loanOrders.statusId, ORDER_STATUS.GIVEN),
      ),
    )
    .returning();
  await queueOverdues(
    tx,
    expired.map((order) => ({ order, entries: ledgers.get(order.id) ?? [] })),
    now,
  );
}

/**
 * A loan's charges up to today from its ledger's totals by kind (loan-math accrueDayFromTotals);
 * null when its entries must be read: it goes overdue today (the bureau's event takes them), or
 * its ledger is not the job's usual one (a reversal, more than one day to book, an entry dated
 * after the last accrued day).
 */
function chargesFromTotals(
  order: AccrualOrder,
  totals: readonly KindTotal[],
  holidays: readonly CreditHoliday[],
  today: IsoDate,
  limits: LoanLimits,
): LedgerEntry[] | null {
  if (goesOverdue(order, today)) return null;
  const payout = totals.find((total) => total.kind === 'payout');
  if (!payout || payout.count !== 1) return null;
  const terms = termsOfPayout(
    order,
    { amount: payout.amount, entryDate: payout.firstDate },
    holidays,
  );
  return terms && accrueDayFromTotals(totals, terms, today, limits);
}

/**
 * syncLockedLoan for a range of locked loans: only the columns accrual needs, the ledgers summed
 * by kind and the holidays in one read each (the entries of the few loans the totals cannot
 * accrue in a third), every charge in one insert, the overdue expired in one update.
 */
async function syncLockedBatch(
  tx: Transaction,
  orders: readonly AccrualOrder[],
  now: Date,
  limits: LoanLimits,
): Promise<void> {
  const ids = orders.map((order) => order.id);
  const totals = await ledgerTotalsOf(tx, ids);
  const holidays = await holidaysOf(tx, ids);
  const today = moscowDate(now);
  const charges: { orderId: number; entry: LedgerEntry }[] = [];
  const withEntries: AccrualOrder[] = [];
  for (const order of orders) {
    const ofTotals = chargesFromTotals(
      order,
      totals.get(order.id) ?? [],
      holidays.get(order.id) ?? [],
      today,
      limits,
    );
    if (ofTotals === null) withEntries.push(order);
    else for (const entry of ofTotals) charges.push({ orderId: order.id, entry });
  }
  const ledgers = await ledgerEntryRowsOf(
    tx,
    withEntries.map((order) => order.id),
  );
  const overdue = new Map<number, LedgerEntry[]>();
  for (const order of withEntries) {
    const rows = ledgers.get(order.id) ?? [];
    const terms = loanTermsOf(order, rows, holidays.get(order.id) ?? []);
    const accrued = accrualOf(order, rows, terms, today, limits);
    for (const entry of accrued.charges) charges.push({ orderId: order.id, entry });
    if (terms && goesOverdue(order, today)) {
      overdue.set(order.id, [...accrued.entries, ...accrued.charges]);
    }
  }
  await bookCharges(tx, charges, now);
  await expireOverdue(tx, overdue, now);
}

/** Every charge in one statement: the rows as arrays, one parameter a column. */
async function bookCharges(
  tx: Transaction,
  charges: readonly { orderId: number; entry: LedgerEntry }[],
  now: Date,
): Promise<void> {
  if (charges.length === 0) return;
  const column = <T extends string | number | bigint>(
    of: (charge: { orderId: number; entry: LedgerEntry }) => T,
    type: string,
  ) => arrayOf(charges.map(of), type);
  await tx.execute(sql`
    insert into ${loanLedger} (order_id, entry_key, kind, amount, entry_date, created_at)
    select order_id, entry_key, kind, amount, entry_date, ${now.toISOString()}::timestamptz
      from unnest(
        ${column((charge) => charge.orderId, 'bigint')},
        ${column((charge) => charge.entry.id, 'text')},
        ${column((charge) => charge.entry.kind, 'text')},
        ${column((charge) => charge.entry.amount, 'bigint')},
        ${column((charge) => charge.entry.date, 'date')}
      ) as charge(order_id, entry_key, kind, amount, entry_date)
    on conflict do nothing`);
}

/** Loan ids a claimed range of the accrual job covers. */
export const ACCRUAL_RANGE_SIZE = 1000;
/** Ranges an instance works at once: while one computes, the other's statements run. */
const ACCRUAL_CLAIMERS = 2;

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
  return workDayBatches(
    ctx.db,
    job,
    async (tx, range) => {
      const locked = await lockOpenOrders(tx, range);
      await syncLockedBatch(tx, locked, now, ctx.config.loans.servicing.limits);
      return locked.length;
    },
    ACCRUAL_CLAIMERS,
  );
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
