import { useEffect } from 'react';
import { useSessionStore } from '@/stores/session';
import { useClient } from '@/hooks/use-client';

/**
 * The client for a popup body, which opens (onReady) once the client is known — or failed to
 * load, or there is no session — so the popup never opens empty or stays hidden.
 */
export function usePopupClient(onReady: () => void, alsoWaitFor = true) {
  const signedIn = useSessionStore((state) => state.token !== null);
  const client = useClient();
  const settled = !signedIn || client.data !== undefined || client.isError;
  useEffect(() => {
    if (settled && alsoWaitFor) onReady();
  }, [settled, alsoWaitFor, onReady]);
  return { signedIn, client };
}
