import { useQuery } from '@tanstack/react-query';
import type { ApiErrorCode, Card } from '@zaymo/contract';
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

/** Answers that may turn out otherwise when the same request is sent again with the same key. */
const WORTH_REPEATING: readonly ApiErrorCode[] = [
  'REQUEST_TIMEOUT',
  'PAYOUT_IN_FLIGHT',
  'TOO_MANY_REQUESTS',
];

/**
 * A failure that will not change by sending the same request again: the server understood it
 * and said no. Lost answers, 5xx, a timeout, a payout in flight and too many requests may
 * succeed with the same key.
 */
export function isDefiniteFailure(error: unknown): boolean {
  return error instanceof ApiError && error.isClientError && !WORTH_REPEATING.includes(error.code);
}

/** The card the money goes to: the active one (GET /clients/cards). */
export function usePayoutCard() {
  return useQuery({
    queryKey: cardsKeys.list(),
    queryFn: async ({ signal }): Promise<Card[]> => {
      const answer = await api.get('/clients/cards', { signal });
      return answer.data;
    },
    select: (cards) => cards.find((card) => card.is_active) ?? cards[0] ?? null,
  });
}
