import { useTranslation } from 'react-i18next';
import { cardSchema, type Card } from '@zaymo/contract';
import { Button } from '@/components/ui/button';
import type { PopupContentProps } from '@/components/popup/types';
import { useReadySignal } from '@/components/popup/use-ready-signal';
import { showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';
import { useDeleteCard } from '../api/cards';
import { CARDS_HEADING_ID } from '../components/card-list';
import { lastFour } from '../lib/card-format';
import '../cards.css';

/** «Удалить карту •••• 1111?» — opened with `openPopup('deleteCard', { card })`. */
export function DeleteCardPopup({ onReady, onClose, data, titleId }: PopupContentProps) {
  const { t } = useTranslation(['cards', 'popups']);
  useReadySignal(onReady);
  const card = cardSchema.safeParse(data.card);
  return (
    <div className="delete-card">
      <h2 id={titleId} className="popup__title">
        {t('popups:titles.deleteCard')}
      </h2>
      {card.success ? (
        <DeleteCardConfirm card={card.data} onClose={onClose} />
      ) : (
        <>
          <p className="delete-card__text">{t('deletePopup.noCard')}</p>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        </>
      )}
    </div>
  );
}

function DeleteCardConfirm({ card, onClose }: { card: Card; onClose: () => void }) {
  const { t } = useTranslation('cards');
  const deleteCard = useDeleteCard();
  const last4 = lastFour(card.pan_masked);
  const onConfirm = () =>
    deleteCard.mutate(card.id, {
      onSuccess: () => {
        notify({ message: t('notices.deleted', { last4 }), type: 'success' });
        onClose();
        // The card and its «Удалить» button are gone: focus goes to the list instead.
        setTimeout(() => document.getElementById(CARDS_HEADING_ID)?.focus(), 0);
      },
      onError: (error) => {
        showErrorNotice(error);
        onClose();
      },
    });
  return (
    <>
      <p className="delete-card__question">{t('deletePopup.question', { last4 })}</p>
      <p className="delete-card__text">{t('deletePopup.hint')}</p>
      <div className="delete-card__actions">
        <Button className="delete-card__confirm" loading={deleteCard.isPending} onClick={onConfirm}>
          {t('actions.delete')}
        </Button>
        <Button variant="secondary" disabled={deleteCard.isPending} onClick={onClose}>
          {t('actions.cancel')}
        </Button>
      </div>
    </>
  );
}
