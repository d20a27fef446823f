import type { FastifyInstance } from 'fastify';
import { API_ERRORS, apiErrorMessage } from '@zaymo/contract';
import { currentSession } from '../http/auth';
import { AppError } from '../errors';
import { requestBaseUrl } from '../http/public-url';
import type { RoutePlugin } from '../http/route-plugin';
import { InvalidSignatureError, MalformedGatewayAnswerError } from '../integrations/payments';
import { securityEvent } from '../logging';
import { finishBindingOnReturn, startBinding } from '../services/cards';
import {
  handleNotification,
  NotificationMismatchError,
  paymentStatus,
  requireGateway,
} from '../services/payments';
import { route } from '../http/route';

/** A notification is a few hundred bytes of XML. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

export const payRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  const { gateway } = composition;
  acceptXmlBodies(app);

  route(app, 'GET /pay/link', async (request) => {
    const { clientId } = currentSession(request);
    const referer = request.query.referer ?? null;
    const returnBaseUrl = requestBaseUrl(ctx.config, request);
    const { url } = await startBinding(ctx, requireGateway(gateway), request.log, {
      clientId,
      referer,
      returnBaseUrl,
    });
    return { data: { url } };
  });

  route(app, 'POST /pay/callback/best2pay', async (request, reply) => {
    const { clientId } = currentSession(request);
    const outcome = await finishBindingOnReturn(ctx, requireGateway(gateway), request.log, {
      clientId,
      query: request.query,
    });
    const referer = outcome.referer ?? undefined;
    if (outcome.kind === 'failed') {
      const { status } = API_ERRORS.CARD_BINDING_FAILED;
      const message = apiErrorMessage('CARD_BINDING_FAILED', { reason: outcome.message });
      return reply.code(status).send({ code: 'CARD_BINDING_FAILED', message, referer });
    }
    return reply.send({ data: { data: outcome.card, referer } });
  });

  route(app, 'GET /pay/callbackPayment', async (request) => {
    const { clientId } = currentSession(request);
    const answer = await paymentStatus(ctx, requireGateway(gateway), request.log, {
      clientId,
      orderId: request.query.id,
    });
    return { data: answer };
  });

  route(
    app,
    'POST /pay/notify/best2pay',
    async (request, reply) => {
      const password = ctx.config.best2pay?.password;
      if (!password) throw new AppError('SERVICE_UNAVAILABLE');
      try {
        const result = await handleNotification(ctx, requireGateway(gateway), request.log, {
          xml: request.body,
          password,
        });
        request.log.info({ notification: result }, 'gateway notification');
      } catch (error) {
        throw rejectNotification(request.log, error);
      }
      return reply.type('text/plain; charset=utf-8').send('ok');
    },
    { bodyLimit: NOTIFICATION_BODY_LIMIT },
  );
};

/**
 * A forged, broken or mismatched notification: 400, and a security line (never its content). A
 * mismatch left the operation pending for the gateway's own status to decide.
 */
function rejectNotification(log: FastifyInstance['log'], error: unknown): unknown {
  if (error instanceof NotificationMismatchError) {
    securityEvent(log, 'payment_notification_mismatch', error.fields);
    return new AppError('NOTIFICATION_MISMATCH');
  }
  if (error instanceof InvalidSignatureError) {
    securityEvent(log, 'payment_notification_rejected', { reason: error.detail });
    return new AppError('NOTIFICATION_SIGNATURE_INVALID');
  }
  if (error instanceof MalformedGatewayAnswerError) {
    securityEvent(log, 'payment_notification_rejected', { reason: error.detail });
    return new AppError('NOTIFICATION_UNREADABLE');
  }
  return error;
}

/** Gateways post notifications as raw XML. */
function acceptXmlBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
}
