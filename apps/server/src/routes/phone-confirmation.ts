import type { FastifyRequest } from 'fastify';
import { currentSession, type ClientSession } from '../http/auth';
import { AppError } from '../errors';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { securityEvent } from '../logging';
import { presentClient } from '../services/accounts/clients';
import { confirmPhoneChange, requestPhoneChangeCode } from '../services/accounts/phone';
import { route } from '../http/route';

/** {cid} must be the signed-in client; anyone else's id is a 404, as if it did not exist. */
function sessionOf(request: FastifyRequest, cid: number): ClientSession {
  const session = currentSession(request);
  if (session.clientId !== cid) {
    securityEvent(request.log, 'access_denied', {
      clientId: session.clientId,
      requestedClientId: cid,
      route: request.routeOptions.url,
    });
    throw new AppError('NOT_FOUND');
  }
  return session;
}

export const phoneConfirmationRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'POST /clients/:cid/phone-confirmation/request', async (request) => {
    const session = sessionOf(request, request.params.cid);
    return requestPhoneChangeCode(ctx, session, request.body.phone, requestMeta(request));
  });

  route(app, 'PATCH /clients/:cid/phone-confirmation/confirm', async (request) => {
    const session = sessionOf(request, request.params.cid);
    const client = await confirmPhoneChange(ctx, session, request.body, requestMeta(request));
    return { data: { client: presentClient(client, session) } };
  });
};
