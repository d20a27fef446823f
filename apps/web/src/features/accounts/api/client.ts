import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type Client } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { clientKeys } from './keys';

export async function fetchClient(signal?: AbortSignal): Promise<Client> {
  const answer = await api.get('/clients', { signal });
  return answer.data.client;
}

/**
 * The signed-in client (GET /clients); idle for a guest. Its data also fills dashboard.user
 * (spec §3) for screens that read the dashboard state.
 */
export function useClient() {
  const token = useSessionStore((state) => state.token);
  const query = useQuery({
    queryKey: clientKeys.all,
    queryFn: ({ signal }) => fetchClient(signal),
    enabled: token !== null,
  });
  const { data } = query;
  useEffect(() => {
    if (data) useDashboardStore.getState().update({ user: data });
  }, [data]);
  return query;
}
