import type { RoutePlugin } from '../../http/route-plugin';
import { bureauOverview } from '../../services/credit-history/console';
import { route } from '../../http/route';

/** The «БКИ» screen: the credit history reported to the bureau (risk staff and admins). */
export const crmBureauRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  route(app, 'GET /crm/bureau', async () => ({
    data: await bureauOverview(ctx, composition.bureau?.name ?? null),
  }));
};
