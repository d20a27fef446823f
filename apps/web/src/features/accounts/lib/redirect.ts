import { ROUTES } from '@/config/paths';

/** Pages a redirect must not lead back to: they would loop or show a guest form. */
const NOT_REDIRECT_TARGETS = new Set<string>([ROUTES.signin.path, ROUTES.signup.path]);

/**
 * Where to go after sign-in: the `redirect` query value only when it is a path of this site
 * («/loan?x=1#y»); anything else — another origin, «//evil.ru», «/\evil.ru», «javascript:» —
 * gives null (the caller uses mainPageLink).
 */
export function safeRedirectPath(
  value: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || NOT_REDIRECT_TARGETS.has(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
