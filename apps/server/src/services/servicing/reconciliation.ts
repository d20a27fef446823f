import { and, count, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { IN_FLIGHT_STATUSES, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import type { PaymentsGateway } from '../../integrations/payments';
import { forEachAtOnce } from '../job-runs';
import { endAllInFlight } from '../payments/operations';
import { settlePayment } from '../settlement/settle';
import { reconcilePayout } from '../loans/payout';
import { NEVER_SENT_MESSAGE } from './interrupted';
import { pageOperation, PAGE_EXPIRED_MESSAGE } from './page-payments';
import { reconcileInsuranceRefund } from './insurance-refunds';
import { refundOutcome, requeueRefund, settleRefund } from './refunds';

/*
 * Reconciliation: every payout, loan payment and refund (an insurance premium's too) that stayed new or pending (a lost
 * answer, a crash between our record and the gateway's, a page the client left) is brought to a
 * final state by asking the gateway. Every instance runs it; each run leases a batch of stale
 * operations with FOR UPDATE SKIP LOCKED (moving their updated_at), so two instances never ask
 * about the same operation at once. Money-moving calls are made only after the gateway's order
 * id is recorded (OnRegistered), so an operation without one moved no money and is failed.
 * A payment the gateway has nothing final for (most often a page the client left) is not ended
 * on its own: the batch's ones that end the same way end together in one guarded UPDATE, while
 * a paid or declined one settles in its own transaction as before.
 */

type ReconcileContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** An in-flight payment to be ended with the batch's others that end the same way. */
interface Ending {
  readonly status: 'failed' | 'expired';
  readonly message: string;
}

const NEVER_SENT: Ending = { status: 'failed', message: NEVER_SENT_MESSAGE };
const PAGE_EXPIRED: Ending = { status: 'expired', message: PAGE_EXPIRED_MESSAGE };

/** Takes a batch of stale operations and moves their updated_at, so no other run takes them. */
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
    limit ${ctx.config.loans.servicing.reconcileBatch}
    for update skip locked`;
  return ctx.db
    .update(paymentOperations)
    .set({ updatedAt: now })
    .where(sql`${paymentOperations.id} in (${ids})`)
    .returning();
}

/** Settles a paid or declined payment; returns how to end one the gateway has nothing final for. */
async function reconcilePayment(
  ctx: ReconcileContext,
  gateway: PaymentsGateway,
  operation: PaymentOperationRow,
): Promise<Ending | null> {
  if (!operation.gatewayOrderId) return NEVER_SENT;
  const outcome = await pageOperation(gateway, operation.gatewayOrderId);
  // Money the bank is still confirming (an СБП payment) is waited for, even past the page's day.
  if (outcome?.status === 'pending') return null;
  if (outcome) {
    await ctx.db.transaction((tx) => settlePayment(tx, ctx, operation.id, outcome));
    return null;
  }
  // A card charge the gateway has no operation for never reached it: nothing was taken.
  if (operation.cardId !== null) return NEVER_SENT;
  if (operation.expiresAt && ctx.clock.now() >= operation.expiresAt) return PAGE_EXPIRED;
  return null;
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
): Promise<Ending | null> {
  if (operation.kind === 'payment') return reconcilePayment(ctx, gateway, operation);
  if (operation.kind === 'payout') await reconcilePayout(ctx, gateway, operation);
  else if (operation.kind === 'refund') await reconcileRefund(ctx, gateway, operation);
  else if (operation.kind === 'insurance_refund') {
    await reconcileInsuranceRefund(ctx, gateway, operation);
  }
  return null;
}

/** Ends the batch's payments that ended the same way, one UPDATE for each way. */
async function endTogether(
  ctx: ReconcileContext,
  endings: ReadonlyMap<Ending, number[]>,
): Promise<void> {
  for (const [ending, ids] of endings) {
    await endAllInFlight(ctx, ids, ending.status, ending.message);
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
  const callsAtOnce = ctx.config.loans.servicing.reconcileGatewayCalls;
  for (;;) {
    const stale = await leaseStale(ctx);
    if (stale.length === 0) return looked;
    looked += stale.length;
    const endings = new Map<Ending, number[]>();
    await forEachAtOnce(stale, callsAtOnce, async (operation) => {
      try {
        const ending = await reconcileOne(ctx, gateway, operation);
        if (ending) endings.set(ending, (endings.get(ending) ?? []).concat(operation.id));
      } catch (error) {
        log.warn({ err: error, operationId: operation.id }, 'Сверка с платёжным шлюзом не удалась');
      }
    });
    try {
      await endTogether(ctx, endings);
    } catch (error) {
      log.warn({ err: error }, 'Сверка с платёжным шлюзом не удалась');
    }
  }
}
