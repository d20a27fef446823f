import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { securityEvent } from '../logging';
import { authenticateToken, type ClientSession } from '../services/sessions';
import { AppError } from './errors';

/**
 * Routes opt in declaratively: `config: { auth: 'client' }` lets the client or a CRM operator
 * acting for them in; `'client-not-operator'` answers 403 to an operator (signing, payments).
 * Authentication runs in onRequest, before the body is read, so an anonymous request never
 * gets its upload parsed or its fields validated.
 */
export type AuthRequirement = 'client' | 'client-not-operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    /** Set on routes with `config.auth`; read it with `currentSession(request)`. */
    session: ClientSession | null;
  }
}

export type { ClientSession };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const requirement = request.routeOptions.config.auth;
    if (!requirement) return;
    request.session = await authenticate(ctx, request);
    if (request.session.operatorName !== null) admitOperator(request, requirement);
  });
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<ClientSession> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED');
  const session = await authenticateToken(ctx, token);
  if (!session) {
    securityEvent(request.log, 'auth_failed', { reason: 'unknown_or_expired_token' });
    throw new AppError('UNAUTHORIZED');
  }
  return session;
}

/** Every request made with an operator's token is audit-logged with the operator's name. */
function admitOperator(request: FastifyRequest, requirement: AuthRequirement): void {
  const session = currentSession(request);
  const fields = {
    operator: session.operatorName,
    clientId: session.clientId,
    method: request.method,
    route: request.routeOptions.url,
  };
  if (requirement === 'client-not-operator') {
    securityEvent(request.log, 'operator_denied', fields);
    requireNotOperator(session);
  }
  securityEvent(request.log, 'operator_access', fields);
}

/** The session of an authenticated route; 401 if the route forgot `config.auth`. */
export function currentSession(request: FastifyRequest): ClientSession {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/** For actions only the client may take in person: signing documents, moving money. */
export function requireNotOperator(session: ClientSession): void {
  if (session.operatorName !== null) throw new AppError('OPERATOR_FORBIDDEN');
}
