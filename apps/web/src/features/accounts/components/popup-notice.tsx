import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A popup's message instead of its form (no session, a stale request…) with «Закрыть». */
export function PopupNotice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="accounts-popup__notice">
      <p role="alert">{children}</p>
      <Button variant="secondary" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </div>
  );
}
