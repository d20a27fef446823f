import { currentSession } from '../http/auth';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { route } from '../http/route';
import {
  giveConsent,
  listClientConsents,
  withdrawConsent,
} from '../services/accounts/client-consents';
import { clientInn, saveInn } from '../services/identity/inn';

export const consentsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /clients/consents', async (request) => ({
    data: { consents: await listClientConsents(ctx.db, currentSession(request).clientId) },
  }));

  route(app, 'POST /clients/consents/:consent/withdraw', async (request) => {
    const { clientId } = currentSession(request);
    const meta = requestMeta(request);
    return {
      data: { consents: await withdrawConsent(ctx, clientId, request.params.consent, meta) },
    };
  });

  route(app, 'POST /clients/consents/:consent/give', async (request) => {
    const { clientId } = currentSession(request);
    const meta = requestMeta(request);
    return { data: { consents: await giveConsent(ctx, clientId, request.params.consent, meta) } };
  });
};

export const innRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  route(app, 'GET /clients/inn', async (request) => ({
    data: await clientInn(ctx.db, currentSession(request).clientId),
  }));

  route(app, 'PUT /clients/inn', async (request) => {
    const { clientId } = currentSession(request);
    const { innLookup } = composition;
    const meta = requestMeta(request);
    return { data: await saveInn(ctx, innLookup, clientId, request.body.inn, meta) };
  });
};
