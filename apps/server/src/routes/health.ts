import type { RoutePlugin } from '../http/route-plugin';
import { checkHealth } from '../services/health';
import { route } from '../http/route';

export const healthRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /health', () => checkHealth(ctx));
};
