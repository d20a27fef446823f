import { IDEMPOTENCY_KEY_HEADER } from '@zaymo/contract';
import { currentSession } from '../http/auth';
import { reportForeignOrder } from '../http/foreign-access';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { cancelSignedLoan } from '../services/loans/cooling-off';
import { refuseInsurance } from '../services/loans/insurance-refusal';
import { createOrder, listOrders, rejectOrder } from '../services/loans/orders';
import { payoutOrder } from '../services/loans/payout';
import { presentOne, reckoningOf } from '../services/loans/present';
import { signOrder } from '../services/loans/signing';
import { route } from '../http/route';

export const ordersRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway, loans: background, servicing } = composition;

  route(app, 'GET /clients/orders', async (request) => ({
    data: { data: { data: await listOrders(ctx, currentSession(request).clientId) } },
  }));

  route(app, 'POST /orders/create', async (request) => {
    const { clientId } = currentSession(request);
    const order = await createOrder(ctx, clientId, request.body, requestMeta(request));
    background.scoreSoon(order.id);
    return { data: { order: await presentOne(ctx.db, order, reckoningOf(ctx)) } };
  });

  route(app, 'POST /orders/verify', async (request) => {
    const meta = { ...requestMeta(request), onForeign: reportForeignOrder(request) };
    const order = await signOrder(ctx, currentSession(request), request.body, meta);
    return { data: { order } };
  });

  route(app, 'POST /orders/:orderId/reject', async (request) => {
    const { clientId } = currentSession(request);
    const onForeign = reportForeignOrder(request);
    return {
      data: { order: await rejectOrder(ctx, clientId, request.params.orderId, onForeign) },
    };
  });

  route(app, 'POST /orders/:orderId/cancel', async (request) => {
    const { clientId } = currentSession(request);
    const onForeign = reportForeignOrder(request);
    return {
      data: { order: await cancelSignedLoan(ctx, clientId, request.params.orderId, onForeign) },
    };
  });

  route(app, 'POST /orders/:orderId/insurance/refusal', async (request) => {
    const order = await refuseInsurance(ctx, {
      clientId: currentSession(request).clientId,
      orderId: request.params.orderId,
      ip: requestMeta(request).ip,
      onForeign: reportForeignOrder(request),
    });
    // The premium goes back at once rather than at the jobs' next run; a run logs its own
    // failures and the refund stays queued for the next one, so nobody waits for it here.
    void servicing.tick();
    return { data: { order } };
  });

  route(app, 'POST /orders/:orderId/payout', async (request) => {
    const order = await payoutOrder(ctx, gateway, request.log, {
      clientId: currentSession(request).clientId,
      orderId: request.params.orderId,
      idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      onForeign: reportForeignOrder(request),
    });
    return { data: { order } };
  });
};
