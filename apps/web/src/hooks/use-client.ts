import { useQuery } from '@tanstack/react-query';
import { type Client } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { clientKeys } from '@/lib/query-keys';
import { useSessionStore } from '@/stores/session';

export async function fetchClient(signal?: AbortSignal): Promise<Client> {
  const answer = await api.get('/clients', { signal });
  return answer.data.client;
}

/**
 * The signed-in client (GET /clients; spec §3's dashboard client); idle for a guest. Every
 * screen that shows the client reads it here: the data lives in the query cache only.
 */
export function useClient() {
  const token = useSessionStore((state) => state.token);
  return useQuery({
    queryKey: clientKeys.all,
    queryFn: ({ signal }) => fetchClient(signal),
    enabled: token !== null,
  });
}
