/*
 * ЕСИА's OAuth 2.0 / OpenID Connect as its «Методические рекомендации по использованию ЕСИА»
 * describe it for the current endpoints: the browser goes to /aas/oauth2/v2/ac, the code is
 * exchanged at /aas/oauth2/v3/te, the person's data are read from /rs/prns/{oid}. The parts
 * both the adapter and the sandbox must agree on live here.
 */

export const AUTHORIZE_PATH = '/aas/oauth2/v2/ac';
export const TOKEN_PATH = '/aas/oauth2/v3/te';
export const PERSON_PATH = '/rs/prns';
export const LOGOUT_PATH = '/idp/ext/Logout';

/**
 * What the questionnaire needs: name, birth date and place, gender, passport, СНИЛС, ИНН,
 * addresses, mobile phone and e-mail. Each scope is approved for the system on ЕСИА's portal.
 */
export const ESIA_SCOPES = [
  'openid',
  'fullname',
  'birthdate',
  'gender',
  'birthplace',
  'id_doc',
  'snils',
  'inn',
  'addresses',
  'mobile',
  'email',
] as const;
export type EsiaScope = (typeof ESIA_SCOPES)[number];

/** Without these the import cannot identify anyone: a token lacking one is refused. */
export const REQUIRED_SCOPES: readonly EsiaScope[] = ['openid', 'fullname', 'birthdate', 'id_doc'];

export interface SecretParts {
  clientId: string;
  scope: string;
  /** Organisation scopes: empty for a person's sign-in. */
  scopeOrg: string;
  timestamp: string;
  state: string;
  redirectUri: string;
  /** Only in the token request. */
  code?: string;
}

/**
 * The text client_secret signs (v2): client_id + scope + scope_org + timestamp + state +
 * redirect_uri, and + code for the token request. Plain concatenation, no separators.
 */
export function clientSecretMessage(parts: SecretParts): string {
  return (
    parts.clientId +
    parts.scope +
    parts.scopeOrg +
    parts.timestamp +
    parts.state +
    parts.redirectUri +
    (parts.code ?? '')
  );
}

const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** «2026.11.26 14:05:09 +0300»: the request's time as ЕСИА wants it, in Moscow time. */
export function esiaTimestamp(now: Date): string {
  const moscow = new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString();
  const [date = '', time = ''] = moscow.split('T');
  return `${date.replaceAll('-', '.')} ${time.slice(0, 8)} +0300`;
}

const TIMESTAMP = /^(\d{4})\.(\d{2})\.(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;

/** The moment an ЕСИА timestamp names; null when it is not in ЕСИА's format. */
export function parseEsiaTimestamp(text: string): Date | null {
  const match = TIMESTAMP.exec(text);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, sign, offsetHours, offsetMinutes] = match;
  const local = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  const moment = new Date(local - (sign === '-' ? -offset : offset));
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/**
 * ЕСИА's error answers name a code in error_description («ESIA-007004: …»). The codes our flow
 * meets, as the МР list them.
 */
export const ESIA_ERRORS = {
  CERTIFICATE_MISMATCH: 'ESIA-007002',
  MISSING_PARAMETER: 'ESIA-007003',
  ACCESS_DENIED: 'ESIA-007004',
  BAD_SCOPE: 'ESIA-007006',
  CODE_INVALID: 'ESIA-007011',
  BAD_PARAMETER: 'ESIA-007014',
  WRONG_TIME: 'ESIA-007015',
  REDIRECT_NOT_ALLOWED: 'ESIA-007023',
  BAD_CODE_CHALLENGE: 'ESIA-007039',
  BAD_CODE_VERIFIER: 'ESIA-007040',
  BAD_CLIENT_SECRET: 'ESIA-007053',
  UNCONFIRMED_ACCOUNT: 'ESIA-007055',
} as const;

/** The ESIA-0070xx code at the start of an error_description, if any. */
export function esiaErrorCode(description: string | null | undefined): string | null {
  return /^(ESIA-\d{6})/.exec(description ?? '')?.[1] ?? null;
}
