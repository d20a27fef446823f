import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { BiometricOutcome } from '../../db/schema';
import { publicKeyOf, verifyJwt } from '../esia/jwt';

/**
 * The Unified Biometric System (ЕБС): the client proves it is them (a selfie and voice compared
 * with their sample), remotely, before an online loan (41-ФЗ). A lender reaches ЕБС directly or
 * through a bank that identifies on its behalf; whichever is chosen plugs in here. The browser
 * goes to the provider's page and comes back with a one-time code, which the server exchanges
 * for the provider's signed verdict about that citizen (their ЕСИА oid).
 */
export interface BiometricVerifier {
  /** Names the provider in the client's record of checks. */
  readonly provider: string;
  /** Where the browser goes for «prove it's you». `base`: the provider's address for the browser. */
  startUrl(input: { oid: string; state: string; redirectUri: string }, base?: string): string;
  /** The provider's verdict for the code it returned; BiometricError when it cannot be trusted. */
  verdict(input: { code: string; oid: string }): Promise<BiometricOutcome>;
}

export class BiometricError extends Error {
  override name = 'BiometricError';
}

const OUTCOMES = ['match', 'no_match', 'not_enrolled'] as const;
const verdictAnswer = z.object({ verdict: z.string() });
const verdictClaims = z.object({ aud: z.string(), sub: z.string(), result: z.enum(OUTCOMES) });

/**
 * The sandbox's ЕБС (/sandbox/esia/ebs): a page, a code, and a verdict signed by the sandbox
 * ЕСИА's key. A real provider gets its own implementation of the interface.
 */
export function sandboxBiometrics(deps: {
  url: string;
  clientId: string;
  verdictKey: string;
  fetch: typeof fetch;
  clock: Clock;
}): BiometricVerifier {
  const key: KeyObject = publicKeyOf(deps.verdictKey);
  return {
    provider: 'sandbox-ebs',
    startUrl({ oid, state, redirectUri }, base = deps.url) {
      const query = new URLSearchParams({
        client_id: deps.clientId,
        oid,
        state,
        redirect_uri: redirectUri,
      });
      return `${base}/ebs/verify?${query.toString()}`;
    },
    async verdict({ code, oid }) {
      const response = await deps.fetch(`${deps.url}/ebs/verdict`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: deps.clientId, code }),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = verdictAnswer.safeParse(await response.json().catch(() => null));
      if (!response.ok || !answer.success) throw new BiometricError('no verdict');
      const claims = verdictClaims.safeParse(
        verifyJwt(answer.data.verdict, key, { now: deps.clock.now(), leewaySeconds: 60 }),
      );
      if (!claims.success || claims.data.aud !== deps.clientId || claims.data.sub !== oid) {
        throw new BiometricError('verdict about someone else');
      }
      return claims.data.result;
    },
  };
}
