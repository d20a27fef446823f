import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { route } from '../http/route';
import {
  arrangements,
  clientPromise,
  fileInteractionStatement,
  requestCallback,
} from '../services/collections/cabinet';

/** «Договориться об оплате» and the statements of 230-FZ art. 8 on an overdue loan (cabinet). */
export const collectionsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /loans/:orderId/arrangements', async (request) => {
    const { clientId } = currentSession(request);
    return { data: await arrangements(ctx, clientId, request.params.orderId) };
  });

  route(app, 'POST /loans/:orderId/promise', async (request) => {
    const { clientId } = currentSession(request);
    const promise = await clientPromise(ctx, clientId, request.params.orderId, request.body);
    return { data: { promise } };
  });

  route(app, 'POST /loans/:orderId/callback', async (request) => {
    const { clientId } = currentSession(request);
    const callback = await requestCallback(ctx, clientId, request.params.orderId, request.body);
    return { data: { callback } };
  });

  route(app, 'POST /loans/:orderId/interaction', async (request) => {
    const { clientId } = currentSession(request);
    const statement = await fileInteractionStatement(
      ctx,
      clientId,
      request.params.orderId,
      request.body,
    );
    return { data: { statement } };
  });
};
