import type { FastifyRequest } from 'fastify';
import { securityEvent } from '../logging';
import type { CardAccessDenied } from '../services/cards';
import type { OrderAccessDenied } from '../services/loans/db';
import { currentSession } from './auth';

/** Another client's order answers 404 like a missing one, and leaves a security line. */
export function reportForeignOrder(request: FastifyRequest): OrderAccessDenied {
  return (orderId) =>
    securityEvent(request.log, 'access_denied', {
      resource: 'order',
      orderId,
      clientId: currentSession(request).clientId,
    });
}

/** Another client's card answers 404 like a missing one, and leaves a security line. */
export function reportForeignCard(request: FastifyRequest): CardAccessDenied {
  return (cardId) =>
    securityEvent(request.log, 'access_denied', {
      resource: 'card',
      cardId,
      clientId: currentSession(request).clientId,
    });
}
