import { createPrivateKey, createPublicKey, randomInt, randomUUID, sign } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteOptions } from '../../http/route-plugin';
import { requestBaseUrl } from '../../http/public-url';
import { signJwt, TokenError, verifyJwt } from '../../integrations/esia/jwt';
import {
  AUTHORIZE_PATH,
  ESIA_ERRORS,
  LOGOUT_PATH,
  PERSON_PATH,
  TOKEN_PATH,
} from '../../integrations/esia/protocol';
import {
  SANDBOX_ESIA_CLIENT_ID,
  SANDBOX_ESIA_ISSUER,
  SANDBOX_ESIA_PRIVATE_KEY,
  SANDBOX_ESIA_PUBLIC_KEY,
  SANDBOX_SIGNER_PRIVATE_KEY,
} from '../../integrations/esia/sandbox-credentials';
import { collectionAnswer, COLLECTION_SCOPES, isCollection, personAnswer } from './answers';
import { citizenOfOid, oidOf, TEST_CITIZENS, type TestCitizen } from './citizens';
import {
  checkClient,
  checkClientSecret,
  checkCodeChallenge,
  checkCodeVerifier,
  checkRedirectUri,
  checkScope,
  checkState,
  checkTimestamp,
  issueCode,
  openForm,
  redeemCode,
  sealForm,
  SandboxEsiaError,
  type AuthorizationGrant,
  type Params,
  type SandboxEsia,
} from './core';
import { biometricPage, consentPage, errorPage, loginPage } from './pages';

/*
 * The sandbox ЕСИА, mounted at /sandbox/esia in sandbox mode: the same paths, parameters,
 * signatures, tokens and answers as the real service for what the adapter uses, a login page
 * with test citizens, and the ЕБС «prove it's you» page. The sandbox signing service (what a
 * КриптоПро DSS is in production) is mounted at /sandbox/esia-signer.
 *
 * Its routes log only warnings: they stand for an outside service, and their addresses carry the
 * citizen's identifier (oid), which our logs never hold.
 */

export const SANDBOX_ESIA_PREFIX = '/sandbox/esia';
export const SANDBOX_SIGNER_PREFIX = '/sandbox/esia-signer';

const QUIET = { logLevel: 'warn', schema: { hide: true } } as const;
const TOKEN_LIFETIME_SECONDS = 3600;
const SYSTEM_NAME = 'Займо';
const esiaKey = createPublicKey(SANDBOX_ESIA_PUBLIC_KEY);

