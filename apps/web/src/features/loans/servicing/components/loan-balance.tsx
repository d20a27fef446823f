import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatMoney,
  kopecks,
  type LoanBalance as Balance,
  type Order,
  type ScheduledPayment,
} from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import { formatPskPercent } from '../../lib/format';
import { moneyOf, showMoney } from '../lib/money';

/**
 * Today's sum to repay and its parts, beside it what the due date asks if nothing is paid, and
 * the charges so far against their legal cap (353-FZ art. 10: the debt always in view).
 */
export function LoanBalance({ balance, dueDate }: { balance: Balance; dueDate: string | null }) {
  const { t } = useTranslation('servicing');
  const hasPenalty = moneyOf(balance.penalty) > 0n;
  return (
    <div className="loan-servicing__balance">
      <div className="loan-servicing__sums">
        <p className="loan-servicing__today">
          <span>{t('loan.today')}</span>
          <strong>{showMoney(balance.total)}</strong>
        </p>
        {balance.due_date_total && dueDate && (
          <p className="loan-servicing__on-due" data-testid="loan-due-date-total">
            <span>{t('loan.onDueDate', { date: formatDate(dueDate) })}</span>
            <strong>{showMoney(balance.due_date_total)}</strong>
          </p>
        )}
      </div>
      {balance.charged && balance.charges_cap && (
        <p className="loan-servicing__cap" data-testid="loan-charges-cap">
          {t('loan.charged', {
            charged: showMoney(balance.charged),
            cap: showMoney(balance.charges_cap),
          })}
        </p>
      )}
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

/** The dated payment that ends the loan, and its parts. */
export function LoanSchedule({ schedule }: { schedule: readonly ScheduledPayment[] }) {
  const { t } = useTranslation('servicing');
  const captionId = useId();
  return (
    <table className="loan-schedule" aria-labelledby={captionId}>
      <caption id={captionId}>{t('schedule.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('schedule.date')}</th>
          <th scope="col">{t('loan.principal')}</th>
          <th scope="col">{t('schedule.charges')}</th>
          <th scope="col">{t('schedule.total')}</th>
        </tr>
      </thead>
      <tbody>
        {schedule.map((payment) => (
          <tr key={payment.date}>
            <td>{formatDate(payment.date)}</td>
            <td>{showMoney(payment.principal)}</td>
            <td>{formatMoney(kopecks(moneyOf(payment.interest) + moneyOf(payment.penalty)))}</td>
            <td>{showMoney(payment.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
