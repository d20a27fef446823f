import type { EndpointAnswer } from '@zaymo/contract';
import { ROUTES } from '@/config/paths';
import { useDashboardStore } from '@/stores/dashboard';
import { api } from './api-client';
import { navigateTo } from './navigation';

/** GET /clients/moratorium's answer (spec §3's dashboard moratorium). */
export type Moratorium = EndpointAnswer<'/clients/moratorium', 'GET'>['data']['data'];

/** GET /clients/moratorium: whether the client may apply now, and until when they may not. */
export async function fetchMoratorium(signal?: AbortSignal): Promise<Moratorium> {
  const answer = await api.get('/clients/moratorium', { ...(signal ? { signal } : {}) });
  return answer.data.data;
}

/**
 * Spec §4, on opening loanlist: a status that is not true makes the decline page the main page
 * and sends the client there; otherwise the main page is the loan list. Returns the cleanup for
 * the next navigation. A failed check is ignored and the loan list stays open.
 */
export function startMoratoriumCheck(): () => void {
  const controller = new AbortController();
  fetchMoratorium(controller.signal)
    .then((moratorium) => {
      if (controller.signal.aborted) return;
      const dashboard = useDashboardStore.getState();
      if (moratorium.status === true) {
        dashboard.setMainPageLink(ROUTES.loanlist.path);
        return;
      }
      dashboard.setMainPageLink(ROUTES.declineOrder.path);
      navigateTo(ROUTES.declineOrder.path, { replace: true });
    })
    .catch(() => undefined);
  return () => controller.abort();
}
