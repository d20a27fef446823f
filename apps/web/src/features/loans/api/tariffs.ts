import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_STATUS, type TariffsResponse } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { api } from '@/lib/api-client';
import { takePageAnswer } from '@/lib/page-data';
import { tariffsKeys } from './keys';
import { useOrders } from './orders';

export type TariffKind = 'default' | 'repeat';
export type TariffsAnswer = TariffsResponse['data'];

/**
 * Guests and new clients get the default tariff; a client with a repaid order the repeat one.
 * Null while the orders are still loading; a failed orders call falls back to the default.
 */
export function useTariffKind(): TariffKind | null {
  const signedIn = useSessionStore((state) => state.token !== null);
  const orders = useOrders({ enabled: signedIn });
  if (!signedIn || orders.isError) return 'default';
  if (!orders.data) return null;
  const repaid = orders.data.some((order) => order.status_id === ORDER_STATUS.REPAID);
  return repaid ? 'repeat' : 'default';
}

/** GET /tariff/default or /tariff/repeat: tariffs and the opt-in insurances. */
export function tariffsQuery(kind: TariffKind | null) {
  return queryOptions({
    queryKey: tariffsKeys.detail(kind ?? 'unknown'),
    enabled: kind !== null,
    staleTime: 5 * 60_000,
    // The signal is read for the call only (see fetchCompanySettings).
    queryFn: async (context) => {
      const answer =
        (kind === 'default' ? guestPageTariffs() : undefined) ??
        (await api.get(kind === 'repeat' ? '/tariff/repeat' : '/tariff/default', {
          signal: context.signal,
        }));
      return answer.data;
    },
  });
}

/** The default tariffs of the home page's data block, for a guest's calculator. */
function guestPageTariffs(): TariffsResponse | undefined {
  return useSessionStore.getState().token === null ? takePageAnswer('defaultTariffs') : undefined;
}

export function useTariffs(kind: TariffKind | null) {
  return useQuery(tariffsQuery(kind));
}
