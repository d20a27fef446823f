import { isMarketingParam, QUERY_COOKIE_LIFETIME_DAYS } from '@zaymo/contract';

const SECONDS_PER_DAY = 24 * 60 * 60;
export const QUERY_COOKIE_MAX_AGE_SECONDS = QUERY_COOKIE_LIFETIME_DAYS * SECONDS_PER_DAY;

/** Lists the names of the stored query parameters, so they can be told from other cookies. */
export const QUERY_NAMES_COOKIE = 'zaymo_query_params';
const NAME_SEPARATOR = ',';

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

/**
 * Spec §4: the query parameters of any page are stored as cookies for 30 days — the marketing
 * ones (utm_*, click ids): a gateway's callback ids, tokens and codes are never stored.
 */
export function storeQueryParamsAsCookies(search: string): void {
  const stored: string[] = [];
  for (const [name, value] of new URLSearchParams(search)) {
    if (!isMarketingParam(name)) continue;
    setCookie(name, value, { maxAgeSeconds: QUERY_COOKIE_MAX_AGE_SECONDS });
    stored.push(name);
  }
  if (stored.length > 0) rememberQueryNames(stored);
}

/**
 * The query parameters stored as cookies that are still alive (utm_*, click ids): what sign-up
 * sends as the client's referer and the showcase appends to the partner's link. Marketing ones
 * only, also of cookies an earlier version stored.
 */
export function readQueryCookies(): Record<string, string> {
  const cookies = readCookies();
  const params: Record<string, string> = {};
  for (const name of storedQueryNames(cookies).filter(isMarketingParam)) {
    const value = cookies[name];
    if (value !== undefined) params[name] = value;
  }
  return params;
}

function storedQueryNames(cookies: Record<string, string>): string[] {
  const list = cookies[QUERY_NAMES_COOKIE] ?? '';
  return list.split(NAME_SEPARATOR).filter(Boolean).map(safeDecode);
}

function rememberQueryNames(names: string[]): void {
  const known = storedQueryNames(readCookies());
  const merged = [...new Set([...known, ...names])];
  if (merged.length === known.length) return;
  setCookie(QUERY_NAMES_COOKIE, merged.map(encodeURIComponent).join(NAME_SEPARATOR), {
    maxAgeSeconds: QUERY_COOKIE_MAX_AGE_SECONDS,
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
