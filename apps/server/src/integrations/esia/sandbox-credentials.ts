/*
 * The sandbox's keys, public knowledge like the sandbox gateway's password: they protect nothing
 * real. Production signs with a certified signer (ESIA_SIGNER_URL) and trusts ЕСИА's own
 * certificate (ESIA_TOKEN_KEY). The sandbox signs with ECDSA P-256 where ЕСИА uses ГОСТ Р
 * 34.10-2012: the same 64 raw bytes in base64url, another curve (decisions, 2026-11-26).
 */

/** Our information system as the sandbox ЕСИА registers it (мнемоника). */
export const SANDBOX_ESIA_CLIENT_ID = 'ZAYMO-SANDBOX';

/** The certificate of our information system as the sandbox knows it (its hash, hex). */
export const SANDBOX_ESIA_CERTIFICATE_HASH =
  '5A4D4F5341524453414E44424F58434552544946494341544548415348303031';

/** The key of our sandbox signing service; the sandbox ЕСИА verifies client_secret with its pair. */
export const SANDBOX_SIGNER_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgyscDRdG157Tg+TTf
y8x9q+FCuBIzGBekK0xc3nBckYuhRANCAASHEwYfsNJckpOOXoFd2GLofvy2HH+j
QsEea1FkGH5XO3C+kg9wXsl12rrvJ45sqVU80uBYXOgpfKGeUf8WG4/V
-----END PRIVATE KEY-----`;

export const SANDBOX_SIGNER_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEhxMGH7DSXJKTjl6BXdhi6H78thx/
o0LBHmtRZBh+VztwvpIPcF7Jddq67yeObKlVPNLgWFzoKXyhnlH/FhuP1Q==
-----END PUBLIC KEY-----`;

/** The sandbox ЕСИА's own key: it signs tokens and the biometric verdicts with it. */
export const SANDBOX_ESIA_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgswcSWofABWjHqmIa
3MyGuaPnC57r3J2/yhvXSpeD+SuhRANCAASVb2yzgRhALQQlrHvMXyTwq5u3fHKU
3rMySDNUyytr8Ht8+zQVqfwJKF/yQPaKe8edoUP7ZahhHA/VoeIb+Dyv
-----END PRIVATE KEY-----`;

export const SANDBOX_ESIA_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAElW9ss4EYQC0EJax7zF8k8Kubt3xy
lN6zMkgzVMsra/B7fPs0Fan8CShf8kD2invHnaFD+2WoYRwP1aHiG/g8rw==
-----END PUBLIC KEY-----`;

/** The issuer the sandbox writes into its tokens (ЕСИА's is «http://esia.gosuslugi.ru/»). */
export const SANDBOX_ESIA_ISSUER = 'http://esia-sandbox.zaymo.local/';
