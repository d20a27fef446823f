import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { findCurrentOrder, payCallbackPaymentQuerySchema } from '@zaymo/contract';
import { PageTitle } from '@/components/ui/page-title';
import { useOrders } from '../api/orders';
import { LoadFailed, Loading } from '../components/load-failed';
import { CurrentLoan } from '../servicing/components/current-loan';
import { GatewayReturn } from '../servicing/components/gateway-return';
import { OtherLoanInsurances } from '../servicing/components/loan-insurance';
import { NoCurrentLoan } from '../servicing/components/no-current-loan';
import '../loans.css';
import '../servicing/servicing.css';

/** The gateway's query when the client comes back to /loan from the payment page. */
function useGatewayReturn(): Record<string, string> | null {
  const [search] = useSearchParams();
  return useMemo(() => {
    const params = Object.fromEntries(search.entries());
    return payCallbackPaymentQuerySchema.safeParse(params).success ? params : null;
  }, [search]);
}

/** /loan: the current loan with its actions, or the newest order's state. */
export function LoanlistScreen() {
  const { t } = useTranslation(['servicing', 'routes']);
  const orders = useOrders();
  const current = orders.data ? findCurrentOrder(orders.data) : undefined;
  const gatewayReturn = useGatewayReturn();
  return (
    <div className="loan-servicing-page">
      <PageTitle>{t('routes:loanlist')}</PageTitle>
      {gatewayReturn && <GatewayReturn query={gatewayReturn} />}
      {orders.isPending && <Loading text={t('loading')} />}
      {orders.isError && (
        <LoadFailed text={t('loadFailed')} onRetry={() => void orders.refetch()} />
      )}
      {orders.data &&
        (current ? <CurrentLoan order={current} /> : <NoCurrentLoan lastOrder={orders.data[0]} />)}
      {orders.data && <OtherLoanInsurances orders={orders.data} currentId={current?.id} />}
    </div>
  );
}
