import { updateClientRequestSchema } from '@zaymo/contract';
import { currentClient, currentSession, refuseOperator } from '../http/auth';
import { requestMeta } from '../http/request-meta';
import type { RoutePlugin } from '../http/route-plugin';
import { parseRequestPart } from '../validation';
import { securityEvent } from '../logging';
import { presentClient } from '../services/accounts/clients';
import { updateProfile } from '../services/accounts/profile';
import { presentSignedIn, signInWithCode, signInWithPassword } from '../services/accounts/signin';
import { signUp } from '../services/accounts/signup';
import { presentStep } from '../services/identity/present';
import { saveIdentityStep } from '../services/identity/steps';
import { revokeSession } from '../services/sessions';
import { route } from '../http/route';

export const accountsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /clients', (request) => ({
    data: { client: presentClient(currentClient(request), currentSession(request)) },
  }));

  route(app, 'GET /clients/logout', async (request) => {
    const session = currentSession(request);
    await revokeSession(ctx, session.sessionId);
    securityEvent(request.log, 'session_revoked', {
      clientId: session.clientId,
      reason: 'logout',
    });
    return { data: { ok: true as const } };
  });

  route(app, 'POST /clients/create', async (request) =>
    presentSignedIn(await signUp(ctx, request.body, requestMeta(request))),
  );

  route(app, 'POST /clients/login', async (request) =>
    presentSignedIn(await signInWithPassword(ctx, request.body, requestMeta(request))),
  );

  route(app, 'PATCH /clients/verify_phone', async (request) =>
    presentSignedIn(await signInWithCode(ctx, request.body, requestMeta(request))),
  );

  route(app, 'PATCH /clients/update', async (request) => {
    const session = currentSession(request);
    const { step } = request.query;
    // With a step, the raw body is that step's answer (stepBodySchemas[N] validates it).
    if (step !== undefined) {
      return presentStep(await saveIdentityStep(ctx, session.clientId, step, request.body));
    }
    // Identity steps are the operator's to help with; e-mail and password are not.
    if (session.operatorName !== null) refuseOperator(request, 'credentials');
    const changes = parseRequestPart(updateClientRequestSchema, request.body);
    const client = await updateProfile(ctx, session, changes, requestMeta(request));
    return { data: { client: presentClient(client, session) } };
  });

  route(app, 'GET /clients/last_referer', async (request) => {
    const client = currentClient(request);
    const params = client.referer ?? {};
    const hasParams = Object.keys(params).length > 0;
    return {
      data: { params, created_at: hasParams ? client.createdAt.toISOString() : null },
    };
  });
};
