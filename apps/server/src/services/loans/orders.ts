import {
  coolingOffHours,
  IDENTITY_COMPLETE_STEP,
  ORDER_STATUS,
  type CoolingOffRules,
  parseMoney,
  type Kopecks,
  type Order,
  moscowDate,
} from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  loanOrders,
  orderDocumentAcceptances,
  orderInsurances,
  type ClientRow,
  type InsuranceRow,
  type LoanOrderRow,
  type TariffRow,
} from '../../db/schema';
import { formatDate } from '../../documents/pdf/format';
import { AppError } from '../../errors';
import { assertPreorderAccepted, editionOf, PREORDER_KINDS } from '../documents/catalogue';
import { recordBureauConsent } from '../accounts/client-consents';
import { findIdentity, lockClient } from '../identity/store';
import { clientSnapshot } from './client-snapshot';
import { assertIdentifiedForOnlineLoan } from './identification-rule';
import { quoteChoice } from './loan-choice';
import {
  activeCardOf,
  hasRepaidLoan,
  liveOrderOf,
  lockOwnOrder,
  moratoriumUntil,
  ordersOfClient,
  type OrderAccessDenied,
} from './db';
import { presentOne, presentOrders, reckoningOf } from './present';
import { assertTransition, OPEN_LOAN_STATUSES } from './status-machine';
import { assertLoanChoice, chosenInsurances, tariffForOrder } from './tariffs';
import { queueApplication } from '../credit-history/events';
import { syncClientLoans } from '../servicing/accrual';

type OrdersContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface CreateOrderInput {
  readonly tariff_id: number;
  readonly amount: string;
  readonly period: number;
  readonly insurance_ids: readonly number[];
  readonly accepted_documents: readonly string[];
}

/** GET /clients/orders: newest first. */
export async function listOrders(ctx: OrdersContext, clientId: number): Promise<Order[]> {
  // Interest and penalty up to today are booked (and an overdue loan expired) before the read.
  await syncClientLoans(ctx, clientId);
  return presentOrders(ctx.db, await ordersOfClient(ctx.db, clientId), reckoningOf(ctx));
}

/**
 * Identity done and identified as the law asks today (41-ФЗ), a card to pay out to, no open
 * loan, no unfinished order, no moratorium.
 */
async function assertMayApply(
  tx: Transaction,
  config: OrdersContext['config'],
  client: ClientRow,
  today: string,
): Promise<void> {
  if ((client.step ?? 0) < IDENTITY_COMPLETE_STEP) {
    throw new AppError('IDENTITY_INCOMPLETE');
  }
  assertIdentifiedForOnlineLoan(config, client.identificationLevel, today);
  if (!(await activeCardOf(tx, client.id))) throw new AppError('CARD_NOT_BOUND');
  const live = await liveOrderOf(tx, client.id);
  if (live && OPEN_LOAN_STATUSES.includes(live.statusId)) {
    throw new AppError('LOAN_OPEN');
  }
  if (live) throw new AppError('ORDER_IN_PROGRESS');
  const until = await moratoriumUntil(tx, client.id, today);
  if (until) throw new AppError('MORATORIUM', { from: formatDate(until) });
}

interface OrderChoice {
  readonly tariff: TariffRow;
  readonly amount: Kopecks;
  readonly period: number;
  readonly insurances: readonly InsuranceRow[];
}

async function validChoice(
  tx: Transaction,
  clientId: number,
  input: CreateOrderInput,
): Promise<OrderChoice> {
  const amount = parseMoney(input.amount);
  if (amount === null) throw new AppError('LOAN_AMOUNT_MISSING', { field: 'amount' });
  const tariff = await tariffForOrder(tx, input.tariff_id, await hasRepaidLoan(tx, clientId));
  assertLoanChoice(tariff, amount, input.period);
  const insurances = await chosenInsurances(tx, input.insurance_ids);
  assertPreorderAccepted(input.accepted_documents);
  return { tariff, amount, period: input.period, insurances };
}

