/*
 * NBKI takes requests and documents signed with the member's ГОСТ key (CMS/CAdES, attached) and
 * signs its answers. ГОСТ cryptography is not in Node: a signing service next to the server
 * (CryptoPro DSS or a ГОСТ signing gateway) does it, behind this port. The sandbox bureau takes the
 * bare XML, so its envelope is none at all.
 */

export interface Envelope {
  /** The Content-Type of what `wrap` makes. */
  readonly contentType: (xmlType: string) => string;
  wrap(bytes: Uint8Array): Promise<Uint8Array>;
  /** The content of a signed answer, its signature checked; throws on a bad signature. */
  unwrap(bytes: Uint8Array): Promise<Uint8Array>;
}

export const BARE_XML: Envelope = {
  contentType: (xmlType) => xmlType,
  wrap: (bytes) => Promise.resolve(bytes),
  unwrap: (bytes) => Promise.resolve(bytes),
};

export class SigningServiceError extends Error {
  override name = 'SigningServiceError';
}

/**
 * A signing service over HTTP: POST {url}/sign with the bytes answers the attached CMS signature
 * (application/pkcs7-mime); POST {url}/verify with a CMS answers its content once the bureau's
 * signature checks, 4xx otherwise.
 */
export function signingService(url: string, fetchImpl: typeof fetch, timeoutMs: number): Envelope {
  const call = async (path: string, bytes: Uint8Array): Promise<Uint8Array> => {
    const response = await fetchImpl(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      throw new SigningServiceError(`signing service ${path} answered ${response.status}`);
    }
    return new Uint8Array(await response.arrayBuffer());
  };
  return {
    contentType: () => 'application/pkcs7-mime',
    wrap: (bytes) => call('/sign', bytes),
    unwrap: (bytes) => call('/verify', bytes),
  };
}
