import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A block that could not load, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="accounts-notice" role="alert">
      <p>{t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
