import { AppError } from '../errors';
import { CrmLinkError, issueOperatorLink } from '../services/crm-links';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { countUnsettledMoney } from '../services/servicing/reconciliation';
import { route } from '../http/route';

/** Sandbox helpers under /api/dev, for testers and the /dev/test page. */
export const devRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  route(app, 'GET /dev/ping', () => ({ sandbox: true as const }));

  route(app, 'POST /dev/operator-link', async (request) => {
    try {
      const link = await issueOperatorLink(ctx, {
        phone: request.body.phone,
        operatorName: request.body.operator,
        baseUrl: requestBaseUrl(ctx.config, request),
      });
      return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
    } catch (error) {
      if (error instanceof CrmLinkError)
        throw new AppError('OPERATOR_LINK_REFUSED', { reason: error.message });
      throw error;
    }
  });

  // The jobs' own minute still runs them; this is for a tester who moved the clock, and the bench.
  route(app, 'POST /dev/jobs', async () => {
    const servicing = await composition.servicing.runAfresh();
    const bureau = await composition.reporting.drain();
    return { data: { jobs: bureau ? [...servicing, bureau] : servicing } };
  });

  route(app, 'GET /dev/unsettled-money', async () => ({
    data: { unsettled: await countUnsettledMoney(ctx) },
  }));
};
