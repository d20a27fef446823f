import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@/config/paths';
import { useSessionStore } from '@/stores/session';

/**
 * A sign-in link or a return from Госуслуги that did not work: why, and the way on — to sign in,
 * or back to the profile for a client who was linking Госуслуги or proving it is them.
 */
export function FailedNotice({ message }: { message: string | null }) {
  const { t } = useTranslation('accounts');
  const signedIn = useSessionStore((state) => state.token !== null);
  return (
    <div className="accounts-notice" role="alert">
      <p>{message || t('social.failed')}</p>
      <p>
        {signedIn ? (
          <Link to={ROUTES.person.path}>{t('social.toProfile')}</Link>
        ) : (
          <Link to={ROUTES.signin.path}>{t('social.toSignin')}</Link>
        )}
      </p>
    </div>
  );
}
