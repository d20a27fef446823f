import { formatPhone } from '@zaymo/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type CodeSentToProps = { phone: string; onChangePhone?: () => void };

/** «Код отправлен на +7 (912) 345-67-89» with a way back to correct the number. */
export function CodeSentTo({ phone, onChangePhone }: CodeSentToProps) {
  const { t } = useTranslation('accounts');
  return (
    <div className="accounts-sent-to">
      <p role="status">{t('code.sentTo', { phone: formatPhone(phone) })}</p>
      {onChangePhone && (
        <Button variant="ghost" onClick={onChangePhone}>
          {t('code.changePhone')}
        </Button>
      )}
    </div>
  );
}
