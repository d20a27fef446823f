import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { moratoriumStatus, partnerOffers, refusalShowcase } from '../services/loans/refusal';
import { route } from '../http/route';

export const refusalRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /clients/moratorium', async (request) => ({
    data: { data: await moratoriumStatus(ctx, currentSession(request).clientId) },
  }));

  route(app, 'GET /clients/refusal-showcase', async (request) => {
    const { clientId } = currentSession(request);
    const onDeniedPage = request.query.is_on_page_denied_loan === '1';
    return { data: { params: await refusalShowcase(ctx, clientId, onDeniedPage) } };
  });

  route(app, 'GET /clients/refusal-showcase-all', async () => ({
    data: { offers: await partnerOffers(ctx) },
  }));
};
