import { useQuery } from '@tanstack/react-query';
import { cardsResponseSchema, type Card } from '@zaymo/contract';
import { api, ApiError } from '@/lib/api-client';
import { cardsKeys, payoutKeys } from './keys';
import { requestPayout } from './orders';

/** The payout POST, once per order and key (a query, so re-renders never send it twice). */
export function usePayoutRequest(orderId: number, key: string | null) {
  return useQuery({
    queryKey: payoutKeys.detail(`${orderId}:${key ?? 'none'}`),
    enabled: key !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: () => requestPayout(orderId, key ?? ''),
  });
}

/**
 * A failure that will not change by sending the same request again: the server understood it
 * and said no. Lost answers, 5xx, 408, 409 (in progress) and 429 may succeed with the same key.
 */
export function isDefiniteFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status >= 400 && error.status < 500 && ![408, 409, 425, 429].includes(error.status);
}

/** The card the money goes to: the active one (GET /clients/cards). */
export function usePayoutCard() {
  return useQuery({
    queryKey: cardsKeys.list(),
    queryFn: async ({ signal }): Promise<Card[]> => {
      const answer = await api.get('/clients/cards', { schema: cardsResponseSchema, signal });
      return answer.data;
    },
    select: (cards) => cards.find((card) => card.is_active) ?? cards[0] ?? null,
  });
}
