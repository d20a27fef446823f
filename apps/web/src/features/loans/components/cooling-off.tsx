import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@zaymo/contract';
import { formatDateTime } from '@zaymo/web-kit';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useCancelLoan } from '../api/orders';

/**
 * A signed loan in its cooling-off (353-FZ art. 7 part 9.3): when the money comes, by the
 * server's clock in Moscow time, and the refusal the law allows until then (asked twice, since
 * it cannot be undone).
 */
export function CoolingOff({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelLoan();
  const refuse = () =>
    cancel.mutate(order.id, {
      onSuccess: () => notify({ message: t('coolingOff.cancelled'), type: 'success' }),
    });
  const time = formatDateTime(order.cooling_off_until ?? '');
  return (
    <section
      className="loan-notice loan-notice--info loan-cooling-off"
      aria-labelledby="cooling-off"
    >
      <h2 className="loan-notice__title" id="cooling-off">
        {t('coolingOff.title', { time })}
      </h2>
      <p>{t('coolingOff.text')}</p>
      {cancel.isError && <p role="alert">{errorMessageOf(cancel.error)}</p>}
      {confirming ? (
        <>
          <p>{t('coolingOff.confirmText')}</p>
          <div className="loan-actions">
            <Button variant="secondary" onClick={refuse} loading={cancel.isPending}>
              {t('coolingOff.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('coolingOff.keep')}
            </Button>
          </div>
        </>
      ) : (
        <div className="loan-actions">
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('coolingOff.cancel')}
          </Button>
        </div>
      )}
    </section>
  );
}
