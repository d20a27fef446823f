import { currentSession } from '../http/auth';
import { requestBaseUrl } from '../http/public-url';
import { readsFor } from '../http/read-after-write';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { requireGateway } from '../services/payments';
import { clientHistory } from '../services/servicing/history';
import { prolongationAgreementPdf, prolongationOptions } from '../services/servicing/prolongation';
import { AGREEMENT_KIND, payLoanAsClient } from '../services/servicing/client-payment';
import { reportForeignOrder } from '../http/foreign-access';
import { route } from '../http/route';

export const servicingRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;

  route(app, 'POST /pay/payment/:contract', async (request) => {
    const answer = await payLoanAsClient(
      ctx,
      requireGateway(gateway),
      currentSession(request),
      {
        contract: request.params.contract,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        returnBaseUrl: requestBaseUrl(ctx.config, request),
        onForeign: reportForeignOrder(request),
      },
      requestMeta(request),
    );
    return { data: answer };
  });

  route(app, 'GET /loans/:orderId/prolongation', async (request) => {
    const { clientId } = currentSession(request);
    const { orderId } = request.params;
    const options = await prolongationOptions(ctx, clientId, orderId, reportForeignOrder(request));
    return { data: { options } };
  });

  route(app, 'GET /loans/:orderId/prolongation/agreement', async (request, reply) => {
    const { clientId } = currentSession(request);
    const pdf = await prolongationAgreementPdf(ctx, {
      clientId,
      orderId: request.params.orderId,
      days: request.query.days,
      onForeign: reportForeignOrder(request),
    });
    return sendFile(reply, pdfFile(AGREEMENT_KIND, pdf));
  });

  route(app, 'GET /clients/history', async (request) => {
    const { clientId } = currentSession(request);
    return { data: await clientHistory(ctx, clientId, readsFor(request, ctx)) };
  });
};
