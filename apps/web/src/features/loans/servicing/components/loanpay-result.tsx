import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessageOf } from '@/lib/error-notice';
import { useSessionStore } from '@/stores/session';
import { Loading } from '../../components/load-failed';
import { storedPayToken, usePaymentResult } from '../api/loanpay';
import { showMoney } from '../lib/money';

type LoanpayResultProps = { query: Record<string, string>; onBack: () => void };

/**
 * Back from the gateway's page. A guest asks with the pay token kept before leaving; a signed-in
 * client with the session; a guest without the token cannot ask (the call would need a session).
 */
export function LoanpayResult({ query, onBack }: LoanpayResultProps) {
  const { t } = useTranslation('servicing');
  const signedIn = useSessionStore((state) => state.token !== null);
  const payToken = storedPayToken();
  if (!payToken && !signedIn)
    return (
      <div className="loan-servicing__panel">
        <p role="alert">{t('loanpay.noToken')}</p>
        <Button variant="secondary" onClick={onBack}>
          {t('loanpay.back')}
        </Button>
      </div>
    );
  return <PaymentOutcome query={query} payToken={payToken} onBack={onBack} />;
}

function PaymentOutcome({
  query,
  payToken,
  onBack,
}: LoanpayResultProps & { payToken: string | null }) {
  const { t } = useTranslation('servicing');
  const result = usePaymentResult(query, payToken);
  if (result.isPending) return <Loading text={t('loanpay.checking')} />;
  const failed = result.isError || result.data.status === 'declined';
  const message = result.isError
    ? (errorMessageOf(result.error) ?? t('result.declined'))
    : result.data.message || t(`result.${result.data.status}`);
  return (
    <div className="loan-servicing__panel">
      <p
        role={failed ? 'alert' : 'status'}
        className={failed ? 'loan-servicing__overdue' : undefined}
      >
        {message}
        {result.data && result.data.status === 'approved'
          ? ` — ${showMoney(result.data.amount)}`
          : ''}
      </p>
      <Button variant="secondary" onClick={onBack}>
        {t('loanpay.back')}
      </Button>
    </div>
  );
}
