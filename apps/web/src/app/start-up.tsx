import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_BRAND } from '@/config/brand';
import { currentAddress, enterAdminModeFromAddress } from '@/lib/admin-entry';
import { installHeadManager as installHead } from '@/lib/head';
import { queryClient } from '@/lib/query-client';
import { restoreCalculatorState } from '@/stores/calculator';
import { useSessionStore } from '@/stores/session';
import { AppProvider } from './provider';
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
      const app = (
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      );
      if (!container.hasChildNodes()) {
        createRoot(container).render(app);
        return;
      }
      // A prerendered page (/, /signin): React hydrates its markup, each part in a Suspense
      // boundary in a task of its own, the one a person touches first. The screen's chunk is
      // loaded first: a boundary still waiting for it when an update reaches it (the restored
      // session, a query's answer) would be rendered anew, its markup replaced by a spinner.
      // A chunk that failed to load is asked for again by the screen itself.
      const hydrate = () => void hydrateRoot(container, app);
      void preloadScreen(window.location.pathname).then(hydrate, hydrate);
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
