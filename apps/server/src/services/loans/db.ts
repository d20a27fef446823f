import { ORDER_STATUS, type OrderStatusId } from '@zaymo/contract';
import { and, desc, eq, gt, inArray, isNull, max } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { cards, loanOrders, loanSettings, type CardRow, type LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { OPEN_LOAN_STATUSES, UNFINISHED_ORDER_STATUSES } from './status-machine';

/** A database handle or an open transaction (inside a transaction use only the transaction). */
export type Db = Database | Transaction;

/** Another client's order is reported, then answered like a missing one. */
export type OrderAccessDenied = (orderId: number) => void;

export async function findOrder(db: Db, orderId: number): Promise<LoanOrderRow | null> {
  const [row] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  return row ?? null;
}

/** The client's own order; 404 for a missing one and for another client's. */
export async function ownOrder(
  db: Db,
  clientId: number,
  orderId: number,
  onForeign?: OrderAccessDenied,
): Promise<LoanOrderRow> {
  const row = await findOrder(db, orderId);
  if (row && row.clientId === clientId) return row;
  if (row) onForeign?.(orderId);
  throw new AppError('ORDER_NOT_FOUND');
}

/** The same, locked until the transaction ends. */
export async function lockOwnOrder(
  tx: Transaction,
  clientId: number,
  orderId: number,
  onForeign?: OrderAccessDenied,
): Promise<LoanOrderRow> {
  const [row] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId)).for('update');
  if (row && row.clientId === clientId) return row;
  if (row) onForeign?.(orderId);
  throw new AppError('ORDER_NOT_FOUND');
}

/** Newest first (spec: the orders list). */
export function ordersOfClient(db: Db, clientId: number): Promise<LoanOrderRow[]> {
  return db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.clientId, clientId))
    .orderBy(desc(loanOrders.id));
}

/** The client's open loan or unfinished order (at most one: a unique index keeps it so). */
export async function liveOrderOf(db: Db, clientId: number): Promise<LoanOrderRow | null> {
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.clientId, clientId),
        inArray(loanOrders.statusId, [...UNFINISHED_ORDER_STATUSES, ...OPEN_LOAN_STATUSES]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function hasOrderWithStatus(
  db: Db,
  clientId: number,
  statuses: readonly OrderStatusId[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(and(eq(loanOrders.clientId, clientId), inArray(loanOrders.statusId, [...statuses])))
    .limit(1);
  return row !== undefined;
}

export function hasRepaidLoan(db: Db, clientId: number): Promise<boolean> {
  return hasOrderWithStatus(db, clientId, [ORDER_STATUS.REPAID]);
}

/** The first day the client may apply again after a refusal, if that day is after `today`. */
export async function moratoriumUntil(
  db: Db,
  clientId: number,
  today: string,
): Promise<string | null> {
  const [row] = await db
    .select({ until: max(loanOrders.moratoriumUntil) })
    .from(loanOrders)
    .where(and(eq(loanOrders.clientId, clientId), gt(loanOrders.moratoriumUntil, today)));
  return row?.until ?? null;
}

/** The card payouts go to: the client's active, undeleted card. */
export async function activeCardOf(db: Db, clientId: number): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.clientId, clientId), eq(cards.isActive, true), isNull(cards.deletedAt)));
  return row ?? null;
}

/** The moratorium after a refusal in force: the admin's setting, or MORATORIUM_DAYS while none is set. */
export async function moratoriumDays(db: Db, config: Pick<AppConfig, 'loans'>): Promise<number> {
  const [row] = await db
    .select({ days: loanSettings.moratoriumDays })
    .from(loanSettings)
    .where(eq(loanSettings.id, 1));
  return row?.days ?? config.loans.moratoriumDays;
}
