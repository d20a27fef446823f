import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { Best2PayClient, Best2PayGateway, type PaymentsGateway } from '../../integrations/payments';
import { measureGatewayFetch } from '../../metrics/instrument';
import { inProcessFetch } from '../../integrations/in-process-fetch';

/**
 * Operations a payment page produces (a binding's or a payment's on the card page, a payment by
 * the СБП QR code: PURCHASE_SBP), as opposed to reversals etc.
 */
export const CARD_PAGE_OPERATION_TYPES: ReadonlySet<string> = new Set([
  'PURCHASE',
  'AUTHORIZE',
  'EPAYMENT',
  'PURCHASE_SBP',
]);

/** Our own sandbox gateway is called in-process; a real gateway over the network. */
export function gatewayFetch(config: AppConfig, app: FastifyInstance): typeof fetch {
  const base = config.best2pay?.inProcess ? inProcessFetch(app) : fetch;
  return measureGatewayFetch(base, app.metrics);
}

/** The configured card gateway, or null when card payments are not set up (no sandbox). */
export function createPaymentsGateway(
  config: AppConfig,
  fetchImpl: typeof fetch,
): PaymentsGateway | null {
  const settings = config.best2pay;
  if (!settings) return null;
  const client = new Best2PayClient({
    baseUrl: settings.url,
    sector: settings.sector,
    password: settings.password,
    fetch: fetchImpl,
  });
  return new Best2PayGateway(client);
}
