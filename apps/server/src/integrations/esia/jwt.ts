import {
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { z } from 'zod';

/*
 * JSON Web Tokens of ЕСИА (its access and identity tokens) and of the sandbox's biometric
 * verdicts: verified with the pinned public key, never trusted unverified. ES256 and RS256 are
 * what node:crypto verifies; a token signed otherwise (or «none») is refused.
 */

export class TokenError extends Error {
  override name = 'TokenError';
}

const headerSchema = z.object({ alg: z.string(), typ: z.string().optional() });

const ALGORITHMS: Readonly<Record<string, { hash: string; dsaEncoding?: 'ieee-p1363' }>> = {
  ES256: { hash: 'sha256', dsaEncoding: 'ieee-p1363' },
  RS256: { hash: 'sha256' },
};

/** A PEM public key or certificate as a key object. */
export function publicKeyOf(pem: string): KeyObject {
  return pem.includes('BEGIN CERTIFICATE')
    ? new X509Certificate(pem).publicKey
    : createPublicKey(pem);
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/** An ES256 token (the sandbox's; production never signs tokens). */
export function signJwt(payload: Record<string, unknown>, privateKeyPem: string): string {
  const body = `${encodeJson({ alg: 'ES256', typ: 'JWT' })}.${encodeJson(payload)}`;
  const signature = sign('sha256', Buffer.from(body), {
    key: createPrivateKey(privateKeyPem),
    dsaEncoding: 'ieee-p1363',
  });
  return `${body}.${signature.toString('base64url')}`;
}

export interface TimeChecks {
  now: Date;
  /** Clock difference tolerated, seconds. */
  leewaySeconds: number;
}

/** The payload of a token whose signature and times hold; TokenError otherwise. */
export function verifyJwt(
  token: string,
  key: KeyObject,
  times: TimeChecks,
): Record<string, unknown> {
  const [header, payload, signature, extra] = token.split('.');
  if (!header || !payload || !signature || extra !== undefined) throw new TokenError('not a JWT');
  const { alg } = headerSchema.parse(decodeJson(header));
  const algorithm = ALGORITHMS[alg];
  if (!algorithm) throw new TokenError(`algorithm ${alg} is not accepted`);
  const valid = verify(
    algorithm.hash,
    Buffer.from(`${header}.${payload}`),
    { key, ...(algorithm.dsaEncoding ? { dsaEncoding: algorithm.dsaEncoding } : {}) },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new TokenError('signature does not match');
  const claims = z.record(z.string(), z.unknown()).parse(decodeJson(payload));
  checkTimes(claims, times);
  return claims;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenError('token part is not JSON');
  }
}

const timeClaims = z.object({
  exp: z.number(),
  nbf: z.number().optional(),
  iat: z.number().optional(),
});

function checkTimes(claims: Record<string, unknown>, { now, leewaySeconds }: TimeChecks): void {
  const parsed = timeClaims.safeParse(claims);
  if (!parsed.success) throw new TokenError('token has no expiry');
  const seconds = now.getTime() / 1000;
  if (parsed.data.exp + leewaySeconds < seconds) throw new TokenError('token expired');
  const notBefore = parsed.data.nbf ?? parsed.data.iat;
  if (notBefore !== undefined && notBefore - leewaySeconds > seconds) {
    throw new TokenError('token not yet valid');
  }
}
