import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SUGGESTION_COUNT, SUGGESTION_DEBOUNCE_MS } from '@zaymo/contract';
import type { Suggestion, SuggestionSource } from './sources';

type Result<T> = { key: string; items: readonly T[] };
const NO_ITEMS: readonly never[] = [];

/**
 * Suggestions for `query` (null: not searching), asked SUGGESTION_DEBOUNCE_MS after the last
 * change. A newer query aborts the older request and its late answer is dropped; a failed
 * request shows nothing (suggestions help, they never block). At most SUGGESTION_COUNT items.
 */
export function useSuggestions<T extends Suggestion>(
  source: SuggestionSource<T>,
  query: string | null,
  minLength = 1,
): readonly T[] {
  const [result, setResult] = useState<Result<T>>({ key: '', items: NO_ITEMS });
  const fetchRef = useRef(source.fetch);
  useLayoutEffect(() => {
    fetchRef.current = source.fetch;
  });
  const text = query?.trim() ?? '';
  const requestKey = text.length >= minLength ? `${source.key}|${text}` : '';

  useEffect(() => {
    if (!requestKey) {
      setResult((current) => (current.key ? { key: '', items: NO_ITEMS } : current));
      return undefined;
    }
    const controller = new AbortController();
    const keep = (items: readonly T[]) => {
      if (!controller.signal.aborted) setResult({ key: requestKey, items });
    };
    const timer = setTimeout(() => {
      fetchRef.current(text, controller.signal).then(
        (items) => keep(items.slice(0, SUGGESTION_COUNT)),
        () => keep(NO_ITEMS),
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [requestKey, text]);

  // While the next answer is on its way the previous list stays: no flicker on every key.
  return requestKey && result.key ? result.items : NO_ITEMS;
}
