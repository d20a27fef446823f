import { and, count, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IN_FLIGHT_STATUSES, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import type { PaymentsGateway } from '../../integrations/payments';
import { forEachAtOnce } from '../job-runs';
import { endInFlight } from '../payments/operations';
import { settlePayment } from '../settlement/settle';
import { reconcilePayout } from '../loans/payout';
import { NEVER_SENT_MESSAGE } from './interrupted';
import { pageOutcome, PAGE_EXPIRED_MESSAGE } from './page-payments';
import { reconcileInsuranceRefund } from './insurance-refunds';
import { refundOutcome, requeueRefund, settleRefund } from './refunds';

/*
 * Reconciliation: every payout, loan payment and refund (an insurance premium's too) that stayed new or pending (a lost
 * answer, a crash between our record and the gateway's, a page the client left) is brought to a
 * final state by asking the gateway. Every instance runs it; each run leases a batch of stale
 * operations with FOR UPDATE SKIP LOCKED (moving their updated_at), so two instances never ask
 * about the same operation at once. Money-moving calls are made only after the gateway's order
 * id is recorded (OnRegistered), so an operation without one moved no money and is failed.
 */

type ReconcileContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const BATCH = 50;
/** Leased operations asked about at once: each waits on the gateway's answer. */
const GATEWAY_CALLS_AT_ONCE = 8;

/** Takes up to BATCH stale operations and moves their updated_at, so no other run takes them. */
async function leaseStale(ctx: ReconcileContext): Promise<PaymentOperationRow[]> {
  const now = ctx.clock.now();
  // Younger operations may still be under way in a request (a gateway call takes up to 15 s).
  const staleMs = ctx.config.loans.servicing.reconcileAfterSeconds * 1000;
  const cutoff = new Date(now.getTime() - staleMs);
  const ids = sql`select id from ${paymentOperations}
    where ${paymentOperations.status} in ('new', 'pending')
      and ${paymentOperations.kind} in ('payment', 'payout', 'refund', 'insurance_refund')
      and ${paymentOperations.updatedAt} < ${cutoff.toISOString()}
    order by ${paymentOperations.updatedAt}
    limit ${BATCH}
    for update skip locked`;
  return ctx.db
    .update(paymentOperations)
    .set({ updatedAt: now })
    .where(sql`${paymentOperations.id} in (${ids})`)
    .returning();
}

async function reconcilePayment(
  ctx: ReconcileContext,
  gateway: PaymentsGateway,
  operation: PaymentOperationRow,
): Promise<void> {
  if (!operation.gatewayOrderId) {
    await endInFlight(ctx, operation.id, 'failed', NEVER_SENT_MESSAGE);
    return;
  }
  const outcome = await pageOutcome(gateway, operation.gatewayOrderId);
  if (outcome) {
    await ctx.db.transaction((tx) => settlePayment(tx, ctx, operation.id, outcome));
    return;
  }
  // A card charge the gateway has no operation for never reached it: nothing was taken.
  if (operation.cardId !== null) await endInFlight(ctx, operation.id, 'failed', NEVER_SENT_MESSAGE);
  else if (operation.expiresAt && ctx.clock.now() >= operation.expiresAt) {
    await endInFlight(ctx, operation.id, 'expired', PAGE_EXPIRED_MESSAGE);
  }
}

async function reconcileRefund(
  ctx: ReconcileContext,
  gateway: PaymentsGateway,
  refund: PaymentOperationRow,
): Promise<void> {
  // A queued refund is sent by sendQueuedRefunds; only a taken one can have an unknown outcome.
  if (refund.status !== 'pending') return;
  const outcome = await refundOutcome(ctx, gateway, refund);
  if (outcome) await settleRefund(ctx, refund, outcome);
  else await requeueRefund(ctx, refund.id);
}

async function reconcileOne(
  ctx: ReconcileContext,
  gateway: PaymentsGateway,
  operation: PaymentOperationRow,
): Promise<void> {
  if (operation.kind === 'payment') return reconcilePayment(ctx, gateway, operation);
  if (operation.kind === 'payout') return reconcilePayout(ctx, gateway, operation);
  if (operation.kind === 'refund') return reconcileRefund(ctx, gateway, operation);
  if (operation.kind === 'insurance_refund') {
    return reconcileInsuranceRefund(ctx, gateway, operation);
  }
}

const MONEY_KINDS = ['payment', 'payout', 'refund', 'insurance_refund'] as const;

/** Payouts, payments and refunds not final yet (new or pending). */
export async function countUnsettledMoney(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(paymentOperations)
    .where(
      and(
        inArray(paymentOperations.kind, [...MONEY_KINDS]),
        inArray(paymentOperations.status, [...IN_FLIGHT_STATUSES]),
      ),
    );
  return row?.count ?? 0;
}

/**
 * One reconciliation run: leases batch after batch until no stale operation is left (a leased one
 * is young again, so a run ends); returns how many it looked at.
 */
export async function reconcileStaleOperations(
  ctx: ReconcileContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
): Promise<number> {
  let looked = 0;
  for (;;) {
    const stale = await leaseStale(ctx);
    if (stale.length === 0) return looked;
    looked += stale.length;
    await forEachAtOnce(stale, GATEWAY_CALLS_AT_ONCE, async (operation) => {
      try {
        await reconcileOne(ctx, gateway, operation);
      } catch (error) {
        log.warn({ err: error, operationId: operation.id }, 'Сверка с платёжным шлюзом не удалась');
      }
    });
  }
}
