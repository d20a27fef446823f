import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentSession, optionalSession } from '../http/auth';
import { securityEvent } from '../logging';
import { isHttpsRequest, requestBaseUrl } from '../http/public-url';
import { requestMeta } from '../http/request-meta';
import { route } from '../http/route';
import type { RoutePlugin } from '../http/route-plugin';
import { AppError } from '../errors';
import { finishEsiaTrip, startEsiaTrip } from '../services/esia/flow';
import { resolveMismatch, unlinkEsia } from '../services/esia/link';
import { getClientProfile } from '../services/identity/profile';

/** The browser that started a trip to Госуслуги; only the cabinet's /api/esia calls carry it. */
const BROWSER_COOKIE = 'zaymo_esia';
const COOKIE_SECONDS = 10 * 60;

export const esiaRoutes: RoutePlugin = async (app, { ctx, composition }) => {
  route(app, 'POST /esia/start', async (request, reply) => {
    const { purpose } = request.body;
    const clientId = await tripClient(request, purpose === 'link' || purpose === 'biometrics');
    const trip = await startEsiaTrip(ctx, composition.gosuslugi, {
      purpose,
      clientId,
      baseUrl: requestBaseUrl(ctx.config, request),
    });
    setBrowserCookie(request, reply, trip.browserToken);
    return { data: { url: trip.url } };
  });

  route(app, 'POST /esia/return', async (request, reply) => {
    const data = await finishEsiaTrip(ctx, composition.gosuslugi, request.body, {
      browserToken: browserCookie(request),
      session: await optionalSession(ctx, request),
      meta: requestMeta(request),
    });
    void reply.header('set-cookie', `${BROWSER_COOKIE}=; Path=/api/esia; HttpOnly; Max-Age=0`);
    return { data };
  });

  route(app, 'POST /esia/resolve', async (request) => {
    const { clientId } = currentSession(request);
    await resolveMismatch(ctx, clientId, request.body.step);
    return { data: await getClientProfile(ctx, clientId) };
  });

  route(app, 'DELETE /esia/link', async (request) => {
    const { clientId } = currentSession(request);
    await unlinkEsia(ctx, clientId, requestMeta(request));
    return { data: await getClientProfile(ctx, clientId) };
  });

  /** A client's own trip needs the client's session, and an operator may not take it. */
  async function tripClient(request: FastifyRequest, needsClient: boolean): Promise<number | null> {
    if (!needsClient) return null;
    const session = await optionalSession(ctx, request);
    if (!session) throw new AppError('UNAUTHORIZED');
    if (session.operatorName !== null) {
      securityEvent(request.log, 'operator_denied', {
        operator: session.operatorName,
        refusal: 'credentials',
      });
      throw new AppError('OPERATOR_FORBIDDEN', { action: 'credentials' });
    }
    return session.clientId;
  }

  function setBrowserCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
    const secure = isHttpsRequest(ctx.config, request) ? '; Secure' : '';
    void reply.header(
      'set-cookie',
      `${BROWSER_COOKIE}=${token}; Path=/api/esia; HttpOnly; SameSite=Lax; Max-Age=${COOKIE_SECONDS}${secure}`,
    );
  }
};

function browserCookie(request: FastifyRequest): string | null {
  for (const part of request.headers.cookie?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value) return value;
  }
  return null;
}
