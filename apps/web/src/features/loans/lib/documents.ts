import { DOCUMENT_KINDS, documentKindSchema, type DocumentKind } from '@zaymo/contract';
import { API_BASE } from '@/lib/api-client';

const ORDER_ID_PARAM = 'order_id';

/** The link with `order_id=<id>` in its query, unless it already names the order. */
export function withOrderId(link: string, orderId: number): string {
  const hashAt = link.indexOf('#');
  const base = hashAt < 0 ? link : link.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : link.slice(hashAt);
  const query = base.includes('?') ? base.slice(base.indexOf('?') + 1) : '';
  if (new URLSearchParams(query).has(ORDER_ID_PARAM)) return link;
  const separator = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${separator}${ORDER_ID_PARAM}=${orderId}${hash}`;
}

/**
 * The path to GET a document with `api.getBinary` (spec §7: GET /{link}). Lists may give links
 * with our /api prefix, which the client adds itself.
 */
export function documentRequestPath(link: string): string {
  if (/^https?:\/\//.test(link)) return link;
  const path = link.startsWith('/') ? link : `/${link}`;
  return path === API_BASE || path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path;
}

/** The kind a document entry stands for: a path segment of its link, else its title. */
export function documentKindOf(document: { link: string; name: string }): DocumentKind | null {
  const path = document.link.split(/[?#]/)[0] ?? '';
  for (const segment of path.split('/').reverse()) {
    const parsed = documentKindSchema.safeParse(segment);
    if (parsed.success) return parsed.data;
  }
  return DOCUMENT_KINDS.find((kind) => kind.title === document.name)?.code ?? null;
}
