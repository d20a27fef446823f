import { kopecks, toMoneyString, type LedgerEntryKind, type Order } from '@zaymo/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loanLedger, loanOrders } from '../../db/schema';
import { listOrders } from '../loans/orders';

/** Money that moved (not the daily charges): what the history lists as payments. */
const MONEY_MOVES: readonly LedgerEntryKind[] = [
  'payout',
  'insurance_premium',
  'payment',
  'prolongation_fee',
  'reversal',
];

export interface PaymentHistoryItem {
  readonly id: number;
  readonly order_id: number;
  readonly contract_number: string | null;
  readonly kind: LedgerEntryKind;
  readonly amount: string;
  readonly date: string;
}

export interface History {
  readonly orders: Order[];
  readonly payments: PaymentHistoryItem[];
}

/** GET /clients/history: every order and every money movement of the client, newest first. */
export async function clientHistory(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  clientId: number,
): Promise<History> {
  const orders = await listOrders(ctx, clientId);
  const rows = await ctx.db
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
    .where(and(eq(loanOrders.clientId, clientId), inArray(loanLedger.kind, [...MONEY_MOVES])))
    .orderBy(desc(loanLedger.entryDate), desc(loanLedger.id));
  const payments = rows.map((row) => ({
    id: row.id,
    order_id: row.orderId,
    contract_number: row.contractNumber,
    kind: row.kind,
    amount: toMoneyString(kopecks(row.amount)),
    date: row.date,
  }));
  return { orders, payments };
}