async function insertOrder(
  tx: Transaction,
  client: ClientRow,
  choice: OrderChoice,
  { now, coolingOff }: { now: Date; coolingOff: CoolingOffRules },
): Promise<LoanOrderRow> {
  const quote = quoteChoice(
    choice.tariff.dayPercent,
    choice.amount,
    choice.period,
    moscowDate(now),
  );
  const [order] = await tx
    .insert(loanOrders)
    .values({
      clientId: client.id,
      statusId: ORDER_STATUS.NEW,
      tariffId: choice.tariff.id,
      amount: choice.amount,
      period: choice.period,
      dayPercent: choice.tariff.dayPercent,
      interest: quote.interest,
      returnSum: quote.totalToReturn,
      pskPercent: quote.psk.percent,
      pskAmount: quote.psk.amount,
      insuranceTotal: choice.insurances.reduce((sum, row) => sum + row.price, 0n),
      coolingOffHours: coolingOffHours(coolingOff, choice.amount),
      clientSnapshot: clientSnapshot(client, await findIdentity(tx, client.id)),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('order not created');
  return order;
}

async function recordOrderDetails(
  tx: Transaction,
  order: LoanOrderRow,
  choice: OrderChoice,
  meta: RequestMeta,
): Promise<void> {
  if (choice.insurances.length > 0) {
    await tx.insert(orderInsurances).values(
      choice.insurances.map((row) => ({
        orderId: order.id,
        insuranceId: row.id,
        name: row.name,
        price: row.price,
      })),
    );
  }
  await tx.insert(orderDocumentAcceptances).values(
    PREORDER_KINDS.map((kind) => ({
      orderId: order.id,
      kind,
      version: editionOf(kind).version,
      acceptedAt: order.createdAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    })),
  );
  const bureauEdition = editionOf('bki_consent').version;
  await recordBureauConsent(tx, order.clientId, bureauEdition, order.createdAt, meta);
}

/**
 * POST /orders/create: checks the client may apply (under the client's row lock, so two
 * requests cannot both pass), validates the choice against the tariff, stores the order as NEW
 * with its quote, insurances and accepted documents, and queues the application for the credit
 * history (event 1.1). Scoring starts after the commit.
 */
export async function createOrder(
  ctx: OrdersContext,
  clientId: number,
  input: CreateOrderInput,
  meta: RequestMeta,
): Promise<LoanOrderRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const client = await lockClient(tx, clientId);
    await assertMayApply(tx, ctx.config, client, moscowDate(now));
    const choice = await validChoice(tx, clientId, input);
    const order = await insertOrder(tx, client, choice, {
      now,
      coolingOff: ctx.config.loans.coolingOff,
    });
    await recordOrderDetails(tx, order, choice, meta);
    await queueApplication(tx, order, now);
    return order;
  });
}

/** POST /orders/{orderId}/reject: the client declines an approved offer. */
export async function rejectOrder(
  ctx: OrdersContext,
  clientId: number,
  orderId: number,
  onForeign: OrderAccessDenied,
): Promise<Order> {
  const now = ctx.clock.now();
  const order = await ctx.db.transaction(async (tx) => {
    const current = await lockOwnOrder(tx, clientId, orderId, onForeign);
    if (current.statusId === ORDER_STATUS.REJECTED_BY_CLIENT) return current;
    if (current.statusId !== ORDER_STATUS.APPROVED) {
      throw new AppError('ORDER_NOT_REJECTABLE');
    }
    assertTransition(current.statusId, ORDER_STATUS.REJECTED_BY_CLIENT);
    const [rejected] = await tx
      .update(loanOrders)
      .set({
        statusId: ORDER_STATUS.REJECTED_BY_CLIENT,
        statusReason: 'Вы отказались от займа',
        updatedAt: now,
      })
      .where(and(eq(loanOrders.id, orderId), eq(loanOrders.statusId, ORDER_STATUS.APPROVED)))
      .returning();
    if (!rejected) throw new AppError('ORDER_NOT_REJECTABLE');
    return rejected;
  });
  return presentOne(ctx.db, order, reckoningOf(ctx, now));
}
