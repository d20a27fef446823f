import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { ClientBadge } from '@/features/accounts/components/client-badge';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { BrandLink } from './brand-link';
import { LogoutButton } from './logout-button';

export function SiteHeader() {
  const token = useSessionStore((state) => state.token);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <BrandLink />
        <div className="site-header__actions">{token ? <SignedInActions /> : <GuestActions />}</div>
      </div>
    </header>
  );
}

function GuestActions() {
  const { t } = useTranslation();
  return (
    <>
      <Link className="header-link" to={ROUTES.signin.path}>
        {t('actions.signin')}
      </Link>
      <Link className="header-link header-link--accent" to={ROUTES.signup.path}>
        {t('actions.signup')}
      </Link>
    </>
  );
}

function SignedInActions() {
  const { t } = useTranslation();
  const mainPageLink = useDashboardStore((state) => state.mainPageLink);
  return (
    <>
      <ClientBadge />
      <Link className="header-link" to={mainPageLink}>
        {t('actions.cabinet')}
      </Link>
      <LogoutButton />
    </>
  );
}