export const esiaSandbox: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const sandbox: SandboxEsia = { db: ctx.db, clock: ctx.clock, secret: ctx.config.appSecret };
  acceptForms(app);
  const origin = (request: FastifyRequest) => requestBaseUrl(ctx.config, request);
  const action = (request: FastifyRequest, path: string) =>
    `${origin(request)}${SANDBOX_ESIA_PREFIX}${path}`;

  app.get(AUTHORIZE_PATH, QUIET, async (request, reply) => {
    const params = paramsOf(request);
    let redirectUri: string;
    try {
      checkClient(params);
      redirectUri = checkRedirectUri(params, origin(request));
    } catch (error) {
      return sendPage(reply, 400, errorPage(messageOf(error)));
    }
    try {
      const grant = authorizationGrant(params, sandbox);
      return sendPage(
        reply,
        200,
        loginPage(action(request, '/login'), sealForm(grant, sandbox.secret), SYSTEM_NAME),
      );
    } catch (error) {
      if (!(error instanceof SandboxEsiaError)) throw error;
      return reply.redirect(errorRedirect(redirectUri, error, params.state), 302);
    }
  });

  app.post('/login', QUIET, async (request, reply) => {
    const params = paramsOf(request);
    const grant = openForm<AuthorizationGrant>(params.request, sandbox.secret);
    const citizen = TEST_CITIZENS.find((item) => item.key === params.citizen);
    if (!grant || !citizen)
      return sendPage(reply, 400, errorPage('Сеанс входа устарел: начните вход заново'));
    if (citizen.refusesConsent) return reply.redirect(deniedRedirect(grant), 302);
    const oid = oidOf(citizen, params.fresh === '1', () => randomInt(0, 1_000_000) / 1_000_000);
    const hidden = { request: params.request ?? '', oid };
    const scopes = grant.scope.split(' ').filter((scope) => scope !== 'openid');
    return sendPage(
      reply,
      200,
      consentPage(action(request, '/consent'), hidden, fullName(citizen), SYSTEM_NAME, scopes),
    );
  });

  app.post('/consent', QUIET, async (request, reply) => {
    const params = paramsOf(request);
    const grant = openForm<AuthorizationGrant>(params.request, sandbox.secret);
    const oid = params.oid ?? '';
    if (!grant || !citizenOfOid(oid))
      return sendPage(reply, 400, errorPage('Сеанс входа устарел: начните вход заново'));
    if (params.decision !== 'allow') return reply.redirect(deniedRedirect(grant), 302);
    const requested = grant.scope.split(' ');
    const chosen = scopesOf(request.body).filter((scope) => requested.includes(scope));
    const code = await issueCode(sandbox, {
      kind: 'esia',
      oid,
      clientId: grant.clientId,
      redirectUri: grant.redirectUri,
      scope: ['openid', ...chosen].join(' '),
      codeChallenge: grant.codeChallenge,
      nonce: grant.nonce,
    });
    return reply.redirect(withQuery(grant.redirectUri, { code, state: grant.state }), 302);
  });

  app.post(TOKEN_PATH, QUIET, async (request, reply) => {
    const params = paramsOf(request);
    try {
      return await sendJson(reply, 200, await tokenAnswer(sandbox, params));
    } catch (error) {
      if (!(error instanceof SandboxEsiaError)) throw error;
      return sendJson(reply, 400, {
        error: error.error,
        error_description: error.message,
        state: params.state,
      });
    }
  });

  app.get(`${PERSON_PATH}/:oid`, QUIET, async (request, reply) => {
    const { oid } = request.params as { oid: string };
    const access = authorizedCitizen(request, oid, null, sandbox);
    if ('status' in access) return sendJson(reply, access.status, access.body);
    return sendJson(reply, 200, personAnswer(access.citizen, oid));
  });

  app.get(`${PERSON_PATH}/:oid/:collection`, QUIET, async (request, reply) => {
    const { oid, collection } = request.params as { oid: string; collection: string };
    if (!isCollection(collection)) return sendJson(reply, 404, { error: 'not_found' });
    const access = authorizedCitizen(request, oid, COLLECTION_SCOPES[collection], sandbox);
    if ('status' in access) return sendJson(reply, access.status, access.body);
    const embedded = (request.query as { embed?: string }).embed === '(elements)';
    const self = `${origin(request)}${SANDBOX_ESIA_PREFIX}${PERSON_PATH}/${oid}/${collection}`;
    return sendJson(reply, 200, collectionAnswer(access.citizen, collection, embedded, self));
  });

  app.get(LOGOUT_PATH, QUIET, async (request, reply) => {
    const target = (request.query as { redirect_url?: string }).redirect_url;
    const safe =
      target && target.startsWith(`${origin(request)}/`) ? target : `${origin(request)}/`;
    return reply.redirect(safe, 302);
  });

  registerBiometrics(app, sandbox, origin, action);
};

/** The sandbox signing service: ECDSA P-256 with the signer's key, our HTTP interface. */
export const esiaSignerSandbox: FastifyPluginAsync<RouteOptions> = async (app) => {
  const key = createPrivateKey(SANDBOX_SIGNER_PRIVATE_KEY);
  const body = z.object({ data: z.base64() });
  app.post('/sign', QUIET, async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success) return sendJson(reply, 400, { error: 'data: ожидается base64' });
    const signature = sign('sha256', Buffer.from(parsed.data.data, 'base64'), {
      key,
      dsaEncoding: 'ieee-p1363',
    });
    return sendJson(reply, 200, { signature: signature.toString('base64') });
  });
};

function authorizationGrant(params: Params, sandbox: SandboxEsia): AuthorizationGrant {
  if (params.response_type !== 'code') {
    throw new SandboxEsiaError(ESIA_ERRORS.BAD_PARAMETER, 'response_type должен быть code');
  }
  const state = checkState(params);
  const scope = checkScope(params);
  checkTimestamp(params, sandbox.clock.now());
  const codeChallenge = checkCodeChallenge(params);
  checkClientSecret(params, { scope });
  return {
    clientId: params.client_id ?? '',
    redirectUri: params.redirect_uri ?? '',
    scope,
    state,
    nonce: params.nonce ?? null,
    codeChallenge,
  };
}

