import { useTranslation } from 'react-i18next';
import type { Card } from '@zaymo/contract';
import { cx } from '@/lib/class-names';
import { groupedMaskedNumber, lastFour } from '../lib/card-format';

type CardFaceProps = { card: Card; titleId: string };

/** The card as a small bank card: payment system, masked number, expiry, holder, badge. */
export function CardFace({ card, titleId }: CardFaceProps) {
  const { t } = useTranslation('cards');
  const last4 = lastFour(card.pan_masked);
  return (
    <div className={cx('card-face', `card-face--${card.payment_system}`)}>
      <div className="card-face__top">
        <h3 id={titleId} className="card-face__system">
          {t(`paymentSystems.${card.payment_system}`)}
          <span className="visually-hidden"> {t('card.short', { last4 })}</span>
        </h3>
        {card.is_active && <span className="card-face__badge">{t('card.active')}</span>}
      </div>
      <p className="card-face__number">
        <span aria-hidden="true">{groupedMaskedNumber(card.pan_masked)}</span>
        <span className="visually-hidden">{t('card.numberForReader', { last4 })}</span>
      </p>
      <dl className="card-face__meta">
        <div>
          <dt>{t('card.expiry')}</dt>
          <dd>{card.expiry}</dd>
        </div>
        {card.holder && (
          <div className="card-face__holder">
            <dt>{t('card.holder')}</dt>
            <dd>{card.holder}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
