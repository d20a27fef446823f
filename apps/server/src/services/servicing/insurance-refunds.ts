import { kopecks } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { cards, loanOrders, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import { type MoneyMove, type PaymentsGateway } from '../../integrations/payments';
import { openCardToken } from '../payments/token-vault';
import { queuedRefunds, requeueRefund, sendTakenRefund, settleRefund } from './refunds';

/*
 * The premium of a refused insurance (353-ФЗ ст. 7 ч. 2.7–2.10) goes back to the client's card.
 * It was withheld from the payout, so there is no payment of the client's to reverse: the gateway
 * pays it to the card like a payout (P2PCredit by the card's token). Otherwise it is a refund of
 * refunds.ts in every rule: queued with the refusal (one per order), taken by one instance
 * (new → pending), the gateway's order recorded before money moves, settled once with its ledger
 * entry «insurance_refund:<id>», a refused call queued again, an unknown outcome left pending for
 * reconciliation, which asks the gateway about the recorded order.
 */

type RefundContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const CREDIT_TYPES: ReadonlySet<string> = new Set(['P2PCREDIT']);

/** Records the gateway's order of a taken refund before the money call. */
async function recordOrder(ctx: RefundContext, refundId: number, gatewayOrderId: string) {
  await ctx.db
    .update(paymentOperations)
    .set({ gatewayOrderId, updatedAt: ctx.clock.now() })
    .where(and(eq(paymentOperations.id, refundId), eq(paymentOperations.status, 'pending')));
}

async function cardTokenOf(ctx: RefundContext, refund: PaymentOperationRow): Promise<string> {
  const [card] = await ctx.db
    .select()
    .from(cards)
    .where(eq(cards.id, refund.cardId ?? 0));
  if (!card) throw new Error(`insurance refund ${refund.id} has no card`);
  return openCardToken(card.tokenSealed, ctx.config.appSecret);
}

async function contractOf(ctx: RefundContext, refund: PaymentOperationRow): Promise<string> {
  const [order] = await ctx.db
    .select({ id: loanOrders.id, contractNumber: loanOrders.contractNumber })
    .from(loanOrders)
    .where(eq(loanOrders.id, refund.loanOrderId ?? 0));
  return order?.contractNumber ?? String(order?.id ?? refund.loanOrderId);
}

/** Sends every queued insurance refund to its card; returns how many were taken. */
export async function sendQueuedInsuranceRefunds(
  ctx: RefundContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
): Promise<number> {
  const queued = await queuedRefunds(ctx, 'insurance_refund');
  for (const refund of queued) {
    await sendTakenRefund(ctx, log, refund, 'Возврат премии', async () =>
      gateway.payout({
        token: await cardTokenOf(ctx, refund),
        amount: kopecks(refund.amount),
        reference: refund.reference,
        description: `Возврат страховой премии по договору ${await contractOf(ctx, refund)}`,
        onRegistered: (orderId) => recordOrder(ctx, refund.id, orderId),
      }),
    );
  }
  return queued.length;
}

/** The gateway's final card credit of a refund left pending, if any. */
async function creditOutcome(
  gateway: PaymentsGateway,
  gatewayOrderId: string,
): Promise<{ final: MoneyMove | null; none: boolean }> {
  const order = await gateway.status(gatewayOrderId);
  const credits = order.operations.filter((op) => CREDIT_TYPES.has(op.type));
  return {
    final: credits.find((op) => op.status !== 'pending') ?? null,
    none: credits.length === 0,
  };
}

/**
 * Reconciliation of an insurance refund left pending: settled by the gateway's credit; queued
 * again when no order was recorded or the order has no credit (nothing moved); still processing at
 * the gateway — left for the next run.
 */
export async function reconcileInsuranceRefund(
  ctx: RefundContext,
  gateway: PaymentsGateway,
  refund: PaymentOperationRow,
): Promise<void> {
  if (refund.status !== 'pending') return;
  if (!refund.gatewayOrderId) return requeueRefund(ctx, refund.id);
  const { final, none } = await creditOutcome(gateway, refund.gatewayOrderId);
  if (final) await settleRefund(ctx, refund, final);
  else if (none) await requeueRefund(ctx, refund.id);
}
