import {
  clientIdParamsSchema,
  errorResponses,
  getClientResponseSchema,
  phoneConfirmationConfirmSchema,
  phoneConfirmationRequestSchema,
  smsSentResponseSchema,
} from '@zaymo/contract';
import type { FastifyRequest } from 'fastify';
import { currentSession, type ClientSession } from '../http/auth';
import { AppError } from '../errors';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { securityEvent } from '../logging';
import { presentClient } from '../services/accounts/clients';
import { confirmPhoneChange, requestPhoneChangeCode } from '../services/accounts/phone';

const TAGS = ['Учётная запись: телефон'];

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
  app.post(
    '/clients/:cid/phone-confirmation/request',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'credentials' },
      schema: {
        summary: 'Код из SMS на новый (или ещё не подтверждённый) номер',
        tags: TAGS,
        params: clientIdParamsSchema,
        body: phoneConfirmationRequestSchema,
        response: {
          200: smsSentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request, request.params.cid);
      return requestPhoneChangeCode(ctx, session, request.body.phone, requestMeta(request));
    },
  );

  app.patch(
    '/clients/:cid/phone-confirmation/confirm',
    {
      config: { auth: 'client-not-operator', operatorRefusal: 'credentials' },
      schema: {
        summary: 'Подтвердить номер кодом из SMS: номер становится номером клиента',
        tags: TAGS,
        params: clientIdParamsSchema,
        body: phoneConfirmationConfirmSchema,
        response: {
          200: getClientResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request, request.params.cid);
      const client = await confirmPhoneChange(ctx, session, request.body, requestMeta(request));
      return { data: { client: presentClient(client, session) } };
    },
  );
};
