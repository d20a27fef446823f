import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PopupContentProps } from './types';
import { useReadySignal } from './use-ready-signal';

type PopupPlaceholderProps = PopupContentProps & { title: string };

/** The body of a popup whose capability is not built yet. */
export function PopupPlaceholder({ title, titleId, onReady, onClose }: PopupPlaceholderProps) {
  const { t } = useTranslation(['common', 'popups']);
  useReadySignal(onReady);
  return (
    <div className="popup-placeholder">
      <h2 id={titleId} className="popup__title">
        {title}
      </h2>
      <p className="popup-placeholder__text">{t('popups:preparing')}</p>
      <Button variant="secondary" onClick={onClose}>
        {t('actions.close')}
      </Button>
    </div>
  );
}
