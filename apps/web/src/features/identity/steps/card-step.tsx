import { useTranslation } from 'react-i18next';
import { ClientOnly } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { showErrorNotice } from '@/lib/error-notice';
import { useBindCard } from '../api/pay-link';

/** Step 6: off to the bank's page to bind a card; the payCallback screen brings the client back. */
export function CardStep({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('identity');
  const bind = useBindCard();
  return (
    <div className="identity-form">
      <p className="identity-lead">{t('card.lead')}</p>
      <p className="identity-note">{t('card.secure')}</p>
      <div className="identity-form__actions">
        <Button variant="secondary" onClick={onBack} disabled={bind.isPending}>
          {t('actions.back')}
        </Button>
        <ClientOnly hint={t('card.operator')}>
          <Button
            loading={bind.isPending || bind.isSuccess}
            onClick={() => bind.mutate(undefined, { onError: (error) => showErrorNotice(error) })}
          >
            {t('card.bind')}
          </Button>
        </ClientOnly>
      </div>
    </div>
  );
}
