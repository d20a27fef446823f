import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A part of the page that did not load, with a way to ask again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('loans');
  return (
    <div className="loan-notice loan-notice--error" role="alert">
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('calculator.retry')}
      </Button>
    </div>
  );
}

/** A part of the page that is loading, said in words. */
export function Loading({ text }: { text: string }) {
  return (
    <div className="loan-notice" role="status">
      <span className="ui-spinner ui-spinner--small" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
