import { sendCachedAnswer } from '../http/public-answer';
import type { RoutePlugin } from '../http/route-plugin';
import { tariffsAnswer } from '../services/public-answers';
import { route } from '../http/route';

export const tariffsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /tariff/default', async (request, reply) =>
    sendCachedAnswer(request, reply, await tariffsAnswer(ctx, false)),
  );

  route(app, 'GET /tariff/repeat', async (request, reply) =>
    sendCachedAnswer(request, reply, await tariffsAnswer(ctx, true)),
  );
};
