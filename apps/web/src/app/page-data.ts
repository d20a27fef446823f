import { PAGE_DATA_ELEMENT_ID, type PageData } from '@zaymo/contract';
import { seedGuestCalculatorTariffs } from '@/features/loans/hooks/use-calculator';
import { seedCompanySettings } from '@/hooks/use-company-settings';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session';

/**
 * The public answers a prerendered page carries (contract's PageData) go into the query cache,
 * and a guest's tariffs into the calculator, before the app mounts: the parts that show them
 * render once, with them, and start no call of their own. A page without them (any
 * page built in the browser) leaves the calls to the hooks.
 */
export function seedPageData(): void {
  const embedded = readPageData();
  if (!embedded) return;
  seedCompanySettings(queryClient, embedded.settings);
  const guest = useSessionStore.getState().token === null;
  if (guest && embedded.defaultTariffs)
    seedGuestCalculatorTariffs(queryClient, embedded.defaultTariffs);
}

function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null; // the calls fetch what a damaged block would have given
  }
}
