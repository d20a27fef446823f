import { useTranslation } from 'react-i18next';
import type { Order, paymentHistoryItemSchema } from '@zaymo/contract';
import { formatDate } from '@zaymo/web-kit';
import type { z } from 'zod';
import { newestFirst } from '../lib/history';
import { showMoney } from '../lib/money';
import { entryKindLabel, statusLabel } from '../lib/status';

type HistoryItem = z.infer<typeof paymentHistoryItemSchema>;

/** Every order with its status, newest first. */
export function OrdersHistory({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation('servicing');
  const sorted = newestFirst(orders, (order) => order.created_at);
  return (
    <section className="loan-history" aria-labelledby="history-orders">
      <h2 id="history-orders" className="loan-history__title">
        {t('history.orders')}
      </h2>
      {sorted.length === 0 ? (
        <p>{t('history.noOrders')}</p>
      ) : (
        <ul className="loan-history__list">
          {sorted.map((order) => (
            <li key={order.id} className="loan-history__item" data-testid="history-order">
              <span className="loan-history__name">
                {order.contract_number
                  ? t('history.contract', { number: order.contract_number })
                  : t('history.order', { id: order.id })}
              </span>
              <span className="loan-history__date">{formatDate(order.created_at)}</span>
              <span className="loan-history__sum">{showMoney(order.amount)}</span>
              <span className={`loan-history__status loan-history__status--${order.status_id}`}>
                {statusLabel(order.status_id)}
              </span>
              {order.insurance && (
                <span className="loan-history__note">
                  {t('history.insurance', { premium: showMoney(order.insurance.premium) })}
                  {order.insurance.refusal &&
                    ` · ${t('history.insuranceRefused', {
                      date: formatDate(order.insurance.refusal.applied_on),
                    })}`}
                </span>
              )}
              {order.closure_reported_on && (
                <span className="loan-history__note">
                  {t('history.closureReported', { date: formatDate(order.closure_reported_on) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** «12.01.2027» for a movement; «12.01.2027 – 21.01.2027» for charges summed over days. */
function periodText(item: HistoryItem): string {
  const end = formatDate(item.date);
  if (!item.period_start || item.period_start === item.date) return end;
  return `${formatDate(item.period_start)} – ${end}`;
}

/** Every payment, and the charges summed per period, newest first. */
export function PaymentsHistory({ payments }: { payments: readonly HistoryItem[] }) {
  const { t } = useTranslation('servicing');
  // The server lists a day's charges before the movement that closed their period: a stable
  // sort by date alone keeps that order.
  const sorted = [...payments].sort((a, b) => b.date.localeCompare(a.date));
  return (
    <section className="loan-history" aria-labelledby="history-payments">
      <h2 id="history-payments" className="loan-history__title">
        {t('history.payments')}
      </h2>
      {sorted.length === 0 ? (
        <p>{t('history.noPayments')}</p>
      ) : (
        <ul className="loan-history__list">
          {sorted.map((item) => (
            <li key={item.id} className="loan-history__item" data-testid="history-payment">
              <span className="loan-history__name">{entryKindLabel(item.kind)}</span>
              <span className="loan-history__date">{periodText(item)}</span>
              <span className="loan-history__sum">{showMoney(item.amount)}</span>
              <span className="loan-history__status">
                {item.contract_number
                  ? t('history.contract', { number: item.contract_number })
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
