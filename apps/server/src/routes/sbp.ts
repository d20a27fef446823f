import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { choosePayoutMethod, precheckSbpPayout, sbpBanks } from '../services/loans/sbp-payout';
import { reportForeignOrder } from '../http/foreign-access';
import { route } from '../http/route';

/** The СБП payout by phone: the participant banks, the recipient check, the choice of method. */
export const sbpRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  route(app, 'GET /sbp/banks', async (request) => ({ data: await sbpBanks(gateway, request.log) }));

  route(app, 'POST /orders/:orderId/sbp/precheck', async (request) => ({
    data: await precheckSbpPayout(ctx, gateway, request.log, {
      clientId: currentSession(request).clientId,
      orderId: request.params.orderId,
      bankId: request.body.bank_id,
      onForeign: reportForeignOrder(request),
    }),
  }));

  route(app, 'PUT /orders/:orderId/payout_method', async (request) => ({
    data: {
      order: await choosePayoutMethod(ctx, {
        clientId: currentSession(request).clientId,
        orderId: request.params.orderId,
        choice: request.body,
        onForeign: reportForeignOrder(request),
      }),
    },
  }));
};
