import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Data did not load: say so and offer to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('identity');
  return (
    <div className="identity-load-failed" role="alert">
      <p>{t('load.failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
