import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/load-failed';
import { usePaymentResult } from '../api/loanpay';
import { refreshLoanData } from '../api/use-loan-payment';

/** Back from the gateway's payment page: the outcome (GET /pay/callbackPayment), then fresh data. */
export function GatewayReturn({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation('servicing');
  const queryClient = useQueryClient();
  const result = usePaymentResult(query);
  const status = result.data?.status;
  useEffect(() => {
    if (status && status !== 'pending') void refreshLoanData(queryClient);
  }, [status, queryClient]);
  if (result.isPending) return <Loading text={t('loanpay.checking')} />;
  if (result.isError) return null;
  const failed = result.data.status === 'declined';
  return (
    <p
      role={failed ? 'alert' : 'status'}
      className={failed ? 'loan-notice loan-notice--error' : 'loan-notice'}
    >
      {result.data.message || t(`result.${result.data.status}`)}
    </p>
  );
}
