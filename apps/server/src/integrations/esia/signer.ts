import { z } from 'zod';

/**
 * ЕСИА accepts a client_secret only as a ГОСТ Р 34.10-2012 signature made by a certified
 * cryptographic tool (СКЗИ class КС3 for connections from 2025), never by our own code. The
 * server therefore asks a signing service, over HTTP, with the smallest interface a КриптоПро DSS
 * or a КриптоПро CSP signer behind a thin wrapper can speak (docs/production.md):
 *
 *   POST {ESIA_SIGNER_URL}/sign            Authorization: Bearer {ESIA_SIGNER_TOKEN}
 *   { "data": "<base64 of the UTF-8 text>" }
 *   → 200 { "signature": "<base64 of the raw 64-byte signature, in ЕСИА's byte order>" }
 *
 * «ЕСИА's byte order» is CryptoPro's output reversed, as the МР ask; the service does that.
 */
export interface EsiaSigner {
  /** The client_secret: the signature of `message`, base64url without padding. */
  sign(message: string): Promise<string>;
}

const SIGN_TIMEOUT_MS = 10_000;
const SIGNATURE_BYTES = 64;

const signAnswerSchema = z.object({ signature: z.base64() });

export class SignerError extends Error {
  override name = 'SignerError';
}

export function httpSigner(
  signer: { url: string; token: string | null },
  fetchImpl: typeof fetch,
): EsiaSigner {
  return {
    async sign(message) {
      const response = await fetchImpl(`${signer.url}/sign`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signer.token ? { authorization: `Bearer ${signer.token}` } : {}),
        },
        body: JSON.stringify({ data: Buffer.from(message, 'utf8').toString('base64') }),
        signal: AbortSignal.timeout(SIGN_TIMEOUT_MS),
      });
      if (!response.ok) throw new SignerError(`signing service answered ${response.status}`);
      const answer = signAnswerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) throw new SignerError('signing service answered no signature');
      const signature = Buffer.from(answer.data.signature, 'base64');
      if (signature.length !== SIGNATURE_BYTES) {
        throw new SignerError(
          `signature of ${signature.length} bytes, expected ${SIGNATURE_BYTES}`,
        );
      }
      return signature.toString('base64url');
    },
  };
}
