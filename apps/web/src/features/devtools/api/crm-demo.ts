import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

export const crmDemoKeys = createQueryKeys('dev-crm-demo');

/** A code lives 30 s: ask often enough that the one shown is still accepted. */
export const CRM_DEMO_REFRESH_MS = 5000;

/** The console's demo admin and the code its authenticator would show now (sandbox only). */
export function useCrmDemo() {
  return useQuery({
    queryKey: crmDemoKeys.all,
    queryFn: async ({ signal }) => (await api.get('/dev/crm-demo', { signal })).data,
    refetchInterval: CRM_DEMO_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });
}
