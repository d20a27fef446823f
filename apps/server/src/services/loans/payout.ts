import {
  addDays,
  kopecks,
  ORDER_STATUS,
  type Order,
  type OrderStatusId,
  moscowDate,
} from '@zaymo/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  loanOrders,
  orderPayouts,
  paymentOperations,
  type LoanOrderRow,
  type OrderPayoutRow,
  type PaymentOperationRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  isPaymentGatewayError,
  type MoneyMove,
  type PaymentsGateway,
} from '../../integrations/payments';
import { requireGateway } from '../payments/gateway-errors';
import { recordGatewayOrder } from '../payments/operations';
import { openCardToken } from '../payments/token-vault';
import { loadClient } from '../identity/store';
import { lockOwnOrder, type OrderAccessDenied } from './db';
import { assertIdentifiedForOnlineLoan } from './identification-rule';
import { contractDateOf, coolingOffEndOf, isSignedOnPayoutDay } from './contract-dates';
import { queuePayout } from '../credit-history/events';
import { bookPayout, ledgerOf, toLedgerEntry } from './ledger';
import { returnToSigning } from './signing';
import { destinationOf, payoutAmountOf, type PayoutDestination } from './sbp-payout';
import { presentOne, reckoningOf } from './present';
import { assertTransition, statusesLeadingTo } from './status-machine';

/*
 * Sending the money (sendingMoney): one payout per order however many requests arrive at once.
 * 1. Under the order's row lock: a repeated Idempotency-Key finds its attempt; a paid order is
 *    answered as is; an order signed on another Moscow day goes back to APPROVED and the client
 *    is asked to sign again (409: the documents must carry the payout day);
 *    otherwise a pending attempt is claimed — the partial unique index on
 *    order_payouts allows one pending or approved attempt per order.
 * 2. The gateway pays out, outside any transaction: to the active card by its token (P2PCredit),
 *    or by phone through the СБП to the recipient the client confirmed (SBPCredit, sbp-payout.ts).
 * 3. One transaction settles: SIGNED|FAIL_TO_GIVE → GIVEN (conditional UPDATE), given_at, due
 *    date = signing (= payout) day + term, the ledger's payout entry (unique per order); or → FAIL_TO_GIVE with
 *    the reason, and the client may try again with a new key.
 */

type PayoutContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const PAYOUT_FAILED_MESSAGE = 'Не удалось отправить деньги на карту. Попробуйте ещё раз';

export const PAID_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.GIVEN,
  ORDER_STATUS.EXPIRED,
  ORDER_STATUS.REPAID,
];
/** A prolonged EXPIRED loan also returns to GIVEN, but that is no payout. */
const PAYABLE_STATUSES: OrderStatusId[] = statusesLeadingTo(ORDER_STATUS.GIVEN).filter(
  (status) => status !== ORDER_STATUS.EXPIRED,
);
/** The gateway's payout operations: to a card, and by phone through the СБП. */
const PAYOUT_OPERATION_TYPES: ReadonlySet<string> = new Set(['P2PCREDIT', 'SBPCREDIT']);
/** After this long a pending payout is asked about at the gateway instead of waited for. */
const RECONCILE_AFTER_MS = 60_000;

export interface PayoutRequest {
  readonly clientId: number;
  readonly orderId: number;
  readonly idempotencyKey: string;
  readonly onForeign: OrderAccessDenied;
}

interface AttemptIds {
  readonly payoutId: number;
  readonly operationId: number;
}

type Claim =
  | { readonly kind: 'answer'; readonly order: LoanOrderRow }
  | { readonly kind: 'resign' }
  | { readonly kind: 'pending'; readonly payout: OrderPayoutRow }
  | {
      readonly kind: 'claimed';
      readonly order: LoanOrderRow;
      readonly destination: PayoutDestination;
      readonly payout: OrderPayoutRow;
      readonly operation: PaymentOperationRow;
    };

async function payoutByKey(tx: Transaction, key: string): Promise<OrderPayoutRow | null> {
  const [row] = await tx.select().from(orderPayouts).where(eq(orderPayouts.idempotencyKey, key));
  return row ?? null;
}

