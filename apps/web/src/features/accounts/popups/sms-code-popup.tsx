import { useTranslation } from 'react-i18next';
import { PopupPlaceholder } from '@/components/popup/popup-placeholder';
import type { PopupContentProps } from '@/components/popup/types';

export function SmsCodePopup(props: PopupContentProps) {
  const { t } = useTranslation('popups');
  return <PopupPlaceholder {...props} title={t('titles.smsCode')} />;
}