async function tokenAnswer(sandbox: SandboxEsia, params: Params): Promise<Record<string, unknown>> {
  const clientId = checkClient(params);
  if (params.grant_type !== 'authorization_code') {
    throw new SandboxEsiaError(ESIA_ERRORS.BAD_PARAMETER, 'неверный grant_type');
  }
  checkState(params);
  const scope = checkScope(params);
  checkTimestamp(params, sandbox.clock.now());
  const code = params.code ?? '';
  checkClientSecret(params, { scope, code });
  const grant = await redeemCode(sandbox, 'esia', code);
  if (!grant || grant.clientId !== clientId || grant.redirectUri !== params.redirect_uri) {
    throw new SandboxEsiaError(
      ESIA_ERRORS.CODE_INVALID,
      'авторизационный код недействителен или просрочен',
      'invalid_grant',
    );
  }
  checkCodeVerifier(grant.codeChallenge, params.code_verifier);
  const citizen = citizenOfOid(grant.oid);
  if (!citizen)
    throw new SandboxEsiaError(
      ESIA_ERRORS.CODE_INVALID,
      'учётная запись не найдена',
      'invalid_grant',
    );
  return issueTokens(sandbox, grant, citizen, params.state ?? '');
}

function issueTokens(
  sandbox: SandboxEsia,
  grant: { oid: string; clientId: string; scope: string; nonce: string | null },
  citizen: TestCitizen,
  state: string,
): Record<string, unknown> {
  const now = Math.floor(sandbox.clock.now().getTime() / 1000);
  const times = { iat: now, nbf: now, exp: now + TOKEN_LIFETIME_SECONDS };
  const oid = Number(grant.oid);
  const accessToken = signJwt(
    {
      iss: SANDBOX_ESIA_ISSUER,
      'urn:esia:sid': randomUUID(),
      'urn:esia:sbj_id': oid,
      client_id: grant.clientId,
      scope: grant.scope
        .split(' ')
        .map((scope) => `${scope}?oid=${grant.oid}`)
        .join(' '),
      ...times,
    },
    SANDBOX_ESIA_PRIVATE_KEY,
  );
  const idToken = signJwt(
    {
      iss: SANDBOX_ESIA_ISSUER,
      aud: grant.clientId,
      sub: oid,
      'urn:esia:sbj': {
        'urn:esia:sbj:typ': 'P',
        'urn:esia:sbj:oid': oid,
        'urn:esia:sbj:is_tru': citizen.trusted,
      },
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      amr: 'PWD',
      auth_time: now,
      ...times,
    },
    SANDBOX_ESIA_PRIVATE_KEY,
  );
  return {
    access_token: accessToken,
    id_token: idToken,
    state,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_SECONDS,
  };
}

type Authorized = { citizen: TestCitizen } | { status: number; body: Record<string, string> };

/** The bearer token is the sandbox's, for this oid, and grants one of `scopes` (null: any). */
function authorizedCitizen(
  request: FastifyRequest,
  oid: string,
  scopes: readonly string[] | null,
  sandbox: SandboxEsia,
): Authorized {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  let claims: Record<string, unknown>;
  try {
    if (!token) throw new TokenError('no token');
    claims = verifyJwt(token, esiaKey, { now: sandbox.clock.now(), leewaySeconds: 0 });
  } catch {
    return { status: 401, body: { error: 'invalid_token' } };
  }
  const citizen = citizenOfOid(oid);
  if (!citizen || String(claims['urn:esia:sbj_id']) !== oid)
    return { status: 403, body: { error: 'access_denied' } };
  const granted = String(claims.scope ?? '')
    .split(' ')
    .map((scope) => scope.split('?')[0]);
  if (scopes && !scopes.some((scope) => granted.includes(scope))) {
    return {
      status: 403,
      body: {
        error: 'access_denied',
        error_description: `${ESIA_ERRORS.BAD_SCOPE}: нет прав доступа`,
      },
    };
  }
  return { citizen };
}

