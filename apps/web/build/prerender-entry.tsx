// Bundled for Node by build/prerender.ts and run in jsdom: the real app at one path, as a guest
// whose API calls are still pending (the calculator's and footer's loading states).
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRouteObjects } from '@/app/routes';
import { preloadScreen } from '@/app/screens';
import { installTranslations } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

/** The markup of `#app` once the screen of `path` and the footer that comes with it are in. */
export async function renderPage(path: string): Promise<string> {
  installTranslations();
  await preloadScreen(path);
  const container = document.createElement('div');
  document.body.append(container);
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const root = createRoot(container);
  root.render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  try {
    await until(() => container.querySelector('main h1') !== null && hasFooter(container), path);
    return container.innerHTML;
  } finally {
    root.unmount();
    router.dispose();
    queryClient.clear();
    container.remove();
  }
}

function hasFooter(container: HTMLElement): boolean {
  return container.querySelector('footer') !== null;
}

/** Build time, not a test: the screen renders within a few ticks; 20 s means it is broken. */
async function until(done: () => boolean, path: string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 20_000) throw new Error(`Пререндер ${path}: экран не появился`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
