import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientInn } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { identityKeys } from './keys';

const innKey = () => [...identityKeys.all, 'inn'] as const;

/** GET /clients/inn: the ИНН the ФНС confirmed, if any. */
export function useClientInn() {
  return useQuery({
    queryKey: innKey(),
    queryFn: async ({ signal }): Promise<ClientInn> =>
      (await api.get('/clients/inn', { signal })).data,
  });
}

/** PUT /clients/inn: checked by its digits, then by the ФНС against the saved passport. */
export function useSaveInn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inn: string): Promise<ClientInn> =>
      (await api.put('/clients/inn', { body: { inn } })).data,
    onSuccess: (saved) => queryClient.setQueryData(innKey(), saved),
  });
}