/** The order's payout attempt that is pending or has paid: at most one. */
export async function livePayoutOf(
  tx: Transaction,
  orderId: number,
): Promise<OrderPayoutRow | null> {
  const [row] = await tx
    .select()
    .from(orderPayouts)
    .where(
      and(eq(orderPayouts.orderId, orderId), inArray(orderPayouts.status, ['pending', 'approved'])),
    );
  return row ?? null;
}

async function attemptsOf(tx: Transaction, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(orderPayouts)
    .where(eq(orderPayouts.orderId, orderId));
  return row?.count ?? 0;
}

async function insertAttempt(
  tx: Transaction,
  order: LoanOrderRow,
  destination: PayoutDestination,
  key: string,
  now: Date,
): Promise<{ payout: OrderPayoutRow; operation: PaymentOperationRow }> {
  const attempt = (await attemptsOf(tx, order.id)) + 1;
  const amount = payoutAmountOf(order);
  const cardId = destination.kind === 'card' ? destination.card.id : null;
  const sbpPrecheckId = destination.kind === 'sbp' ? destination.precheck.id : null;
  const reference = `payout-${order.id}-${attempt}`;
  const [operation] = await tx
    .insert(paymentOperations)
    .values({
      kind: 'payout',
      clientId: order.clientId,
      loanOrderId: order.id,
      reference,
      idempotencyKey: `payout:${key}`,
      amount,
      status: 'new',
      cardId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!operation) throw new Error('payout operation not created');
  const [payout] = await tx
    .insert(orderPayouts)
    .values({
      orderId: order.id,
      idempotencyKey: key,
      paymentOperationId: operation.id,
      cardId,
      sbpPrecheckId,
      amount,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!payout) throw new Error('payout not created');
  return { payout, operation };
}

/** 353-FZ art. 7 part 9.3: no money before the cooling-off ends, whoever asks. */
function assertCoolingOffOver(order: LoanOrderRow, now: Date): void {
  const until = coolingOffEndOf(order);
  if (until && now < until) throw new AppError('COOLING_OFF_RUNNING');
}

async function claim(ctx: PayoutContext, request: PayoutRequest): Promise<Claim> {
  const key = `${request.clientId}:${request.idempotencyKey}`;
  return ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, request.clientId, request.orderId, request.onForeign);
    const repeated = await payoutByKey(tx, key);
    if (repeated && repeated.orderId !== order.id) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (repeated?.status === 'pending') return { kind: 'pending', payout: repeated };
    if (repeated || PAID_STATUSES.includes(order.statusId)) return { kind: 'answer', order };
    if (!PAYABLE_STATUSES.includes(order.statusId)) throw new AppError('ORDER_NOT_PAYABLE');
    const live = await livePayoutOf(tx, order.id);
    if (live) return { kind: 'pending', payout: live };
    assertCoolingOffOver(order, ctx.clock.now());
    // The loan is given now: the law's identification applies on this day, not the order's.
    const client = await loadClient(tx, order.clientId);
    assertIdentifiedForOnlineLoan(
      ctx.config,
      client.identificationLevel,
      moscowDate(ctx.clock.now()),
    );
    if (!isSignedOnPayoutDay(order, ctx.clock.now())) {
      await returnToSigning(tx, order, ctx.clock.now());
      return { kind: 'resign' };
    }
    const destination = await destinationOf(tx, order);
    return {
      kind: 'claimed',
      order,
      destination,
      ...(await insertAttempt(tx, order, destination, key, ctx.clock.now())),
    };
  });
}

/** What the gateway said, or that it cannot say (money may have moved: ask later). */
type Outcome =
  | { readonly kind: 'approved'; readonly move: MoneyMove }
  | {
      readonly kind: 'failed';
      readonly message: string;
      readonly move: MoneyMove | null;
      readonly gatewayOrderId: string | null;
    }
  | { readonly kind: 'unknown'; readonly gatewayOrderId: string | null };

