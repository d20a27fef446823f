import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRouteObjects } from '@/app/routes';
import { registerNavigate } from '@/lib/navigation';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function renderWithQuery(ui: ReactElement, queryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return render(ui, { wrapper });
}

/** The real route table in a memory router, opened at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  registerNavigate((to, options) => void router.navigate(to, options));
  const queryClient = createTestQueryClient();
  const view = renderWithQuery(<RouterProvider router={router} />, queryClient);
  return { router, queryClient, ...view };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
}
