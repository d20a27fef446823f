import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const bureauKeys = createQueryKeys('dev-bureau');

/** How often the list of received events is asked for again while the page is open. */
export const BUREAU_POLL_MS = 5_000;

/** The sandbox bureau's rules and the credit-history events it accepted. */
export function useSandboxBureau() {
  return useQuery({
    queryKey: bureauKeys.all,
    retry: false,
    refetchInterval: BUREAU_POLL_MS,
    queryFn: async ({ signal }) => (await api.get('/dev/bureau', { signal })).data,
  });
}
