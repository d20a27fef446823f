import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { identificationKeys } from './keys';

/**
 * How the client is identified and what the law asks today: the `esia` part of GET
 * /clients/profile, asked afresh when the order form opens (a check passed in another tab counts).
 */
export function useIdentification() {
  return useQuery({
    queryKey: identificationKeys.all,
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/profile', { signal });
      return answer.data.esia;
    },
  });
}
