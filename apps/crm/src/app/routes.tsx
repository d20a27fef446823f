import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { Loading } from '@/components/ui';
import { ROUTES } from '@/config/paths';
import { GuestsOnly, RequireRole, RequireStaff } from './guards';
import { ConsoleLayout } from './layout';
import { NotFoundScreen } from './not-found-screen';
import { RouteError } from './route-error';

/** Each screen is its own chunk: the sign-in page loads none of the signed-in ones. */
function screen(load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

export function createRouteObjects(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      // What a direct load shows while the router loads the address's lazy screen.
      hydrateFallbackElement: <Loading />,
      children: [
        {
          path: ROUTES.signin.path,
          element: <GuestsOnly />,
          children: [
            {
              index: true,
              lazy: screen(() =>
                import('@/features/auth/routes/signin-screen').then((m) => ({
                  default: m.SigninScreen,
                })),
              ),
            },
          ],
        },
        {
          element: <RequireStaff />,
          children: [
            {
              element: <ConsoleLayout />,
              children: [
                { index: true, element: <Navigate to={ROUTES.clients.path} replace /> },
                {
                  path: ROUTES.clients.path,
                  lazy: screen(() =>
                    import('@/features/clients/routes/clients-screen').then((m) => ({
                      default: m.ClientsScreen,
                    })),
                  ),
                },
                {
                  path: ROUTES.client.path,
                  lazy: screen(() =>
                    import('@/features/clients/routes/client-screen').then((m) => ({
                      default: m.ClientScreen,
                    })),
                  ),
                },
                {
                  path: ROUTES.tickets.path,
                  lazy: screen(() =>
                    import('@/features/tickets/routes/tickets-screen').then((m) => ({
                      default: m.TicketsScreen,
                    })),
                  ),
                },
                {
                  path: ROUTES.ticket.path,
                  lazy: screen(() =>
                    import('@/features/tickets/routes/ticket-screen').then((m) => ({
                      default: m.TicketScreen,
                    })),
                  ),
                },
                {
                  element: <RequireRole role={ROUTES.collections.role} />,
                  children: [
                    {
                      path: ROUTES.collections.path,
                      lazy: screen(() =>
                        import('@/features/collections/routes/collections-screen').then((m) => ({
                          default: m.CollectionsScreen,
                        })),
                      ),
                    },
                    {
                      path: ROUTES.collection.path,
                      lazy: screen(() =>
                        import('@/features/collections/routes/collection-loan-screen').then(
                          (m) => ({ default: m.CollectionLoanScreen }),
                        ),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.waivers.role} />,
                  children: [
                    {
                      path: ROUTES.waivers.path,
                      lazy: screen(() =>
                        import('@/features/collections/routes/waivers-screen').then((m) => ({
                          default: m.WaiversScreen,
                        })),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.review.role} />,
                  children: [
                    {
                      path: ROUTES.review.path,
                      lazy: screen(() =>
                        import('@/features/review/routes/review-screen').then((m) => ({
                          default: m.ReviewScreen,
                        })),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.creditHolidays.role} />,
                  children: [
                    {
                      path: ROUTES.creditHolidays.path,
                      lazy: screen(() =>
                        import('@/features/credit-holidays/routes/credit-holidays-screen').then(
                          (m) => ({ default: m.CreditHolidaysScreen }),
                        ),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.bureau.role} />,
                  children: [
                    {
                      path: ROUTES.bureau.path,
                      lazy: screen(() =>
                        import('@/features/bureau/routes/bureau-screen').then((m) => ({
                          default: m.BureauScreen,
                        })),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.audit.role} />,
                  children: [
                    {
                      path: ROUTES.audit.path,
                      lazy: screen(() =>
                        import('@/features/audit/routes/audit-screen').then((m) => ({
                          default: m.AuditScreen,
                        })),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.staff.role} />,
                  children: [
                    {
                      path: ROUTES.staff.path,
                      lazy: screen(() =>
                        import('@/features/staff/routes/staff-screen').then((m) => ({
                          default: m.StaffScreen,
                        })),
                      ),
                    },
                  ],
                },
                {
                  element: <RequireRole role={ROUTES.settings.role} />,
                  children: [
                    {
                      path: ROUTES.settings.path,
                      lazy: screen(() =>
                        import('@/features/settings/routes/settings-screen').then((m) => ({
                          default: m.SettingsScreen,
                        })),
                      ),
                    },
                  ],
                },
                { path: '*', element: <NotFoundScreen /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
