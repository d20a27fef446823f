import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Seconds left until a deadline, updated while it runs: `restart(60)` starts a new one. Counted
 * from the clock, not from ticks, so a throttled background tab still shows the right time.
 */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(initialSeconds);
  useEffect(() => {
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      return left;
    };
    if (tick() === 0) return undefined;
    const timer = setInterval(() => {
      if (tick() === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);
  const restart = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);
  return { remaining, restart };
}

/** 59 → «0:59», 125 → «2:05». */
export function formatSeconds(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
