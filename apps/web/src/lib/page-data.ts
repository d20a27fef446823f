import { PAGE_DATA_ELEMENT_ID, type PageData } from '@zaymo/contract';

/** The page's data block, read once; null on a page without one or with a damaged one. */
let pageData: PageData | null | undefined;
const handedOut = new Set<keyof PageData>();

/**
 * An answer the prerendered page carries (contract's PageData), handed out once: the query
 * that would fetch it takes it instead, so the part that shows it calls nothing. Handed out to
 * the query, not put in the cache before start-up: the page hydrates as it was prerendered,
 * with the query still pending, and shows the answer right after. Later calls fetch.
 */
export function takePageAnswer<Key extends keyof PageData>(key: Key): PageData[Key] | undefined {
  pageData ??= readPageData();
  if (!pageData || handedOut.has(key)) return undefined;
  handedOut.add(key);
  return pageData[key];
}

function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null; // the calls fetch what a damaged block would have given
  }
}
