import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, kopecks, ORDER_STATUS, parseMoney, type Order } from '@zaymo/contract';
import { ROUTES } from '@/config/paths';
import { usePayoutCard } from '../api/payout';
import { formatDueDate } from '../components/order-terms';
import { OrderPage } from '../components/order-page';
import { useOrderStep } from '../hooks/use-order-step';
import { lastFour } from '../lib/format';

const GIVEN = [ORDER_STATUS.GIVEN] as const;

function money(text: string): string {
  return formatMoney(parseMoney(text) ?? kopecks(0n));
}

/** /profile/congrats: the money is on its way; the sum, the due date, the way to the loan. */
export function AfterGetAndConfirmScreen() {
  const step = useOrderStep(GIVEN);
  return (
    <OrderPage titleKey="afterGetAndConfirm" state={step}>
      {step.order && <Congrats order={step.order} />}
    </OrderPage>
  );
}

function Congrats({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  // The card the money went to, as the server recorded the payout; the main card only before.
  const mainCard = usePayoutCard();
  const pan = order.payout_card?.pan_masked ?? mainCard.data?.pan_masked;
  const last4 = pan ? lastFour(pan) : null;
  return (
    <div className="loan-congrats">
      <span className="loan-congrats__mark" aria-hidden="true">
        ✓
      </span>
      <p className="loan-page__lead">
        {order.payout_method === 'sbp' && order.payout_sbp
          ? t('congrats.leadSbp', { bank: order.payout_sbp.bank_name })
          : last4
            ? t('congrats.leadCard', { last4 })
            : t('congrats.lead')}
      </p>
      <p className="loan-page__hint">{t('congrats.hint')}</p>
      <dl className="loan-terms__list">
        <div>
          <dt>{t('congrats.sum')}</dt>
          <dd>{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('congrats.returnSum')}</dt>
          <dd>{money(order.return_sum)}</dd>
        </div>
        <div>
          <dt>{t('congrats.dueDate')}</dt>
          <dd>{formatDueDate(order)}</dd>
        </div>
      </dl>
      <Link className="ui-button ui-button--primary" to={ROUTES.loanlist.path}>
        {t('congrats.toLoans')}
      </Link>
    </div>
  );
}
