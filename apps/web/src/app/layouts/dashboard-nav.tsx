import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ROUTES, type RouteName } from '@/config/paths';
import { cx } from '@/lib/class-names';
import { useDashboardStore } from '@/stores/dashboard';

export const DASHBOARD_NAV_ID = 'dashboard-nav';

const NAV_ITEMS = [
  'loanlist',
  'cards',
  'history',
  'person',
  'documents',
  'consents',
  'files',
  'tickets',
] as const satisfies readonly RouteName[];

export function DashboardNav() {
  const { t } = useTranslation('layout');
  const showMenu = useDashboardStore((state) => state.showMenu);
  useCloseMenuOnNavigation();
  return (
    <nav
      id={DASHBOARD_NAV_ID}
      className={cx('dashboard-nav', showMenu && 'dashboard-nav--open')}
      aria-label={t('nav.label')}
    >
      <ul className="dashboard-nav__list">
        {NAV_ITEMS.map((name) => (
          <li key={name}>
            <NavLink className="dashboard-nav__link" to={ROUTES[name].path}>
              {t(`nav.${name}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function useCloseMenuOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => useDashboardStore.getState().setShowMenu(false), [pathname]);
}
