import { kopecks, type Kopecks, moscowDate } from '@zaymo/contract';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { loanLedger, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import {
  isPaymentGatewayError,
  type MoneyMove,
  type PaymentsGateway,
} from '../../integrations/payments';

/*
 * Money a loan did not need goes back to the card it came from (webapi/Reverse on the payment's
 * gateway order): the part of a payment above the debt, or a whole payment that settled after the
 * loan had closed (a gateway page paid late). The refund is queued in the transaction that books
 * the payment (one per payment: unique refund_of) and sent afterwards by the servicing jobs; its
 * ledger entry «refund:<id>» is booked when the gateway approves it, so history shows both the
 * money in and the money back. A refund whose outcome is unknown is settled by reconciliation;
 * one the card's bank declined is sent again after a pause for a few days (requeueDeclined).
 */

type RefundContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const REFUND_BATCH = 20;

/** Queues the return of `amount` of an approved loan payment (a repeat is a no-op). */
export async function queueRefund(
  tx: Transaction,
  payment: PaymentOperationRow,
  amount: Kopecks,
  now: Date,
): Promise<void> {
  await tx
    .insert(paymentOperations)
    .values({
      kind: 'refund',
      clientId: payment.clientId,
      reference: `refund-${payment.id}`,
      idempotencyKey: `refund:${payment.id}`,
      amount,
      status: 'new',
      cardId: payment.cardId,
      loanOrderId: payment.loanOrderId,
      refundOf: payment.id,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

async function paymentRefunded(
  ctx: RefundContext,
  refund: PaymentOperationRow,
): Promise<PaymentOperationRow | null> {
  if (refund.refundOf === null) return null;
  const [payment] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, refund.refundOf));
  return payment ?? null;
}

/** Settles a refund once, with its ledger entry when approved (an insurance refund's own kind). */
export async function settleRefund(
  ctx: RefundContext,
  refund: PaymentOperationRow,
  move: Pick<MoneyMove, 'status' | 'operationId' | 'message'>,
): Promise<void> {
  if (move.status === 'pending') return;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [settled] = await tx
      .update(paymentOperations)
      .set({
        status: move.status,
        gatewayOperationId: move.operationId,
        message: move.status === 'declined' ? move.message : null,
        updatedAt: now,
      })
      .where(and(eq(paymentOperations.id, refund.id), eq(paymentOperations.status, 'pending')))
      .returning();
    if (settled?.status !== 'approved' || settled.loanOrderId === null) return;
    const kind = settled.kind === 'insurance_refund' ? 'insurance_refund' : 'refund';
    await tx
      .insert(loanLedger)
      .values({
        orderId: settled.loanOrderId,
        entryKey: `${kind}:${settled.id}`,
        kind,
        amount: settled.amount,
        entryDate: moscowDate(now),
        paymentOperationId: settled.id,
        createdAt: now,
      })
      .onConflictDoNothing();
  });
}

/** Takes a queued refund (new → pending) so that one instance sends it; false if taken. */
export async function takeRefund(
  ctx: RefundContext,
  refund: PaymentOperationRow,
): Promise<boolean> {
  const taken = await ctx.db
    .update(paymentOperations)
    .set({ status: 'pending', updatedAt: ctx.clock.now() })
    .where(and(eq(paymentOperations.id, refund.id), eq(paymentOperations.status, 'new')))
    .returning({ id: paymentOperations.id });
  return taken.length > 0;
}

/** Puts a refund back in the queue after the gateway refused to take it (nothing moved). */
export async function requeueRefund(ctx: RefundContext, refundId: number): Promise<void> {
  await ctx.db
    .update(paymentOperations)
    .set({ status: 'new', updatedAt: ctx.clock.now() })
    .where(and(eq(paymentOperations.id, refundId), eq(paymentOperations.status, 'pending')));
}

