import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@zaymo/contract';
import { usePaymentCards } from '../api/servicing';

/** null: «Другой картой» — the gateway's page; 'sbp': the СБП QR code or bank-app link. */
export type PaymentMethodChoice = number | null | 'sbp';

function defaultChoice(cards: readonly Card[] | undefined): PaymentMethodChoice {
  return cards?.find((card) => card.is_active)?.id ?? cards?.[0]?.id ?? null;
}

/** The chosen method: the active bound card until the client picks another. */
export function usePaymentMethodChoice(sbpAvailable = false) {
  const cards = usePaymentCards();
  const [picked, setPicked] = useState<PaymentMethodChoice | undefined>(undefined);
  const choice = picked === undefined ? defaultChoice(cards.data) : picked;
  const loading = cards.isPending;
  return { cards: cards.data ?? [], loading, choice, choose: setPicked, sbpAvailable };
}

type PaymentMethodPickerProps = ReturnType<typeof usePaymentMethodChoice>;

/** The bound cards and «Другой картой» as one radio group. */
export function PaymentMethodPicker(props: PaymentMethodPickerProps) {
  const { cards, loading, choice, choose, sbpAvailable } = props;
  const { t } = useTranslation('servicing');
  if (loading) return <p className="loan-servicing__hint">{t('method.loading')}</p>;
  return (
    <fieldset className="loan-servicing__choices">
      <legend>{t('method.legend')}</legend>
      {cards.map((card) => (
        <label key={card.id} className="loan-servicing__choice">
          <input
            type="radio"
            name="payment-method"
            checked={choice === card.id}
            onChange={() => choose(card.id)}
          />
          {t('method.card', { last4: card.pan_masked.slice(-4) })}
        </label>
      ))}
      <label className="loan-servicing__choice">
        <input
          type="radio"
          name="payment-method"
          checked={choice === null}
          onChange={() => choose(null)}
        />
        {t('method.otherCard')}
      </label>
      {sbpAvailable && (
        <label className="loan-servicing__choice">
          <input
            type="radio"
            name="payment-method"
            checked={choice === 'sbp'}
            onChange={() => choose('sbp')}
          />
          {t('method.sbp')}
        </label>
      )}
    </fieldset>
  );
}
