import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Moves fake timers inside React's act, so what the timers start renders before the next line. */
export function advanceTimers(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}
