import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientConsent } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { createQueryKeys } from '@/lib/query-keys';

/** The client's consents: one list, replaced by the answer of every withdrawal or consent. */
export const consentsKeys = createQueryKeys('consents');

/** GET /clients/consents */
export function useClientConsents() {
  return useQuery({
    queryKey: consentsKeys.list(),
    queryFn: async ({ signal }): Promise<ClientConsent[]> =>
      (await api.get('/clients/consents', { signal })).data.consents,
  });
}

type ConsentAct = 'withdraw' | 'give';

/** POST /clients/consents/{consent}/withdraw or …/give: a new record, the list as it stands now. */
export function useConsentAct(act: ConsentAct) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string): Promise<ClientConsent[]> => {
      const params = { params: { consent: code } };
      const answer =
        act === 'withdraw'
          ? await api.post('/clients/consents/:consent/withdraw', params)
          : await api.post('/clients/consents/:consent/give', params);
      return answer.data.consents;
    },
    onSuccess: (consents) => queryClient.setQueryData(consentsKeys.list(), consents),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: consentsKeys.all });
    },
  });
}
