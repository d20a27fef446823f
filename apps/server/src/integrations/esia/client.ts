import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { EsiaConfig } from '../../config';
import { publicKeyOf, TokenError, verifyJwt } from './jwt';
import {
  collectionSchema,
  esiaAddressSchema,
  esiaContactSchema,
  esiaDocumentSchema,
  esiaPersonOf,
  esiaPersonSchema,
  type EsiaPerson,
} from './person';
import {
  AUTHORIZE_PATH,
  clientSecretMessage,
  ESIA_SCOPES,
  esiaErrorCode,
  esiaTimestamp,
  PERSON_PATH,
  REQUIRED_SCOPES,
  TOKEN_PATH,
  type EsiaScope,
} from './protocol';
import type { EsiaSigner } from './signer';

/*
 * The adapter: builds the authorization address (signed), exchanges the code for tokens
 * (signed again), checks the tokens and reads the person. The tokens live only inside
 * `importPerson`: nothing here stores or logs them.
 */

const CALL_TIMEOUT_MS = 15_000;
/** Clock difference tolerated in the tokens' times. */
const LEEWAY_SECONDS = 60;

/** ЕСИА refused or answered something the protocol does not allow; `code` is ESIA-0070xx. */
export class EsiaError extends Error {
  override name = 'EsiaError';
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export interface AuthorizationRequest {
  state: string;
  /** Echoed in the identity token when ЕСИА returns one there. */
  nonce: string;
  /** PKCE: base64url(SHA-256(code_verifier)). */
  codeChallenge: string;
  redirectUri: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
  /** A fresh state for the token request; ЕСИА echoes it. */
  state: string;
}

/** The citizen's identifier (oid) and what their consent gave. */
export interface EsiaImport {
  oid: string;
  scopes: readonly EsiaScope[];
  person: EsiaPerson;
}

const tokenAnswerSchema = z.object({
  access_token: z.string(),
  id_token: z.string(),
  state: z.string(),
  token_type: z.string().optional(),
  expires_in: z.number().optional(),
});

const errorAnswerSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

const SCOPE_LIST = ESIA_SCOPES.join(' ');

export class EsiaClient {
  readonly #config: EsiaConfig;
  readonly #signer: EsiaSigner;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  readonly #tokenKey: KeyObject;

  constructor(config: EsiaConfig, deps: { signer: EsiaSigner; fetch: typeof fetch; clock: Clock }) {
    this.#config = config;
    this.#signer = deps.signer;
    this.#fetch = deps.fetch;
    this.#clock = deps.clock;
    this.#tokenKey = publicKeyOf(config.tokenKey);
  }

  /** Where the browser goes to sign in at ЕСИА. `base` is ЕСИА's address as the browser reaches it. */
  async authorizationUrl(request: AuthorizationRequest, base = this.#config.url): Promise<string> {
    const timestamp = esiaTimestamp(this.#clock.now());
    const secret = await this.#signer.sign(
      clientSecretMessage({
        clientId: this.#config.clientId,
        scope: SCOPE_LIST,
        scopeOrg: '',
        timestamp,
        state: request.state,
        redirectUri: request.redirectUri,
      }),
    );
    const query = new URLSearchParams({
      client_id: this.#config.clientId,
      client_certificate_hash: this.#config.certificateHash,
      client_secret: secret,
      redirect_uri: request.redirectUri,
      scope: SCOPE_LIST,
      scope_org: '',
      response_type: 'code',
      state: request.state,
      nonce: request.nonce,
      access_type: 'online',
      timestamp,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
    });
    return `${base}${AUTHORIZE_PATH}?${query.toString()}`;
  }

  /** The code becomes the person's data; the tokens end with this call. */
  async importPerson(exchange: CodeExchange): Promise<EsiaImport> {
    const tokens = await this.#exchange(exchange);
    const identity = this.#checkIdentityToken(tokens.id_token, exchange.nonce);
    const access = this.#checkAccessToken(tokens.access_token, identity.oid);
    const person = await this.#readPerson(tokens.access_token, identity.oid, access.scopes);
    return { oid: identity.oid, scopes: access.scopes, person };
  }