/**
 * Moves the money of a queued refund once: taken by one instance, settled on the gateway's
 * answer, left pending for reconciliation on an unknown outcome, queued again on a refused call.
 * `what` names it in the log («Возврат», «Возврат премии»).
 */
export async function sendTakenRefund(
  ctx: RefundContext,
  log: FastifyBaseLogger,
  refund: PaymentOperationRow,
  what: string,
  moveMoney: () => Promise<MoneyMove>,
): Promise<void> {
  if (!(await takeRefund(ctx, refund))) return;
  try {
    const move = await moveMoney();
    await settleRefund(ctx, refund, move);
    if (move.status === 'declined') log.error({ refundId: refund.id }, `${what} отклонён банком`);
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    log.warn({ gateway: error.detail, refundId: refund.id }, `${what} не выполнен`);
    if (!error.outcomeUnknown) await requeueRefund(ctx, refund.id);
  }
}

type RefundKind = 'refund' | 'insurance_refund';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Puts the refunds of a kind the card's bank declined back in the queue once the pause since the
 * decline has passed, while they are younger than the retry window. A decline is the gateway's
 * final word that no money moved, so sending again cannot pay twice; it is the same row (one
 * refund per payment or refusal) and its ledger entry is booked only on approval under its unique
 * key, so the money back is booked once however many attempts it takes. The gateway order of the
 * declined attempt is let go: the next attempt records its own.
 */
async function requeueDeclined(ctx: RefundContext, kind: RefundKind): Promise<number> {
  const now = ctx.clock.now();
  const { refundRetryMinutes, refundRetryDays } = ctx.config.loans.servicing;
  const retried = await ctx.db
    .update(paymentOperations)
    .set({ status: 'new', gatewayOrderId: null, gatewayOperationId: null, updatedAt: now })
    .where(
      and(
        eq(paymentOperations.kind, kind),
        eq(paymentOperations.status, 'declined'),
        lte(paymentOperations.updatedAt, new Date(now.getTime() - refundRetryMinutes * MINUTE_MS)),
        gt(paymentOperations.createdAt, new Date(now.getTime() - refundRetryDays * DAY_MS)),
      ),
    )
    .returning({ id: paymentOperations.id });
  return retried.length;
}

/** The refunds of a kind waiting to be sent, a batch at a time (declined ones due a retry too). */
export async function queuedRefunds(
  ctx: RefundContext,
  kind: RefundKind,
): Promise<PaymentOperationRow[]> {
  await requeueDeclined(ctx, kind);
  return ctx.db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.kind, kind), eq(paymentOperations.status, 'new')))
    .limit(REFUND_BATCH);
}

/** Sends every queued refund; returns how many were taken. */
export async function sendQueuedRefunds(
  ctx: RefundContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
): Promise<number> {
  const queued = await queuedRefunds(ctx, 'refund');
  for (const refund of queued) {
    const payment = await paymentRefunded(ctx, refund);
    const orderId = payment?.gatewayOrderId;
    if (!orderId) continue;
    await sendTakenRefund(ctx, log, refund, 'Возврат', () =>
      gateway.reverse({ orderId, amount: kopecks(refund.amount) }),
    );
  }
  return queued.length;
}

/** The gateway's word on a refund left pending: its REVERSE of the same amount, if any. */
export async function refundOutcome(
  ctx: RefundContext,
  gateway: PaymentsGateway,
  refund: PaymentOperationRow,
): Promise<MoneyMove | null> {
  const payment = await paymentRefunded(ctx, refund);
  if (!payment?.gatewayOrderId) return null;
  const order = await gateway.status(payment.gatewayOrderId);
  const reversals = order.operations.filter(
    (op) => op.type === 'REVERSE' && op.amount === refund.amount && op.status !== 'pending',
  );
  // A declined attempt before a retry is on the same order: an approved reversal is the answer.
  return reversals.find((op) => op.status === 'approved') ?? reversals.at(-1) ?? null;
}
