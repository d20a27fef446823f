import type { FastifyRequest } from 'fastify';
import { securityEvent } from '../logging';
import type { CardAccessDenied } from '../services/cards';
import type { OrderAccessDenied } from '../services/loans/db';
import type { TicketAccessDenied } from '../services/tickets';
import { currentSession } from './auth';

/*
 * Another client's order, card, ticket or file answers 404 like a missing one (services decide
 * that) and leaves an `access_denied` security line naming the client who asked.
 */

function reportAccessDenied(request: FastifyRequest, details: Record<string, unknown>): void {
  securityEvent(request.log, 'access_denied', {
    ...details,
    clientId: currentSession(request).clientId,
  });
}

export function reportForeignOrder(request: FastifyRequest): OrderAccessDenied {
  return (orderId) => reportAccessDenied(request, { resource: 'order', orderId });
}

export function reportForeignCard(request: FastifyRequest): CardAccessDenied {
  return (cardId) => reportAccessDenied(request, { resource: 'card', cardId });
}

export function reportForeignTicket(request: FastifyRequest): TicketAccessDenied {
  return (resource, id) => reportAccessDenied(request, { resource, id });
}
