import {
  createHash,
  createHmac,
  createPublicKey,
  randomBytes,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { sandboxEsiaCodes } from '../../db/sandbox-schema';
import {
  SANDBOX_ESIA_CERTIFICATE_HASH,
  SANDBOX_ESIA_CLIENT_ID,
  SANDBOX_SIGNER_PUBLIC_KEY,
} from '../../integrations/esia/sandbox-credentials';
import {
  clientSecretMessage,
  ESIA_ERRORS,
  ESIA_SCOPES,
  parseEsiaTimestamp,
} from '../../integrations/esia/protocol';

/*
 * The sandbox ЕСИА's checks, as the real one makes them: the registered system and its
 * certificate, a registered redirect_uri, the scopes, the request's time, client_secret over the
 * v2 message (a wrong order of the parts fails), PKCE, and codes that work once for five minutes.
 */

export interface SandboxEsia {
  db: Database;
  clock: Clock;
  /** Keys the signed form fields of the login pages. */
  secret: string;
}

export type Params = Readonly<Record<string, string | undefined>>;

/** A refusal in ЕСИА's words: the code and its description. */
export class SandboxEsiaError extends Error {
  override name = 'SandboxEsiaError';
  constructor(
    readonly code: string,
    message: string,
    readonly error = 'invalid_request',
  ) {
    super(`${code}: ${message}`);
  }
}

const TIMESTAMP_SKEW_MS = 5 * 60_000;
const CODE_LIFETIME_MS = 5 * 60_000;
const REGISTERED_CALLBACK_PATH = '/social/callback';
const signerKey = createPublicKey(SANDBOX_SIGNER_PUBLIC_KEY);

function required(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') {
    throw new SandboxEsiaError(ESIA_ERRORS.MISSING_PARAMETER, `отсутствует параметр ${name}`);
  }
  return value;
}

/** The system is ours and presents its certificate. */
export function checkClient(params: Params): string {
  const clientId = required(params, 'client_id');
  const hash = required(params, 'client_certificate_hash');
  if (clientId !== SANDBOX_ESIA_CLIENT_ID || hash.toUpperCase() !== SANDBOX_ESIA_CERTIFICATE_HASH) {
    throw new SandboxEsiaError(
      ESIA_ERRORS.CERTIFICATE_MISMATCH,
      'сертификат не соответствует мнемонике информационной системы',
    );
  }
  return clientId;
}

/**
 * The address registered for the system: the cabinet's /social/callback on the origin the
 * sandbox itself is reached at (the sandbox and the cabinet are one server).
 */
export function checkRedirectUri(params: Params, ownOrigin: string): string {
  const redirectUri = required(params, 'redirect_uri');
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new SandboxEsiaError(ESIA_ERRORS.REDIRECT_NOT_ALLOWED, 'redirect_uri не зарегистрирован');
  }
  if (
    url.origin !== new URL(ownOrigin).origin ||
    url.pathname !== REGISTERED_CALLBACK_PATH ||
    url.search
  ) {
    throw new SandboxEsiaError(ESIA_ERRORS.REDIRECT_NOT_ALLOWED, 'redirect_uri не зарегистрирован');
  }
  return redirectUri;
}

export function checkScope(params: Params): string {
  const scope = required(params, 'scope');
  const scopes = scope.split(' ');
  const known: readonly string[] = ESIA_SCOPES;
  if (!scopes.includes('openid') || scopes.some((item) => !known.includes(item))) {
    throw new SandboxEsiaError(
      ESIA_ERRORS.BAD_SCOPE,
      'запрошена неизвестная или недоступная область доступа',
    );
  }
  return scope;
}

export function checkTimestamp(params: Params, now: Date): string {
  const timestamp = required(params, 'timestamp');
  const moment = parseEsiaTimestamp(timestamp);
  if (!moment || Math.abs(moment.getTime() - now.getTime()) > TIMESTAMP_SKEW_MS) {
    throw new SandboxEsiaError(ESIA_ERRORS.WRONG_TIME, 'неверное время запроса');
  }
  return timestamp;
}

/** client_secret: the signer's key over exactly the v2 message (+ code in the token request). */
export function checkClientSecret(params: Params, parts: { scope: string; code?: string }): void {
  const signature = Buffer.from(required(params, 'client_secret'), 'base64url');
  const message = clientSecretMessage({
    clientId: params.client_id ?? '',
    scope: parts.scope,
    scopeOrg: params.scope_org ?? '',
    timestamp: params.timestamp ?? '',
    state: params.state ?? '',
    redirectUri: params.redirect_uri ?? '',
    ...(parts.code === undefined ? {} : { code: parts.code }),
  });
  const valid =
    signature.length === 64 &&
    verify(
      'sha256',
      Buffer.from(message),
      { key: signerKey, dsaEncoding: 'ieee-p1363' },
      signature,
    );
  if (!valid) {
    throw new SandboxEsiaError(
      ESIA_ERRORS.BAD_CLIENT_SECRET,
      'client_secret сформирован некорректно, проверьте подпись и порядок параметров',
    );
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function checkState(params: Params): string {
  const state = required(params, 'state');
  if (!UUID.test(state)) throw new SandboxEsiaError(ESIA_ERRORS.BAD_PARAMETER, 'state — не UUID');
  return state;
}

export function checkCodeChallenge(params: Params): string | null {
  const challenge = params.code_challenge;
  if (challenge === undefined || challenge === '') return null;
  if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    throw new SandboxEsiaError(ESIA_ERRORS.BAD_CODE_CHALLENGE, 'неверный code_challenge');
  }
  return challenge;
}

/** The validated authorization request, carried by the login pages' forms (signed). */
export interface AuthorizationGrant {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string | null;
  codeChallenge: string | null;
}

export function sealForm(value: object, secret: string): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function openForm<T>(sealed: string | undefined, secret: string): T | null {
  const [body, mac] = (sealed ?? '').split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export interface IssuedCode {
  kind: 'esia' | 'ebs';
  oid: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | null;
  nonce: string | null;
}

export async function issueCode(sandbox: SandboxEsia, grant: IssuedCode): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await sandbox.db.insert(sandboxEsiaCodes).values({
    codeHash: hashCode(code),
    ...grant,
    createdAt: sandbox.clock.now(),
  });
  return code;
}

/** The code's grant, used up by this call; null when unknown, used or expired. */
export async function redeemCode(
  sandbox: SandboxEsia,
  kind: 'esia' | 'ebs',
  code: string,
): Promise<IssuedCode | null> {
  const now = sandbox.clock.now();
  const [row] = await sandbox.db
    .update(sandboxEsiaCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxEsiaCodes.codeHash, hashCode(code)),
        eq(sandboxEsiaCodes.kind, kind),
        isNull(sandboxEsiaCodes.usedAt),
        gt(sandboxEsiaCodes.createdAt, new Date(now.getTime() - CODE_LIFETIME_MS)),
      ),
    )
    .returning();
  return row ?? null;
}

/** PKCE: the verifier's SHA-256 is the challenge of the authorization request. */
export function checkCodeVerifier(challenge: string | null, verifier: string | undefined): void {
  if (challenge === null) return;
  const computed = createHash('sha256')
    .update(verifier ?? '')
    .digest('base64url');
  if (!verifier || computed !== challenge) {
    throw new SandboxEsiaError(
      ESIA_ERRORS.BAD_CODE_VERIFIER,
      'code_verifier не соответствует code_challenge',
    );
  }
}