async function sendMoney(
  ctx: PayoutContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  claimed: Extract<Claim, { kind: 'claimed' }>,
): Promise<Outcome> {
  const { order, destination, operation } = claimed;
  const onRegistered = (gatewayOrderId: string) =>
    recordGatewayOrder(ctx, operation.id, gatewayOrderId, 'PAYOUT_IN_FLIGHT');
  try {
    if (destination.kind === 'sbp') {
      // The check registered the gateway's order: it is recorded before SBPCredit moves money.
      const { gatewayOrderId, gatewayPrecheckId } = destination.precheck;
      await onRegistered(gatewayOrderId);
      return outcomeOf(
        await gateway.sbpPayout({ orderId: gatewayOrderId, precheckId: gatewayPrecheckId }),
      );
    }
    const move = await gateway.payout({
      token: openCardToken(destination.card.tokenSealed, ctx.config.appSecret),
      amount: kopecks(operation.amount),
      reference: operation.reference,
      description: `Выдача займа по договору ${order.contractNumber ?? order.id}`,
      onRegistered,
    });
    return outcomeOf(move);
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    log.warn({ gateway: error.detail, kind: error.kind, orderId: order.id }, 'payout failed');
    const gatewayOrderId = error.orderId ?? null;
    if (error.outcomeUnknown) return { kind: 'unknown', gatewayOrderId };
    return {
      kind: 'failed',
      message: error.message || PAYOUT_FAILED_MESSAGE,
      move: null,
      gatewayOrderId,
    };
  }
}

function outcomeOf(move: MoneyMove): Outcome {
  if (move.status === 'approved') return { kind: 'approved', move };
  if (move.status === 'pending') return { kind: 'unknown', gatewayOrderId: move.orderId };
  return {
    kind: 'failed',
    message: move.message || PAYOUT_FAILED_MESSAGE,
    move,
    gatewayOrderId: move.orderId,
  };
}

interface OperationChange {
  readonly status: 'approved' | 'declined' | 'failed' | 'pending';
  readonly message?: string;
  readonly move?: MoneyMove | null;
  readonly gatewayOrderId?: string | null;
}

async function markOperation(
  tx: Transaction,
  ids: AttemptIds,
  change: OperationChange,
  now: Date,
): Promise<void> {
  await tx
    .update(paymentOperations)
    .set({
      status: change.status,
      message: change.message ?? null,
      gatewayOrderId: change.move?.orderId ?? change.gatewayOrderId ?? null,
      gatewayOperationId: change.move?.operationId ?? null,
      updatedAt: now,
    })
    .where(eq(paymentOperations.id, ids.operationId));
  if (change.status === 'pending') return;
  await tx
    .update(orderPayouts)
    .set({ status: change.status, updatedAt: now })
    .where(eq(orderPayouts.id, ids.payoutId));
}

async function moveOrder(
  tx: Transaction,
  orderId: number,
  to: typeof ORDER_STATUS.GIVEN | typeof ORDER_STATUS.FAIL_TO_GIVE,
  changes: Partial<LoanOrderRow>,
): Promise<LoanOrderRow | null> {
  for (const from of PAYABLE_STATUSES) assertTransition(from, to);
  const [row] = await tx
    .update(loanOrders)
    .set({ ...changes, statusId: to })
    .where(and(eq(loanOrders.id, orderId), inArray(loanOrders.statusId, PAYABLE_STATUSES)))
    .returning();
  return row ?? null;
}

async function settleApproved(
  tx: Transaction,
  order: LoanOrderRow,
  ids: AttemptIds,
  move: MoneyMove,
  now: Date,
): Promise<void> {
  await markOperation(tx, ids, { status: 'approved', move }, now);
  // The claim sent the money on the contract's day: that day is the contract date the signed
  // documents print, even when the gateway's answer is settled after midnight.
  const today = contractDateOf(order, now) ?? moscowDate(now);
  const given = await moveOrder(tx, order.id, ORDER_STATUS.GIVEN, {
    givenAt: now,
    dueDate: addDays(today, order.period),
    statusReason: null,
    updatedAt: now,
  });
  if (!given) return;
  await bookPayout(tx, {
    orderId: order.id,
    amount: order.amount,
    insurance: order.insuranceTotal,
    date: today,
    paymentOperationId: ids.operationId,
    now,
  });
  const entries = (await ledgerOf(tx, order.id)).map(toLedgerEntry);
  await queuePayout(tx, given, entries, now);
}