  async #exchange(exchange: CodeExchange): Promise<z.infer<typeof tokenAnswerSchema>> {
    const timestamp = esiaTimestamp(this.#clock.now());
    const secret = await this.#signer.sign(
      clientSecretMessage({
        clientId: this.#config.clientId,
        scope: SCOPE_LIST,
        scopeOrg: '',
        timestamp,
        state: exchange.state,
        redirectUri: exchange.redirectUri,
        code: exchange.code,
      }),
    );
    const body = new URLSearchParams({
      client_id: this.#config.clientId,
      code: exchange.code,
      grant_type: 'authorization_code',
      client_certificate_hash: this.#config.certificateHash,
      client_secret: secret,
      state: exchange.state,
      redirect_uri: exchange.redirectUri,
      scope: SCOPE_LIST,
      scope_org: '',
      timestamp,
      token_type: 'Bearer',
      code_verifier: exchange.codeVerifier,
    });
    const response = await this.#fetch(`${this.#config.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(answer, response.status);
    const tokens = tokenAnswerSchema.safeParse(answer);
    if (!tokens.success) throw new EsiaError('token answer without tokens');
    if (tokens.data.state !== exchange.state) throw new EsiaError('token answer for another state');
    return tokens.data;
  }

  #verify(token: string): Record<string, unknown> {
    try {
      const claims = verifyJwt(token, this.#tokenKey, {
        now: this.#clock.now(),
        leewaySeconds: LEEWAY_SECONDS,
      });
      if (claims.iss !== this.#config.issuer) throw new TokenError('token of another issuer');
      return claims;
    } catch (error) {
      if (error instanceof TokenError || error instanceof z.ZodError) {
        throw new EsiaError(`token refused: ${error.message}`);
      }
      throw error;
    }
  }

  #checkIdentityToken(token: string, nonce: string): { oid: string } {
    const claims = identityClaims.safeParse(this.#verify(token));
    if (!claims.success) throw new EsiaError('identity token without the person');
    const { aud, nonce: echoed } = claims.data;
    const audiences = Array.isArray(aud) ? aud : [aud];
    if (!audiences.includes(this.#config.clientId)) throw new EsiaError('token for another system');
    // ЕСИА's МР do not promise the nonce back; when it comes, it must be ours.
    if (echoed !== undefined && echoed !== nonce) throw new EsiaError('nonce does not match');
    return { oid: String(claims.data['urn:esia:sbj']['urn:esia:sbj:oid']) };
  }

  #checkAccessToken(token: string, oid: string): { scopes: EsiaScope[] } {
    const claims = accessClaims.safeParse(this.#verify(token));
    if (!claims.success) throw new EsiaError('access token without its subject');
    if (String(claims.data['urn:esia:sbj_id']) !== oid) {
      throw new EsiaError('tokens of two people');
    }
    if (claims.data.client_id !== this.#config.clientId) {
      throw new EsiaError('token for another system');
    }
    const granted = claims.data.scope.split(' ').map((scope) => scope.split('?')[0]);
    const scopes = ESIA_SCOPES.filter((scope) => granted.includes(scope));
    const missing = REQUIRED_SCOPES.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0)
      throw new EsiaError(`scopes not granted: ${missing.join(' ')}`, 'SCOPES');
    return { scopes };
  }

  async #readPerson(
    accessToken: string,
    oid: string,
    scopes: readonly EsiaScope[],
  ): Promise<EsiaPerson> {
    const base = `${PERSON_PATH}/${encodeURIComponent(oid)}`;
    const has = (scope: EsiaScope) => scopes.includes(scope);
    const elements = async <T extends z.ZodType>(granted: boolean, path: string, element: T) =>
      granted
        ? (
            await this.#get(
              accessToken,
              `${base}/${path}?embed=(elements)`,
              collectionSchema(element),
            )
          ).elements
        : [];
    return esiaPersonOf({
      person: await this.#get(accessToken, base, esiaPersonSchema),
      documents: await elements(has('id_doc'), 'docs', esiaDocumentSchema),
      addresses: await elements(has('addresses'), 'addrs', esiaAddressSchema),
      contacts: await elements(has('mobile') || has('email'), 'ctts', esiaContactSchema),
    });
  }

  async #get<T extends z.ZodType>(token: string, path: string, schema: T): Promise<z.infer<T>> {
    const response = await this.#fetch(`${this.#config.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(answer, response.status);
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new EsiaError('unexpected answer of the person service');
    return parsed.data;
  }
}

const identityClaims = z.object({
  aud: z.union([z.string(), z.array(z.string())]),
  nonce: z.string().optional(),
  'urn:esia:sbj': z.object({ 'urn:esia:sbj:oid': z.union([z.string(), z.number()]) }),
});

const accessClaims = z.object({
  scope: z.string(),
  client_id: z.string(),
  'urn:esia:sbj_id': z.union([z.string(), z.number()]),
});

function errorOf(answer: unknown, status: number): EsiaError {
  const parsed = errorAnswerSchema.safeParse(answer);
  if (!parsed.success) return new EsiaError(`ЕСИА answered ${status}`);
  const description = parsed.data.error_description ?? parsed.data.error;
  return new EsiaError(description, esiaErrorCode(description));
}
