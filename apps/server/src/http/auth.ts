import { roleIncludes, type OperatorRefusal, type StaffRole } from '@zaymo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { ClientRow } from '../db/schema';
import { securityEvent } from '../logging';
import { authenticateToken, type ClientSession, type SignedIn } from '../services/sessions';
import {
  authenticateStaffToken,
  isStaffToken,
  type StaffSession,
} from '../services/staff/sessions';
import { AppError } from '../errors';

/**
 * Routes opt in declaratively: `config: { auth: 'client' }` lets the client or a CRM operator
 * acting for them in; `'client-not-operator'` answers 403 to an operator (signing, payments).
 * Authentication runs in onRequest, before the body is read, so an anonymous request never
 * gets its upload parsed or its fields validated.
 *
 * The operator console's routes declare `config: { auth: 'staff', role }`: a staff
 * session (token `crm_…`, table staff_sessions) whose role includes `role` (operator ⊂ risk ⊂
 * admin); 401 without one, 403 for a lower role. A client token never opens a staff route and a
 * staff token never a client route: different prefixes, different tables.
 */
export type AuthRequirement = 'client' | 'client-not-operator' | 'staff';

export type { OperatorRefusal };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** With 'client-not-operator': which message the operator gets (money by default). */
    operatorRefusal?: OperatorRefusal;
    /**
     * With `auth`: the requests that need no session (GET /documents/file/:kind is open for the
     * registration documents). Runs in onRequest on the path's raw params; every other request
     * of the route is authenticated like any other (401, `auth_failed`, operator audit).
     */
    publicWhen?: (request: FastifyRequest) => boolean;
    /** With 'staff': the least role the route needs (the role × route matrix test requires it). */
    role?: StaffRole;
    /** `'POST /orders/create'`: the contract's call this route serves (set by `route()`). */
    endpoint?: string;
  }
  interface FastifyRequest {
    /** Set on routes with `config.auth`; read it with `currentSession(request)`. */
    session: ClientSession | null;
    /**
     * The session's client row, read in the same statement as the session; read it with
     * `currentClient(request)`. As it was when the request came in: after a change, the service
     * that made it answers the new row.
     */
    sessionClient: ClientRow | null;
    /** Set on routes with `auth: 'staff'`; read it with `currentStaff(request)`. */
    staffSession: StaffSession | null;
  }
}

export type { ClientSession, StaffSession };

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/i;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionClient', null);
  app.decorateRequest('staffSession', null);
  // A callback hook, not an async one: most routes need no session and pay no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    const { auth: requirement, publicWhen } = request.routeOptions.config;
    if (!requirement || publicWhen?.(request)) {
      done();
      return;
    }
    signIn(ctx, request, reply, requirement).then(() => done(), done);
  });
}

async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requirement: AuthRequirement,
): Promise<void> {
  if (requirement === 'staff') {
    // What staff read is other people's data: no browser or proxy keeps a copy.
    void reply.header('cache-control', 'no-store');
    request.staffSession = await authenticateStaff(ctx, request);
    return;
  }
  const { session, client } = await authenticate(ctx, request);
  request.session = session;
  request.sessionClient = client;
  if (session.operatorName !== null) admitOperator(request, requirement);
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<SignedIn> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('UNAUTHORIZED');
  const signedIn = isStaffToken(token) ? null : await authenticateToken(ctx, token);
  if (!signedIn) {
    securityEvent(request.log, 'auth_failed', { reason: 'unknown_or_expired_token' });
    throw new AppError('UNAUTHORIZED');
  }
  return signedIn;
}

/** A staff route: a live staff session whose role includes the route's (admin if undeclared). */
async function authenticateStaff(ctx: AppContext, request: FastifyRequest): Promise<StaffSession> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new AppError('STAFF_UNAUTHORIZED');
  const session = await authenticateStaffToken(ctx, token);
  if (!session) {
    securityEvent(request.log, 'auth_failed', { reason: 'unknown_or_expired_staff_token' });
    throw new AppError('STAFF_UNAUTHORIZED');
  }
  const required = request.routeOptions.config.role ?? 'admin';
  if (!roleIncludes(session.staff.role, required)) {
    securityEvent(request.log, 'access_denied', {
      staffId: session.staff.id,
      role: session.staff.role,
      required,
      method: request.method,
      route: request.routeOptions.url,
    });
    throw new AppError('FORBIDDEN');
  }
  return session;
}

/** The staff session of a staff route; 401 if the route forgot `auth: 'staff'`. */
export function currentStaff(request: FastifyRequest): StaffSession {
  if (!request.staffSession) throw new AppError('STAFF_UNAUTHORIZED');
  return request.staffSession;
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
    refuseOperator(request, request.routeOptions.config.operatorRefusal ?? 'money');
  }
  securityEvent(request.log, 'operator_access', fields);
}

/** 403 with the Russian reason, and an `operator_denied` audit line with the route. */
export function refuseOperator(request: FastifyRequest, refusal: OperatorRefusal): never {
  const session = currentSession(request);
  securityEvent(request.log, 'operator_denied', {
    operator: session.operatorName,
    clientId: session.clientId,
    method: request.method,
    route: request.routeOptions.url,
    refusal,
  });
  throw new AppError('OPERATOR_FORBIDDEN', { action: refusal });
}

/**
 * The session of a bearer token on a route that needs none (e-mail confirmation), so the
 * server can tell an operator's session from the client's; null without a valid token.
 */
export async function optionalSession(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<ClientSession | null> {
  const token = bearerToken(request.headers.authorization);
  const signedIn = token ? await authenticateToken(ctx, token) : null;
  return signedIn?.session ?? null;
}

/** The session of an authenticated route; 401 if the route forgot `config.auth`. */
export function currentSession(request: FastifyRequest): ClientSession {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}

/**
 * The client of an authenticated route, loaded with the session (no second query); 401 if the
 * route forgot `config.auth`.
 */
export function currentClient(request: FastifyRequest): ClientRow {
  if (!request.sessionClient) throw new AppError('UNAUTHORIZED');
  return request.sessionClient;
}

/** For actions only the client may take in person: signing documents, moving money. */
export function requireNotOperator(session: ClientSession): void {
  if (session.operatorName !== null) throw new AppError('OPERATOR_FORBIDDEN', { action: 'money' });
}
