import { useQuery } from '@tanstack/react-query';
import { type PaymentMethod } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { paymentMethodKeys } from './keys';

export type MethodKind = 'payment' | 'payout';

async function fetchMethods(kind: MethodKind, signal: AbortSignal): Promise<PaymentMethod[]> {
  const answer = await api.get(`/payment_system/${kind}`, { signal });
  return answer.data;
}

/**
 * GET /payment_system/payment or /payout; the enabled ones are spec §3's active payment and
 * payout methods.
 */
export function usePaymentMethods(kind: MethodKind) {
  return useQuery({
    queryKey: paymentMethodKeys.detail(kind),
    queryFn: ({ signal }) => fetchMethods(kind, signal),
    staleTime: 5 * 60_000,
  });
}
