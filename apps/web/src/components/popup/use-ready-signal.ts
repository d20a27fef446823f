import { useEffect } from 'react';

/** For bodies that need nothing to load: signal ready as soon as they are mounted. */
export function useReadySignal(onReady: () => void): void {
  useEffect(() => {
    onReady();
  }, [onReady]);
}
