import { useTranslation } from 'react-i18next';
import type { LoanBalance as Balance, Order } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { formatPskPercent } from '../../lib/format';
import { moneyOf, showMoney } from '../lib/money';

/** Today's sum to repay and its parts. */
export function LoanBalance({ balance }: { balance: Balance }) {
  const { t } = useTranslation('servicing');
  const hasPenalty = moneyOf(balance.penalty) > 0n;
  return (
    <div className="loan-servicing__balance">
      <p className="loan-servicing__today">
        <span>{t('loan.today')}</span>
        <strong>{showMoney(balance.total)}</strong>
      </p>
      <dl className="loan-terms__list">
        <div>
          <dt>{t('loan.principal')}</dt>
          <dd>{showMoney(balance.principal)}</dd>
        </div>
        <div>
          <dt>{t('loan.interest')}</dt>
          <dd>{showMoney(balance.interest)}</dd>
        </div>
        <div className={hasPenalty ? 'loan-servicing__penalty' : undefined}>
          <dt>{t('loan.penalty')}</dt>
          <dd>{showMoney(balance.penalty)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The due date with the days left or overdue, and the ПСК. */
export function LoanDue({ order, daysToDue }: { order: Order; daysToDue: number }) {
  const { t } = useTranslation('servicing');
  const overdue = daysToDue < 0;
  return (
    <dl className="loan-terms__list">
      <div>
        <dt>{t('loan.dueDate')}</dt>
        <dd>
          {order.due_date ? formatDate(order.due_date) : '—'}{' '}
          <span className={overdue ? 'loan-servicing__overdue' : 'loan-servicing__left'}>
            {overdue
              ? t('loan.overdue', { count: -daysToDue })
              : t('loan.daysLeft', { count: daysToDue })}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('loan.psk')}</dt>
        <dd>
          {t('loan.pskValue', {
            percent: formatPskPercent(order.psk.percent),
            amount: showMoney(order.psk.amount),
          })}
        </dd>
      </div>
    </dl>
  );
}
