import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors';
import { isPaymentGatewayError, type PaymentsGateway } from '../../integrations/payments';

/** The gateway, or 503 when card payments are not configured on this server. */
export function requireGateway(gateway: PaymentsGateway | null): PaymentsGateway {
  if (!gateway) throw new AppError('PAYMENTS_NOT_CONNECTED');
  return gateway;
}

/**
 * Runs a gateway call; its failures become answers the client can act on: a refused card is
 * 422 with the bank's reason, anything wrong with the gateway itself 503 with its Russian text.
 * The log gets the call and the gateway's code (never card data: the errors carry none).
 */
export async function callGateway<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    log.warn({ gateway: error.detail, kind: error.kind, orderId: error.orderId }, 'gateway failed');
    if (error.kind === 'declined') throw new AppError('CARD_DECLINED', { reason: error.message });
    throw new AppError('GATEWAY_FAILED', { reason: error.message }, { cause: error });
  }
}
