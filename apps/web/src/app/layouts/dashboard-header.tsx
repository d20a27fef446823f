import { useTranslation } from 'react-i18next';
import { ClientBadge } from '@/features/accounts/components/client-badge';
import { useDashboardStore } from '@/stores/dashboard';
import { BrandLink } from './brand-link';
import { DASHBOARD_NAV_ID } from './dashboard-nav';
import { LogoutButton } from './logout-button';

export function DashboardHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <MenuToggle />
        <BrandLink />
        <div className="site-header__actions">
          <ClientBadge />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}

/** The burger: shown below lg (1280 px) where the navigation collapses. */
function MenuToggle() {
  const { t } = useTranslation('layout');
  const showMenu = useDashboardStore((state) => state.showMenu);
  const setShowMenu = useDashboardStore((state) => state.setShowMenu);
  return (
    <button
      type="button"
      className="menu-toggle"
      aria-expanded={showMenu}
      aria-controls={DASHBOARD_NAV_ID}
      aria-label={showMenu ? t('header.closeMenu') : t('header.openMenu')}
      onClick={() => setShowMenu(!showMenu)}
    >
      <span className="menu-toggle__bars" aria-hidden="true" />
    </button>
  );
}
