import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { getClientProfile, getClientStep } from '../services/identity/profile';
import { presentStep } from '../services/identity/present';
import { route } from '../http/route';

export const identityRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /clients/step', async (request) =>
    presentStep(await getClientStep(ctx, currentSession(request).clientId)),
  );

  route(app, 'GET /clients/profile', async (request) => ({
    data: await getClientProfile(ctx, currentSession(request).clientId),
  }));
};
