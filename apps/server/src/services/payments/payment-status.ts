import { and, eq } from 'drizzle-orm';
import { kopecks, toMoneyString, type Order, type PaymentStatus } from '@zaymo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { loanOrders, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import { AppError } from '../../errors';
import { reasonMessage, type PaymentsGateway } from '../../integrations/payments';
import { CARD_PAGE_OPERATION_TYPES } from './gateway';
import { callGateway } from './gateway-errors';
import { settlePayment } from '../settlement/settle';
import { presentOne, reckoningOf } from '../loans/present';
import { approvedPaymentMessage } from '../servicing/payment-message';

/*
 * GET /pay/callbackPayment: the client is back from the gateway's page after paying (a loan
 * repayment). Our payment operation is found by the gateway's order id
 * for this client, confirmed with webapi/Order, and settled once under a row lock.
 */

export const PAYMENT_PENDING_MESSAGE =
  'Банк ещё обрабатывает платёж. Обновите страницу через минуту.';

export interface PaymentStatusAnswer {
  status: PaymentStatus;
  message: string;
  amount: string;
}

export async function paymentStatus(
  ctx: AppContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { clientId: number; orderId: string },
): Promise<PaymentStatusAnswer> {
  const payment = await clientPayment(ctx, input.clientId, input.orderId);
  if (payment.status === 'approved' || payment.status === 'declined') return present(ctx, payment);
  const order = await callGateway(log, () => gateway.status(input.orderId));
  const last = order.operations.filter((op) => CARD_PAGE_OPERATION_TYPES.has(op.type)).at(-1);
  if (!last || last.status === 'pending') return present(ctx, payment);
  const settled = await ctx.db.transaction((tx) => settlePayment(tx, ctx, payment.id, last));
  return present(ctx, settled);
}

async function clientPayment(
  ctx: AppContext,
  clientId: number,
  orderId: string,
): Promise<PaymentOperationRow> {
  const [payment] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.gatewayOrderId, orderId),
        eq(paymentOperations.kind, 'payment'),
        eq(paymentOperations.clientId, clientId),
      ),
    );
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
  return payment;
}

async function present(
  ctx: AppContext,
  payment: PaymentOperationRow,
): Promise<PaymentStatusAnswer> {
  const amount = toMoneyString(kopecks(payment.amount));
  if (payment.status === 'approved') {
    const message = await approvedPaymentMessage(ctx, payment, await loanOf(ctx, payment));
    return { status: 'approved', message, amount };
  }
  if (payment.status === 'pending' || payment.status === 'new') {
    return { status: 'pending', message: PAYMENT_PENDING_MESSAGE, amount };
  }
  return { status: 'declined', message: payment.message ?? reasonMessage(null), amount };
}

/** The loan a payment paid, as the client sees it now (null for other payments). */
async function loanOf(ctx: AppContext, payment: PaymentOperationRow): Promise<Order | null> {
  if (payment.loanOrderId === null) return null;
  const [order] = await ctx.db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.id, payment.loanOrderId));
  return order ? presentOne(ctx.db, order, reckoningOf(ctx)) : null;
}
