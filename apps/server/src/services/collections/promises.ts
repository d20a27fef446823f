import {
  ORDER_STATUS,
  PROMISE_MAX_DAYS,
  addDays,
  kopecks,
  moscowDate,
  parseMoney,
  toMoneyString,
  type CrmPromise,
  type IsoDate,
  type PromiseState,
} from '@zaymo/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  collectionPromises,
  staff,
  type CollectionPromiseRow,
  type LoanLedgerRow,
} from '../../db/schema';
import { AppError } from '../../errors';

/*
 * Promises to pay: kept once the payments booked from the day the promise was made up to its day
 * reach the amount (or the loan is repaid), broken once its day has passed without.
 */

type PromisesContext = Pick<AppContext, 'db' | 'clock'>;

export function promiseState(
  promise: Pick<CollectionPromiseRow, 'amount' | 'madeOn' | 'dueOn'>,
  ledger: readonly Pick<LoanLedgerRow, 'kind' | 'amount' | 'entryDate'>[],
  orderStatus: number,
  today: IsoDate,
): PromiseState {
  const paid = ledger
    .filter((row) => row.kind === 'payment')
    .filter((row) => row.entryDate >= promise.madeOn && row.entryDate <= promise.dueOn)
    .reduce((sum, row) => sum + row.amount, 0n);
  if (paid >= promise.amount || orderStatus === ORDER_STATUS.REPAID) return 'kept';
  return today > promise.dueOn ? 'broken' : 'pending';
}

type PromiseWithAuthor = { promise: CollectionPromiseRow; staffName: string | null };

export function promiseView(
  { promise, staffName }: PromiseWithAuthor,
  state: PromiseState,
): CrmPromise {
  return {
    id: promise.id,
    amount: toMoneyString(kopecks(promise.amount)),
    due_on: promise.dueOn,
    made_on: promise.madeOn,
    state,
    staff_name: staffName,
  };
}

/** The promises of each order, newest first. */
export async function promisesOf(
  ctx: PromisesContext,
  orderIds: readonly number[],
): Promise<Map<number, PromiseWithAuthor[]>> {
  const byOrder = new Map<number, PromiseWithAuthor[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await ctx.db
    .select({ promise: collectionPromises, staffName: staff.name })
    .from(collectionPromises)
    .leftJoin(staff, eq(staff.id, collectionPromises.staffId))
    .where(inArray(collectionPromises.orderId, [...orderIds]))
    .orderBy(desc(collectionPromises.id));
  for (const row of rows) {
    byOrder.set(row.promise.orderId, [...(byOrder.get(row.promise.orderId) ?? []), row]);
  }
  return byOrder;
}

/** Checks the promise against the debt and the window of days; answers the amount in kopecks. */
export function checkedPromise(
  input: { amount: string; due_on: string },
  owed: bigint,
  today: IsoDate,
): bigint {
  const amount = parseMoney(input.amount);
  if (amount === null || amount <= 0n) {
    throw new AppError('PROMISE_AMOUNT_NOT_POSITIVE', { field: 'amount' });
  }
  if (amount > owed) {
    const debt = { owed: toMoneyString(kopecks(owed)) };
    throw new AppError('PROMISE_OVER_DEBT', debt, { field: 'amount' });
  }
  const last = addDays(today, PROMISE_MAX_DAYS);
  if (input.due_on < today || input.due_on > last) {
    const range = { last, days: PROMISE_MAX_DAYS };
    throw new AppError('PROMISE_DATE_OUT_OF_RANGE', range, { field: 'due_on' });
  }
  return amount;
}

export async function recordPromise(
  ctx: PromisesContext,
  values: { clientId: number; orderId: number; amount: bigint; dueOn: IsoDate },
  staffId: number | null,
): Promise<CollectionPromiseRow> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(collectionPromises)
    .values({ ...values, madeOn: moscowDate(now), staffId, createdAt: now })
    .returning();
  if (!row) throw new Error('promise not recorded');
  return row;
}
