import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { fetchMoratorium } from '@/lib/moratorium';
import { refusalKeys } from './keys';

/** GET /clients/moratorium for the decline page (spec §3's dashboard moratorium). */
export function useMoratorium({
  enabled = true,
  fresh = false,
}: {
  enabled?: boolean;
  /** Ask the server again on mount, whatever is cached (a decision that may just have changed). */
  fresh?: boolean;
} = {}) {
  return useQuery({
    enabled,
    refetchOnMount: fresh ? 'always' : true,
    queryKey: refusalKeys.detail('moratorium'),
    queryFn: ({ signal }) => fetchMoratorium(signal),
  });
}

/** GET /clients/refusal-showcase-all: partner offers for a refused client. */
export function usePartnerOffers() {
  return useQuery({
    queryKey: refusalKeys.list(),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/clients/refusal-showcase-all', { signal });
      return answer.data.offers;
    },
  });
}
