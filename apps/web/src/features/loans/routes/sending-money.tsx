import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUS, type Order } from '@zaymo/contract';
import type { OrdersPolling } from '../api/orders';
import { ClientOnly } from '@/components/client-only';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ROUTES } from '@/config/paths';
import { errorMessageOf } from '@/lib/error-notice';
import { usePayoutCard } from '../api/payout';
import { CoolingOff } from '../components/cooling-off';
import { OrderPage } from '../components/order-page';
import { useOrderStep } from '../hooks/use-order-step';
import { PayoutMethodChoice } from '../components/payout-method';
import { usePayout, type PayoutView } from '../hooks/use-payout';
import { lastFour } from '../lib/format';

const PAYOUT_STEP = [ORDER_STATUS.SIGNED, ORDER_STATUS.FAIL_TO_GIVE] as const;
const NEXT = { [ORDER_STATUS.GIVEN]: 'afterGetAndConfirm' } as const;
export const PAYOUT_POLL_MS = 2000;

/** Once a minute during the cooling-off: the payout job sends the money when it ends. */
export const COOLING_OFF_POLL_MS = 60_000;

/** While the bank has not answered (the order is still SIGNED), ask again every 2 s. */
const pollWhileSigned: OrdersPolling = (orders) => {
  const newest = orders?.[0];
  if (newest?.status_id !== ORDER_STATUS.SIGNED) return false;
  return newest.cooling_off_running ? COOLING_OFF_POLL_MS : PAYOUT_POLL_MS;
};

/** /profile/sendingMoney: the signed order's money goes to the client's card. */
export function SendingMoneyScreen() {
  const { t } = useTranslation('loans');
  const step = useOrderStep(PAYOUT_STEP, { next: NEXT, poll: pollWhileSigned });
  return (
    <OrderPage titleKey="sendingMoney" state={step}>
      {step.order && (
        // The payout starts on opening this page: never from an operator's session.
        <ClientOnly hint={t('sending.operator')}>
          <Payout order={step.order} />
        </ClientOnly>
      )}
    </OrderPage>
  );
}

function Payout({ order }: { order: Order }) {
  return order.cooling_off_running ? <CoolingOff order={order} /> : <PayoutNow order={order} />;
}

function PayoutNow({ order }: { order: Order }) {
  const payout = usePayout(order);
  return payout.failure ? (
    <PayoutFailed payout={payout} order={order} />
  ) : (
    <PayoutSending order={order} />
  );
}

function PayoutSending({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  const card = usePayoutCard();
  const last4 = card.data ? lastFour(card.data.pan_masked) : null;
  const sbp = order.payout_method === 'sbp' ? order.payout_sbp : null;
  return (
    <div className="loan-check-order">
      <div className="loan-check-order__status" role="status">
        <Spinner decorative />
        <p>
          {sbp
            ? t('sending.statusSbp', { bank: sbp.bank_name })
            : last4
              ? t('sending.status', { last4 })
              : t('sending.statusNoCard')}
        </p>
      </div>
      <p className="loan-page__hint">{t('sending.hint')}</p>
    </div>
  );
}

function PayoutFailed({ payout, order }: { payout: PayoutView; order: Order }) {
  const { t } = useTranslation('loans');
  const reason = payout.failure?.reason ?? errorMessageOf(payout.failure?.error);
  return (
    <div className="loan-notice loan-notice--error loan-payout-failed" role="alert">
      <h2 className="loan-notice__title">{t('sending.failedTitle')}</h2>
      <p>{reason || t('sending.failedText')}</p>
      <div className="loan-actions">
        <Button onClick={payout.retry}>{t('sending.retry')}</Button>
        <Link className="ui-button ui-button--ghost" to={ROUTES.cards.path}>
          {t('sending.toCards')}
        </Link>
      </div>
      <PayoutMethodChoice order={order} />
    </div>
  );
}
