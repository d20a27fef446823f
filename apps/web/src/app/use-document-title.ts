import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ROUTES, type RouteName } from '@/config/paths';
import { useBrand } from '@/hooks/use-company-settings';
import { setBrandName, setPageTitle } from '@/lib/head';

export type RouteHandle = { routeName: RouteName };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'routeName' in handle;
}

/** The deepest matched route that names a screen. */
export function useCurrentRouteName(): RouteName | null {
  const matches = useMatches();
  const handles = matches.map((match) => match.handle).filter(isRouteHandle);
  return handles.at(-1)?.routeName ?? null;
}

/** document.title follows the route: «Вход — Займо» (spec §4 head manager). */
export function useDocumentTitle(): void {
  const { t } = useTranslation('routes');
  const routeName = useCurrentRouteName();
  const brand = useBrand();
  const pageTitle = routeName ? t(ROUTES[routeName].titleKey) : null;
  useEffect(() => setBrandName(brand), [brand]);
  useEffect(() => setPageTitle(pageTitle), [pageTitle]);
}
