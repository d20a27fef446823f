import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { mountInTurns } from '@/components/mount-in-turn';
import { DEFAULT_BRAND } from '@/config/brand';
import { currentAddress, enterAdminModeFromAddress } from '@/lib/admin-entry';
import { installHeadManager as installHead } from '@/lib/head';
import { nextTask } from '@/lib/next-task';
import { queryClient } from '@/lib/query-client';
import { restoreCalculatorState } from '@/stores/calculator';
import { useSessionStore } from '@/stores/session';
import { AppProvider } from './provider';
import { seedPageData } from './page-data';
import type { AppRouter } from './router';
import { preloadScreen } from './screens';

export { installRouter } from './router';
export { installTranslations } from '@/lib/i18n';
export { installInputMask } from '@/lib/input-mask';
export { nextTask } from '@/lib/next-task';

export type App = {
  queryClient: QueryClient;
  mount: (router: AppRouter, selector: string) => void;
};

/** Start-up step 1: the app object (server-state cache and how it mounts). */
export function createApp(): App {
  return {
    queryClient,
    mount: (router, selector) => {
      const container = document.querySelector(selector);
      if (!container) throw new Error(`Нет элемента ${selector} для приложения`);
      const render = () =>
        createRoot(container).render(
          <AppProvider queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProvider>,
        );
      seedPageData();
      // A prerendered page (/, /signin) shows its markup until its screen's chunk is here; the
      // app then renders over that markup (build/preact-client.ts keeps the matching elements)
      // in tasks of its own (components/mount-in-turn.tsx), not at the end of the scripts'
      // evaluation in one long task.
      if (container.hasChildNodes())
        void preloadScreen(window.location.pathname)
          .then(nextTask, nextTask)
          .then(() => mountInTurns(render));
      else render();
    },
  };
}

/** Start-up step 2: document.title becomes «<screen> — <brand>». */
export function installHeadManager(): void {
  installHead(DEFAULT_BRAND);
}

/**
 * Start-up step 3: the zustand stores get their saved state (the calculator's choice; the
 * store saves every change itself).
 */
export function installStateStore(): void {
  restoreCalculatorState();
}

/**
 * Start-up step 5: the saved token, or an operator's token from the address (admin mode).
 * The router already read the address, so it is told about the cleaned one.
 */
export function restoreSavedToken(router: AppRouter): void {
  useSessionStore.getState().restore();
  if (enterAdminModeFromAddress()) void router.navigate(currentAddress(), { replace: true });
}
