import type { RouteObject } from 'react-router';
import { ROUTE_NAMES, ROUTES, type RouteAccess } from '@/config/paths';
import { GuestsOnly, IndexHtmlRedirect, SignedInOnly } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { MainLayout } from './layouts/main-layout';
import { RootShell } from './root-shell';
import { RouteError } from './route-error';
import { SCREENS } from './screens';
import { SignedInPageChecks } from './signed-in-checks';
import type { RouteHandle } from './use-document-title';

/** The routes of one access kind, each with its screen and its name in `handle`. */
function screenRoutes(access: RouteAccess): RouteObject[] {
  return ROUTE_NAMES.filter((name) => ROUTES[name].access === access).map((name) => {
    const Screen = SCREENS[name];
    const handle: RouteHandle = { routeName: name };
    return { path: ROUTES[name].path, element: <Screen />, handle };
  });
}

/** The route tree: root shell → layouts → guards → screens (spec §2). */
export function createRouteObjects(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        { path: '/index.html', element: <IndexHtmlRedirect /> },
        {
          element: <MainLayout />,
          children: [
            ...screenRoutes('open'),
            { element: <GuestsOnly />, children: screenRoutes('guestsOnly') },
            {
              element: <SignedInOnly />,
              children: [{ element: <SignedInPageChecks />, children: screenRoutes('signedIn') }],
            },
          ],
        },
        {
          element: <SignedInOnly />,
          children: [
            {
              element: <SignedInPageChecks />,
              children: [{ element: <DashboardLayout />, children: screenRoutes('dashboard') }],
            },
          ],
        },
      ],
    },
  ];
}
