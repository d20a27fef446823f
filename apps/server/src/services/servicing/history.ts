import { kopecks, toMoneyString, type LedgerEntryKind, type Order } from '@zaymo/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { onPrimary, type ReadRunner } from '../../db/replica';
import { loanLedger, loanOrders } from '../../db/schema';
import { ordersOfClient } from '../loans/db';
import { presentOrders, reckoningOf } from '../loans/present';
import { syncClientLoans } from './accrual';

/** Daily charges: shown summed per period, between the money movements of their loan. */
const CHARGES: readonly LedgerEntryKind[] = ['interest', 'penalty'];

export interface PaymentHistoryItem {
  readonly id: number;
  readonly order_id: number;
  readonly contract_number: string | null;
  readonly kind: LedgerEntryKind;
  readonly amount: string;
  readonly date: string;
  /** Charges: the first day of the period summed up (date is the last); null for a movement. */
  readonly period_start: string | null;
}

export interface History {
  readonly orders: Order[];
  readonly payments: PaymentHistoryItem[];
}

interface LedgerRow {
  id: number;
  orderId: number;
  contractNumber: string | null;
  kind: LedgerEntryKind;
  amount: bigint;
  date: string;
}

/**
 * GET /clients/history: every order, every money movement and the charges per period, newest
 * first. Charges are booked up to today on the primary; the history itself may be read by
 * `reads` (a replica that has the client's own writes), unless that booking just changed it.
 */
export async function clientHistory(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  clientId: number,
  reads: ReadRunner = onPrimary(ctx.db),
): Promise<History> {
  const booked = await syncClientLoans(ctx, clientId);
  return (booked ? onPrimary(ctx.db) : reads)(async (db) => {
    const orders = await presentOrders(db, await ordersOfClient(db, clientId), reckoningOf(ctx));
    return { orders, payments: summarize(await ledgerRowsOf(db, clientId)).reverse() };
  });
}

async function ledgerRowsOf(db: Database, clientId: number): Promise<LedgerRow[]> {
  return db
    .select({
      id: loanLedger.id,
      orderId: loanLedger.orderId,
      contractNumber: loanOrders.contractNumber,
      kind: loanLedger.kind,
      amount: loanLedger.amount,
      date: loanLedger.entryDate,
    })
    .from(loanLedger)
    .innerJoin(loanOrders, eq(loanOrders.id, loanLedger.orderId))
    .where(eq(loanOrders.clientId, clientId))
    .orderBy(asc(loanLedger.entryDate), asc(loanLedger.id));
}

/**
 * Oldest first in, oldest first out: each movement as it is; the charges of one loan and kind
 * summed into one item until a movement of that loan closes the period.
 */
function summarize(rows: readonly LedgerRow[]): PaymentHistoryItem[] {
  const items: PaymentHistoryItem[] = [];
  const open = new Map<string, { index: number; sum: bigint }>();
  for (const row of rows) {
    if (!CHARGES.includes(row.kind)) {
      for (const key of [...open.keys()]) if (key.startsWith(`${row.orderId}:`)) open.delete(key);
      items.push(itemOf(row, row.amount, null));
      continue;
    }
    const key = `${row.orderId}:${row.kind}`;
    const group = open.get(key);
    const start = group ? (items[group.index]?.period_start ?? row.date) : row.date;
    const sum = (group?.sum ?? 0n) + row.amount;
    const item = {
      ...itemOf(row, sum, start),
      id: group ? (items[group.index]?.id ?? row.id) : row.id,
    };
    if (group) {
      // Moves to the end: the period's last day decides where it stands among the movements.
      items.splice(group.index, 1);
      for (const other of open.values()) if (other.index > group.index) other.index -= 1;
    }
    items.push(item);
    open.set(key, { index: items.length - 1, sum });
  }
  return items;
}

function itemOf(row: LedgerRow, amount: bigint, periodStart: string | null): PaymentHistoryItem {
  return {
    id: row.id,
    order_id: row.orderId,
    contract_number: row.contractNumber,
    kind: row.kind,
    amount: toMoneyString(kopecks(amount)),
    date: row.date,
    period_start: periodStart,
  };
}