function registerBiometrics(
  app: Parameters<FastifyPluginAsync>[0],
  sandbox: SandboxEsia,
  origin: (request: FastifyRequest) => string,
  action: (request: FastifyRequest, path: string) => string,
): void {
  app.get('/ebs/verify', QUIET, async (request, reply) => {
    const params = paramsOf(request);
    try {
      const clientId = params.client_id ?? '';
      if (clientId !== SANDBOX_ESIA_CLIENT_ID)
        throw new SandboxEsiaError(ESIA_ERRORS.CERTIFICATE_MISMATCH, 'неизвестная система');
      const redirectUri = checkRedirectUri(params, origin(request));
      const state = checkState(params);
      const citizen = citizenOfOid(params.oid ?? '');
      if (!citizen)
        throw new SandboxEsiaError(ESIA_ERRORS.BAD_PARAMETER, 'учётная запись не найдена');
      const hidden = {
        request: sealForm({ clientId, redirectUri, state, oid: params.oid }, sandbox.secret),
      };
      return sendPage(
        reply,
        200,
        biometricPage(action(request, '/ebs/verify'), hidden, fullName(citizen)),
      );
    } catch (error) {
      return sendPage(reply, 400, errorPage(messageOf(error)));
    }
  });

  app.post('/ebs/verify', QUIET, async (request, reply) => {
    const grant = openForm<{ clientId: string; redirectUri: string; state: string; oid: string }>(
      paramsOf(request).request,
      sandbox.secret,
    );
    if (!grant) return sendPage(reply, 400, errorPage('Сеанс проверки устарел: начните заново'));
    const code = await issueCode(sandbox, {
      kind: 'ebs',
      oid: grant.oid,
      clientId: grant.clientId,
      redirectUri: grant.redirectUri,
      scope: 'biometrics',
      codeChallenge: null,
      nonce: null,
    });
    return reply.redirect(withQuery(grant.redirectUri, { code, state: grant.state }), 302);
  });

  app.post('/ebs/verdict', QUIET, async (request, reply) => {
    const params = paramsOf(request);
    const grant = await redeemCode(sandbox, 'ebs', params.code ?? '');
    const citizen = grant && grant.clientId === params.client_id ? citizenOfOid(grant.oid) : null;
    if (!grant || !citizen) {
      return sendJson(reply, 400, {
        error: 'invalid_grant',
        error_description: `${ESIA_ERRORS.CODE_INVALID}: код недействителен`,
      });
    }
    const now = Math.floor(sandbox.clock.now().getTime() / 1000);
    const verdict = signJwt(
      {
        iss: SANDBOX_ESIA_ISSUER,
        aud: grant.clientId,
        sub: grant.oid,
        result: citizen.biometrics,
        iat: now,
        exp: now + 300,
      },
      SANDBOX_ESIA_PRIVATE_KEY,
    );
    return sendJson(reply, 200, { verdict });
  });
}

function fullName(citizen: TestCitizen): string {
  const { lastName, firstName, middleName } = citizen.person;
  return [lastName, firstName, middleName].filter(Boolean).join(' ');
}

function messageOf(error: unknown): string {
  return error instanceof SandboxEsiaError ? error.message : 'Неизвестная ошибка';
}

function deniedRedirect(grant: AuthorizationGrant): string {
  return errorRedirect(
    grant.redirectUri,
    new SandboxEsiaError(
      ESIA_ERRORS.ACCESS_DENIED,
      'пользователь отказался предоставить доступ к данным',
      'access_denied',
    ),
    grant.state,
  );
}

function errorRedirect(
  redirectUri: string,
  error: SandboxEsiaError,
  state: string | undefined,
): string {
  return withQuery(redirectUri, {
    error: error.error,
    error_description: error.message,
    ...(state ? { state } : {}),
  });
}

function withQuery(base: string, query: Record<string, string>): string {
  return `${base}?${new URLSearchParams(query).toString()}`;
}

function acceptForms(app: Parameters<FastifyPluginAsync>[0]): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, new URLSearchParams(String(body))),
  );
}

/** Query and form fields together, the form winning; a repeated form field keeps its first. */
function paramsOf(request: FastifyRequest): Params {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value;
  }
  if (request.body instanceof URLSearchParams) {
    const seen = new Set<string>();
    for (const [name, value] of request.body) {
      if (seen.has(name)) continue;
      seen.add(name);
      fields[name] = value;
    }
  }
  return fields;
}

function scopesOf(body: unknown): string[] {
  return body instanceof URLSearchParams ? body.getAll('scope') : [];
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  reply.header('cache-control', 'no-store');
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  reply.header('cache-control', 'no-store');
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
