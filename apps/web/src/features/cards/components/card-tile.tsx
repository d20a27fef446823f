import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/class-names';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { openPopup } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { useActivateCard } from '../api/cards';
import { lastFour } from '../lib/card-format';
import { AutopaySwitch } from './autopay-switch';
import { CardFace } from './card-face';

/** One bound card with its actions: autopay, make active, delete (none for a CRM operator). */
export function CardTile({ card }: { card: Card }) {
  const { t } = useTranslation('cards');
  const titleId = useId();
  const tileRef = useRef<HTMLElement>(null);
  const admin = useSessionStore((state) => state.admin);
  if (admin) {
    return (
      <article
        className={cx('card-tile', card.is_active && 'card-tile--active')}
        aria-labelledby={titleId}
      >
        <CardFace card={card} titleId={titleId} />
        <p className="card-tile__hint">
          {card.is_active ? t('card.activeHint') : null} {t('card.operatorHint')}
        </p>
      </article>
    );
  }
  return (
    <article
      ref={tileRef}
      tabIndex={-1}
      className={cx('card-tile', card.is_active && 'card-tile--active')}
      aria-labelledby={titleId}
    >
      <CardFace card={card} titleId={titleId} />
      <div className="card-tile__actions">
        <AutopaySwitch card={card} describedBy={titleId} />
        {card.is_active ? (
          <p className="card-tile__hint">{t('card.activeHint')}</p>
        ) : (
          <MakeActiveButton
            card={card}
            describedBy={titleId}
            onDone={() => tileRef.current?.focus()}
          />
        )}
        <Button
          variant="ghost"
          className="card-tile__delete"
          aria-describedby={titleId}
          onClick={() => openPopup('deleteCard', { small: true, card })}
        >
          {t('actions.delete')}
        </Button>
      </div>
    </article>
  );
}

type MakeActiveButtonProps = { card: Card; describedBy: string; onDone: () => void };

function MakeActiveButton({ card, describedBy, onDone }: MakeActiveButtonProps) {
  const { t } = useTranslation('cards');
  const activate = useActivateCard();
  const onClick = () =>
    activate.mutate(card.id, {
      onSuccess: () => {
        notify({
          message: t('notices.activated', { last4: lastFour(card.pan_masked) }),
          type: 'success',
        });
        // The button goes away with the change: keep focus on this card.
        onDone();
      },
      onError: (error) => showErrorNotice(error),
    });
  return (
    <Button
      variant="secondary"
      loading={activate.isPending}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {t('actions.makeActive')}
    </Button>
  );
}
