import type { Staff } from '@zaymo/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRouteObjects } from '@/app/routes';
import { queryClient } from '@/lib/query-client';
import { useStaffSession } from '@/stores/staff-session';

export const ADMIN: Staff = { id: 1, login: 'admin', name: 'Анна Админова', role: 'admin' };
export const OPERATOR: Staff = { id: 2, login: 'oper', name: 'Олег Операторов', role: 'operator' };

/** The console's real route table in a memory router at `path`, signed in as `staff` if given. */
export function renderConsole(path: string, staff?: Staff) {
  if (staff)
    useStaffSession.getState().signIn(`crm_test_token_${staff.id}_0123456789abcdef`, staff);
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, ...view };
}
