import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import { paymentOperations, type PaymentOperationRow } from '../../db/schema';
import { reasonMessage, type MoneyMove } from '../../integrations/payments';
import { bookLoanPayment } from '../servicing/booking';

/*
 * Payment settlement, the one step every path shares: the client's return from the gateway page
 * (payments/payment-status), the gateway's notification (payments/notifications), a payment by token
 * (servicing/repayment), the page and СБП payments and reconciliation (servicing/*).
 */

/** What settles a payment: the gateway's operation, from webapi/Order or a notification. */
export type PaymentSettling = Pick<MoneyMove, 'operationId' | 'status' | 'reasonCode'>;

/**
 * Settles a payment once, inside the caller's transaction (the notification's or our own). An
 * approved loan payment books its ledger entry here, in this same transaction.
 */
export async function settlePayment(
  tx: Transaction,
  ctx: Pick<AppContext, 'clock' | 'config'>,
  paymentId: number,
  move: PaymentSettling,
): Promise<PaymentOperationRow> {
  const [payment] = await tx
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, paymentId))
    .for('update');
  if (!payment) throw new Error(`payment ${paymentId} is missing`);
  if (payment.status === 'approved' || payment.status === 'declined' || move.status === 'pending') {
    return payment;
  }
  const [updated] = await tx
    .update(paymentOperations)
    .set({
      status: move.status,
      message: move.status === 'declined' ? reasonMessage(move.reasonCode) : null,
      gatewayOperationId: move.operationId,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(paymentOperations.id, paymentId))
    .returning();
  if (updated?.status === 'approved') {
    const options = { now: ctx.clock.now(), limits: ctx.config.loans.servicing.limits };
    await bookLoanPayment(tx, updated, options);
  }
  return updated ?? payment;
}
