import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { useOrders } from '../api/orders';
import { latestOrder, screenOfOrder } from '../lib/order-flow';

const ORDER_STEPS = new Set(['profileCheckOrder', 'confirmOrder', 'sendingMoney']);

/** A signed-in client with an unfinished order is offered to go on with it. */
export function OrderInProgress() {
  const { t } = useTranslation('loans');
  const signedIn = useSessionStore((state) => state.token !== null);
  const orders = useOrders({ enabled: signedIn });
  const screen = screenOfOrder(latestOrder(orders.data));
  if (!signedIn || !orders.data || !ORDER_STEPS.has(screen)) return null;
  return (
    <div className="loan-notice loan-notice--info" role="status">
      <p>{t('inProgress.text')}</p>
      <Link className="ui-button ui-button--primary" to={ROUTES[screen].path}>
        {t('inProgress.continue')}
      </Link>
    </div>
  );
}
