import { SENSITIVE_QUERY_PARAMS } from '../../logging';

/** Admin-mode and one-time link parameters are never "where the client came from". */
const NOT_REFERER_PARAMS = new Set([...SENSITIVE_QUERY_PARAMS, 'from_crm', 'redirect']);
const MAX_PARAMS = 30;

/**
 * The first-visit query parameters worth keeping (utm_*, click ids, partner ids): without
 * secrets a link may have carried, at most 30 of them, keys lower-cased.
 */
export function sanitizeReferer(
  params: Record<string, string> | undefined,
): Record<string, string> | null {
  if (!params) return null;
  const kept = Object.entries(params)
    .map(([key, value]) => [key.trim().toLowerCase(), value] as const)
    .filter(([key]) => key !== '' && !NOT_REFERER_PARAMS.has(key))
    .slice(0, MAX_PARAMS);
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}
