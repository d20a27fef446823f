import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PayoutMethodRequest, type SbpPrecheck } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { sbpBanksKeys } from './keys';
import { rememberOrder } from './orders';

/** GET /sbp/banks: the СБП participants, by name. */
export function useSbpBanks(enabled: boolean) {
  return useQuery({
    queryKey: sbpBanksKeys.list(),
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }) => (await api.get('/sbp/banks', { signal })).data,
  });
}

/** POST /orders/{id}/sbp/precheck: who holds the client's phone at the chosen bank. */
export function useSbpPrecheck(orderId: number) {
  return useMutation({
    mutationFn: async (bankId: string): Promise<SbpPrecheck> =>
      (
        await api.post('/orders/:orderId/sbp/precheck', {
          params: { orderId },
          body: { bank_id: bankId },
        })
      ).data,
  });
}

/** PUT /orders/{id}/payout_method: the card, or the СБП recipient the client confirmed. */
export function useChoosePayoutMethod(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: PayoutMethodRequest) =>
      (
        await api.put('/orders/:orderId/payout_method', {
          params: { orderId },
          body: choice,
        })
      ).data.order,
    onSuccess: (order) => rememberOrder(queryClient, order),
  });
}
