import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type PaymentMethod } from '@zaymo/contract';
import { api } from '@/lib/api-client';
import { useDashboardStore, type DashboardState } from '@/stores/dashboard';
import { paymentMethodKeys } from './keys';

export type MethodKind = 'payment' | 'payout';

/** Spec §3 keeps the methods that are on in the dashboard state under these names. */
const STORE_FIELD: Record<MethodKind, keyof DashboardState> = {
  payment: 'activePaymentMethods',
  payout: 'activePayoutMethods',
};

async function fetchMethods(kind: MethodKind, signal: AbortSignal): Promise<PaymentMethod[]> {
  const answer = await api.get(`/payment_system/${kind}`, { signal });
  return answer.data;
}

/** GET /payment_system/payment or /payout; the enabled ones also go to the dashboard store. */
export function usePaymentMethods(kind: MethodKind) {
  const query = useQuery({
    queryKey: paymentMethodKeys.detail(kind),
    queryFn: ({ signal }) => fetchMethods(kind, signal),
    staleTime: 5 * 60_000,
  });
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const active = data.filter((method) => method.enabled);
    useDashboardStore.getState().update({ [STORE_FIELD[kind]]: active });
  }, [data, kind]);
  return query;
}
