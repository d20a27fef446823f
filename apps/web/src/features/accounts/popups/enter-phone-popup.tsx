import { formatPhone } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import type { PopupContentProps } from '@/components/popup/types';
import { notify } from '@/stores/notifications';
import { LoadError } from '../components/load-error';
import { PhoneChangeFlow } from '../components/phone-change-flow';
import { PopupNotice } from '../components/popup-notice';
import { usePopupClient } from '../hooks/use-popup-client';
import '../accounts.css';

/** A new phone number → a code to it → confirmed: the client's phone is changed. */
export function EnterPhonePopup({ onReady, onClose, titleId }: PopupContentProps) {
  const { t } = useTranslation(['popups', 'accounts']);
  const { signedIn, client } = usePopupClient(onReady);
  const onDone = (phone: string) => {
    notify({
      message: t('accounts:phone.changed', { phone: formatPhone(phone) }),
      type: 'success',
    });
    onClose();
  };
  return (
    <div className="accounts-popup">
      <h2 id={titleId} className="popup__title">
        {t('popups:titles.enterPhone')}
      </h2>
      {!signedIn && <PopupNotice onClose={onClose}>{t('accounts:popup.signInFirst')}</PopupNotice>}
      {client.isError && <LoadError onRetry={() => void client.refetch()} />}
      {client.data && (
        <>
          <p className="accounts-lead">
            {t('accounts:phone.current', { phone: formatPhone(client.data.phone) })}
          </p>
          <PhoneChangeFlow
            client={client.data}
            prefill="empty"
            phoneLabel={t('accounts:fields.newPhone')}
            onDone={onDone}
          />
        </>
      )}
    </div>
  );
}
