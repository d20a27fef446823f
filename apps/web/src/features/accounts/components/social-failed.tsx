import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';

/** A sign-in link or a return from Госуслуги that did not work: why, and the way to sign in. */
export function FailedNotice({ message }: { message: string | null }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="accounts-notice" role="alert">
      <p>{message || t('social.failed')}</p>
      <p>
        <Link to={ROUTES.signin.path}>{t('social.toSignin')}</Link>
      </p>
    </div>
  );
}
