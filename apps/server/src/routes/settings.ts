import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { settingsAnswer } from '../services/public-answers';
import { route } from '../http/route';

export const settingsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /settings/get', async (request, reply) =>
    sendCachedAnswer(request, reply, await settingsAnswer(ctx)),
  );
};
