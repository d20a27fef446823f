import { useTranslation } from 'react-i18next';
import type { Order, paymentHistoryItemSchema } from '@zaymo/contract';
import { formatDate } from '@/lib/date-time';
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every payment and charge, newest first. */
export function PaymentsHistory({ payments }: { payments: readonly HistoryItem[] }) {
  const { t } = useTranslation('servicing');
  const sorted = newestFirst(payments, (item) => item.date);
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
              <span className="loan-history__date">{formatDate(item.date)}</span>
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
