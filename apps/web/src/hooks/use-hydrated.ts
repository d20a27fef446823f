import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False while React hydrates a prerendered page (build/prerender.ts), as it was when the page
 * was rendered; true right after, and in every render built in the browser. What only the
 * running app may offer reads it, so hydration finds the markup it expects and no mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

/** The part of a query's result a prerendered part shows. */
export type Answer<Data> = { data: Data | undefined; isError: boolean };

/**
 * A query's answer as a part of a prerendered page shows it: while React hydrates the part,
 * none yet, as the prerender rendered it (every call pending); right after, the query's own. A
 * call answered meanwhile for another part (the page's settings, for the header) would otherwise
 * meet the part's markup of the pending call: a mismatch, and the part rendered anew.
 */
export function useAnswerAfterHydration<Data>(query: Answer<Data>): Answer<Data> {
  const hydrated = useHydrated();
  return hydrated ? { data: query.data, isError: query.isError } : NOT_ANSWERED;
}

const NOT_ANSWERED = { data: undefined, isError: false };
