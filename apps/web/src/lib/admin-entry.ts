import { isStorableToken } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { QUERY_COOKIE_MAX_AGE_SECONDS, setCookie } from './cookies';
import { CRM_COOKIE } from './session';

const CRM_PARAMS = ['token', CRM_COOKIE];

/**
 * Spec §4 admin mode: an operator arrives with `?from_crm=true&token=…`. The token is taken off
 * the address bar at once (it must not stay in history, bookmarks or referrers), then stored
 * if storable with the admin flag and the from_crm cookie. Returns whether admin mode began.
 */
export function enterAdminModeFromAddress(target: Window = window): boolean {
  const url = new URL(target.location.href);
  const token = url.searchParams.get('token');
  if (url.searchParams.get(CRM_COOKIE) !== 'true' || !token) return false;
  removeCrmParamsFromAddress(target, url);
  if (!isStorableToken(token)) return false;
  const session = useSessionStore.getState();
  session.setToken(token);
  session.setAdmin(true);
  setCookie(CRM_COOKIE, 'true', { maxAgeSeconds: QUERY_COOKIE_MAX_AGE_SECONDS });
  return true;
}

function removeCrmParamsFromAddress(target: Window, url: URL): void {
  CRM_PARAMS.forEach((param) => url.searchParams.delete(param));
  target.history.replaceState(target.history.state, '', url.pathname + url.search + url.hash);
}

/** The path the address bar shows now: pathname, search and hash. */
export function currentAddress(target: Window = window): string {
  const { pathname, search, hash } = target.location;
  return pathname + search + hash;
}