async function settle(
  ctx: PayoutContext,
  order: LoanOrderRow,
  ids: AttemptIds,
  outcome: Outcome,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (outcome.kind === 'approved') return settleApproved(tx, order, ids, outcome.move, now);
    if (outcome.kind === 'unknown') {
      await markOperation(
        tx,
        ids,
        { status: 'pending', gatewayOrderId: outcome.gatewayOrderId },
        now,
      );
      return;
    }
    const { message, move, gatewayOrderId } = outcome;
    await markOperation(
      tx,
      ids,
      { status: move ? 'declined' : 'failed', message, move, gatewayOrderId },
      now,
    );
    await moveOrder(tx, order.id, ORDER_STATUS.FAIL_TO_GIVE, {
      statusReason: outcome.message,
      updatedAt: now,
    });
  });
}

const NOTHING_SENT: Outcome = {
  kind: 'failed',
  message: PAYOUT_FAILED_MESSAGE,
  move: null,
  gatewayOrderId: null,
};

async function stillNew(ctx: PayoutContext, operationId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ status: paymentOperations.status })
    .from(paymentOperations)
    .where(eq(paymentOperations.id, operationId));
  return row?.status === 'new';
}

/**
 * Brings a payout left unsettled (no answer, or the server stopped mid-way) to a final state by
 * asking the gateway: its P2PCREDIT settles the order as GIVEN or FAIL_TO_GIVE. An attempt the
 * gateway never registered, or registered without a payout, moved no money: it fails, and the
 * client may try again. A payout still processing at the gateway is left for the next run.
 */
export async function reconcilePayout(
  ctx: PayoutContext,
  gateway: PaymentsGateway,
  operation: PaymentOperationRow,
): Promise<void> {
  const [payout] = await ctx.db
    .select()
    .from(orderPayouts)
    .where(eq(orderPayouts.paymentOperationId, operation.id));
  if (payout?.status !== 'pending') return;
  const [order] = await ctx.db.select().from(loanOrders).where(eq(loanOrders.id, payout.orderId));
  if (!order) return;
  const ids = { payoutId: payout.id, operationId: operation.id };
  if (!operation.gatewayOrderId) return settle(ctx, order, ids, NOTHING_SENT);
  const status = await gateway.status(operation.gatewayOrderId);
  const credits = status.operations.filter((op) => PAYOUT_OPERATION_TYPES.has(op.type));
  const final = credits.find((op) => op.status !== 'pending');
  if (final) return settle(ctx, order, ids, outcomeOf(final));
  if (credits.length === 0) await settle(ctx, order, ids, NOTHING_SENT);
}

/** A pending payout met by a new request is asked about once it is a minute old. */
async function reconcileIfStale(
  ctx: PayoutContext,
  gateway: PaymentsGateway,
  payout: OrderPayoutRow,
): Promise<void> {
  if (ctx.clock.now().getTime() - payout.updatedAt.getTime() < RECONCILE_AFTER_MS) return;
  const [operation] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, payout.paymentOperationId));
  if (operation) await reconcilePayout(ctx, gateway, operation);
}

/** POST /orders/{orderId}/payout. */
export async function payoutOrder(
  ctx: PayoutContext,
  gateway: PaymentsGateway | null,
  log: FastifyBaseLogger,
  request: PayoutRequest,
): Promise<Order> {
  const payments = requireGateway(gateway);
  const claimed = await claim(ctx, request);
  if (claimed.kind === 'pending') {
    await reconcileIfStale(ctx, payments, claimed.payout);
    throw new AppError('PAYOUT_IN_FLIGHT');
  }
  if (claimed.kind === 'resign') throw new AppError('SIGN_AGAIN');
  if (claimed.kind === 'answer') return presentOne(ctx.db, claimed.order, reckoningOf(ctx));
  const ids = { payoutId: claimed.payout.id, operationId: claimed.operation.id };
  const outcome = await sendMoney(ctx, payments, log, claimed).catch(async (error: unknown) => {
    // Only an attempt the gateway never registered is known to have moved nothing; anything
    // later may have paid out, so it stays pending for reconciliation (reconcilePayout).
    if (await stillNew(ctx, claimed.operation.id)) {
      await settle(ctx, claimed.order, ids, NOTHING_SENT);
    }
    throw error;
  });
  await settle(ctx, claimed.order, ids, outcome);
  const [order] = await ctx.db.select().from(loanOrders).where(eq(loanOrders.id, request.orderId));
  if (!order) throw new AppError('NOT_FOUND');
  return presentOne(ctx.db, order, reckoningOf(ctx));
}
