// Bundled for Node by build/prerender.ts: the real app at one path, rendered by React's static
// renderer as a guest whose API calls are still pending (the calculator's and footer's loading
// states). The browser hydrates this markup (app/start-up.tsx), so it is what React renders there:
// the same tree, Suspense boundaries marked, the lazy screen in.
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRouteObjects } from '@/app/routes';
import { installTranslations } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

/** The markup of `#app` at `path`, once every lazy part of it is in. */
export async function renderPage(path: string): Promise<string> {
  installTranslations();
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  try {
    const { prelude } = await prerender(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return await new Response(prelude).text();
  } finally {
    router.dispose();
    queryClient.clear();
  }
}
