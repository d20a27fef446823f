import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import { ROUTES } from '@/config/paths';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <PlaceholderScreen titleKey="notFound" text={t('notFound.text')}>
      <p>
        <Link to={ROUTES.home.path}>{t('actions.toHome')}</Link>
      </p>
    </PlaceholderScreen>
  );
}
