import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { PaymentOperationRow } from '../../db/schema';
import type { MoneyMove, PaymentsGateway } from '../../integrations/payments';
import { CARD_PAGE_OPERATION_TYPES } from '../payments/gateway';
import { endInFlight } from '../payments/operations';
import { settlePayment } from '../settlement/settle';

/*
 * A loan payment through the gateway's page waits for the client. It ends paid or declined (the
 * gateway's operation settles it), or expired: replaced by a newer payment of the same loan, or
 * past its lifetime (the end of the Moscow day it was started). Money that still arrives for an
 * expired page is not lost: settlePayment books it like any payment, and what the loan did not
 * need goes back to the card (booking.ts → refunds.ts).
 */

type PageContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const PAGE_REPLACED_MESSAGE = 'Страница оплаты закрыта: начат новый платёж';
export const PAGE_EXPIRED_MESSAGE = 'Срок страницы оплаты истёк: начните платёж заново';

/**
 * The page's last payment operation at the gateway, final or still pending (a bank confirming an
 * СБП payment); null while the client has paid nothing there.
 */
export async function pageOperation(
  gateway: PaymentsGateway,
  gatewayOrderId: string,
): Promise<MoneyMove | null> {
  const order = await gateway.status(gatewayOrderId);
  return order.operations.filter((op) => CARD_PAGE_OPERATION_TYPES.has(op.type)).at(-1) ?? null;
}

/** The page's last final payment operation at the gateway, or null while nothing is paid. */
export async function pageOutcome(
  gateway: PaymentsGateway,
  gatewayOrderId: string,
): Promise<MoneyMove | null> {
  const paid = await pageOperation(gateway, gatewayOrderId);
  return paid && paid.status !== 'pending' ? paid : null;
}

/**
 * Ends an open page before the same loan is paid again: settled if the client paid (or was
 * declined) there, otherwise expired. A payment the bank is still confirming there (СБП) and a
 * gateway that cannot answer (thrown) leave it open: the new payment is refused as one in flight.
 */
export async function closeOpenPage(
  ctx: PageContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  operation: PaymentOperationRow,
): Promise<void> {
  if (!operation.gatewayOrderId) return;
  const outcome = await pageOperation(gateway, operation.gatewayOrderId);
  if (outcome?.status === 'pending') return;
  if (outcome) {
    await ctx.db.transaction((tx) => settlePayment(tx, ctx, operation.id, outcome));
    return;
  }
  if (await endInFlight(ctx, operation.id, 'expired', PAGE_REPLACED_MESSAGE)) {
    log.info({ operationId: operation.id }, 'Страница оплаты закрыта: начат новый платёж');
  }
}
