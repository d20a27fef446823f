import { QUERY_COOKIE_LIFETIME_DAYS } from '@zaymo/contract';

const SECONDS_PER_DAY = 24 * 60 * 60;
export const QUERY_COOKIE_MAX_AGE_SECONDS = QUERY_COOKIE_LIFETIME_DAYS * SECONDS_PER_DAY;

/** Query parameters that must never land in a cookie: the CRM token is a credential. */
const PARAMS_NEVER_STORED = new Set(['token']);

export type CookieOptions = { maxAgeSeconds?: number; path?: string };

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `path=${options.path ?? '/'}`,
    'SameSite=Lax',
  ];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  return parts.join('; ');
}

export function setCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}

export function deleteCookie(name: string): void {
  setCookie(name, '', { maxAgeSeconds: 0 });
}

export function readCookies(): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = safeDecode(pair.slice(0, separator).trim());
    if (name) cookies[name] = safeDecode(pair.slice(separator + 1).trim());
  }
  return cookies;
}

export function getCookie(name: string): string | undefined {
  return readCookies()[name];
}

/** Spec §4: the query parameters of any page are stored as cookies for 30 days. */
export function storeQueryParamsAsCookies(search: string): void {
  for (const [name, value] of new URLSearchParams(search)) {
    if (!name || PARAMS_NEVER_STORED.has(name)) continue;
    setCookie(name, value, { maxAgeSeconds: QUERY_COOKIE_MAX_AGE_SECONDS });
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
