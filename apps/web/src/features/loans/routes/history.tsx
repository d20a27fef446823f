import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { LoadFailed, Loading } from '../components/load-failed';
import { useHistory } from '../servicing/api/servicing';
import { OrdersHistory, PaymentsHistory } from '../servicing/components/history-lists';
import '../loans.css';
import '../servicing/servicing.css';

/** /history: all orders with their statuses and all payments, newest first. */
export function HistoryScreen() {
  const { t } = useTranslation(['servicing', 'routes']);
  const history = useHistory();
  return (
    <Card className="loan-servicing-page">
      <PageTitle>{t('routes:history')}</PageTitle>
      {history.isPending && <Loading text={t('history.loading')} />}
      {history.isError && (
        <LoadFailed text={t('history.failed')} onRetry={() => void history.refetch()} />
      )}
      {history.data && (
        <>
          <OrdersHistory orders={history.data.orders} />
          <PaymentsHistory payments={history.data.payments} />
        </>
      )}
    </Card>
  );
}
