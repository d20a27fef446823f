import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '@zaymo/contract';
import { Card } from '@/components/ui/card';
import { cx } from '@/lib/class-names';
import { usePaymentMethods, type MethodKind } from '../api/payment-methods';

/** How the client can repay and receive money: which methods are on, which are not. */
export function PaymentMethods() {
  const { t } = useTranslation('cards');
  const headingId = useId();
  return (
    <Card className="methods" aria-labelledby={headingId}>
      <h2 id={headingId} className="methods__title">
        {t('methods.title')}
      </h2>
      <div className="methods__groups">
        <MethodGroup kind="payment" />
        <MethodGroup kind="payout" />
      </div>
    </Card>
  );
}

function MethodGroup({ kind }: { kind: MethodKind }) {
  const { t } = useTranslation('cards');
  const methods = usePaymentMethods(kind);
  const headingId = useId();
  return (
    <section className="methods__group" aria-labelledby={headingId} aria-busy={methods.isPending}>
      <h3 id={headingId} className="methods__group-title">
        {t(`methods.${kind}`)}
      </h3>
      {methods.isPending && <p className="methods__note">{t('methods.loading')}</p>}
      {methods.isError && <p className="methods__note">{t('methods.loadFailed')}</p>}
      {methods.data?.length === 0 && <p className="methods__note">{t('methods.none')}</p>}
      {methods.data && methods.data.length > 0 && (
        <ul className="methods__list">
          {methods.data.map((method) => (
            <MethodRow key={method.id} method={method} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MethodRow({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('cards');
  const status = t(method.enabled ? 'methods.on' : 'methods.off');
  // A reason that only repeats the status adds nothing.
  const reason = !method.enabled && method.reason !== status ? method.reason : undefined;
  return (
    <li className="methods__item">
      <span className="methods__name">{method.title}</span>
      <span className={cx('methods__status', method.enabled && 'methods__status--on')}>
        {status}
      </span>
      {reason && <span className="methods__reason">{reason}</span>}
    </li>
  );
}
