import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PlaceholderScreen } from '@/components/ui/placeholder-screen';
import { openPopup } from '@/stores/popups';
import { notify } from '@/stores/notifications';
import { CrmDemo } from '../components/crm-demo';
import { Outbox } from '../components/outbox';
import { SandboxBureau } from '../components/sandbox-bureau';
import { ServerClock } from '../components/server-clock';
import './dev-test.css';

/** A name no popup has: shows the unknown-popup path (warning, popup closed). */
const UNKNOWN_POPUP_NAME = 'unknownPopup';

export function DevTestScreen() {
  const { t } = useTranslation('devtools');
  return (
    <PlaceholderScreen titleKey="devTest" text={t('intro')}>
      <div className="dev-test__actions">
        <Button onClick={() => notify({ message: t('noticeMessage'), type: 'success' })}>
          {t('showNotice')}
        </Button>
        <Button onClick={() => notify({ message: t('errorMessage'), type: 'error' })}>
          {t('showError')}
        </Button>
        <Button variant="secondary" onClick={() => openPopup('documents')}>
          {t('openPopup')}
        </Button>
        <Button variant="secondary" onClick={() => openPopup(UNKNOWN_POPUP_NAME)}>
          {t('openUnknownPopup')}
        </Button>
      </div>
      <ServerClock />
      <CrmDemo />
      <SandboxBureau />
      <Outbox />
    </PlaceholderScreen>
  );
}
