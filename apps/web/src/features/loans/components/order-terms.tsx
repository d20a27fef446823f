import { useTranslation } from 'react-i18next';
import { formatMoney, parseMoney, kopecks, type Order } from '@zaymo/contract';
import { formatPeriod } from '@/lib/i18n';
import { formatDate } from '@zaymo/web-kit';
import { formatPskPercent } from '../lib/format';

function money(text: string): string {
  return formatMoney(parseMoney(text) ?? kopecks(0n));
}

/**
 * The due date as the server computes it: the loan's, from the payout on; before it, the one the
 * contract names (signing day = payout day + term). Never the browser's date.
 */
export function dueDateOf(order: Pick<Order, 'due_date' | 'contract_due_date'>): string | null {
  return order.due_date ?? order.contract_due_date;
}

/** «24.01.2027», or a dash when the server named no date. */
export function formatDueDate(order: Pick<Order, 'due_date' | 'contract_due_date'>): string {
  const date = dueDateOf(order);
  return date ? formatDate(date) : '—';
}

/** The approved order's terms from the server's answer, with the ПСК in its framed box. */
export function OrderTerms({ order }: { order: Order }) {
  const { t } = useTranslation('loans');
  return (
    <div className="loan-terms">
      <dl className="loan-terms__list">
        <div>
          <dt>{t('terms.amount')}</dt>
          <dd>{money(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('terms.period')}</dt>
          <dd>{formatPeriod('Daily', order.period)}</dd>
        </div>
        <div>
          <dt>{t('terms.returnSum')}</dt>
          <dd>{money(order.return_sum)}</dd>
        </div>
        <div>
          <dt>{t('terms.dueDate')}</dt>
          <dd>{formatDueDate(order)}</dd>
        </div>
      </dl>
      <div className="loan-psk" role="group" aria-label={t('terms.pskTitle')}>
        <p className="loan-psk__title">{t('terms.pskTitle')}</p>
        <p className="loan-psk__percent">
          {t('terms.pskPercent', { percent: formatPskPercent(order.psk.percent) })}
        </p>
        <p className="loan-psk__amount">{money(order.psk.amount)}</p>
      </div>
    </div>
  );
}
