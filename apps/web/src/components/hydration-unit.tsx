import { Suspense, type ReactNode } from 'react';

/**
 * A part of a prerendered screen that React hydrates on its own (selective hydration): the root
 * hydrates first, then each unit in a task of its own at low priority, and at once the unit a
 * person taps or types into. Hydrating /, header to footer, in one task took 50–65 ms on the
 * test machine, four times that on a cheap phone, while a tap waited. Nothing in a unit
 * suspends once the page runs, so it has no fallback.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
