import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@zaymo/contract';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useAutopayCard } from '../api/cards';
import { lastFour } from '../lib/card-format';

type AutopaySwitchProps = { card: Card; describedBy: string };

/** A real checkbox with role=switch; it shows the asked-for state while the call runs. */
export function AutopaySwitch({ card, describedBy }: AutopaySwitchProps) {
  const { t } = useTranslation('cards');
  const id = useId();
  const autopay = useAutopayCard();
  const checked = autopay.isPending ? autopay.variables.enabled : card.is_autopay;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    // aria-disabled rather than disabled while busy: a disabled control drops keyboard focus.
    if (autopay.isPending) return;
    const enabled = event.target.checked;
    const last4 = lastFour(card.pan_masked);
    autopay.mutate(
      { cardId: card.id, enabled },
      {
        onSuccess: () =>
          notify({
            message: t(enabled ? 'notices.autopayOn' : 'notices.autopayOff', { last4 }),
            type: 'success',
          }),
        onError: (error) => showErrorNotice(error),
      },
    );
  };

  return (
    <div className="autopay">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="autopay__input"
        checked={checked}
        onChange={onChange}
        aria-disabled={autopay.isPending || undefined}
        aria-busy={autopay.isPending || undefined}
        aria-describedby={`${describedBy} ${id}-hint`}
      />
      <label htmlFor={id} className="autopay__label">
        {t('autopay.label')}
      </label>
      <p id={`${id}-hint`} className="autopay__hint">
        {t('autopay.hint')}
      </p>
    </div>
  );
}
