import { useTranslation } from 'react-i18next';
import { formatMoney, type Kopecks, type LoanQuote } from '@zaymo/contract';
import { formatDayMonth } from '@zaymo/web-kit';
import { formatPskPercent } from '../lib/format';

type LoanSummaryProps = { quote: LoanQuote; insurance: Kopecks };

/** The live result: the sum to return and its date, the ПСК, chosen insurances apart. */
export function LoanSummary({ quote, insurance }: LoanSummaryProps) {
  const { t } = useTranslation('loans');
  return (
    <div className="loan-summary" data-testid="loan-summary">
      <p className="loan-summary__main">
        <span className="loan-summary__label">{t('calculator.returnSum')}</span>{' '}
        <output className="loan-summary__sum">{formatMoney(quote.totalToReturn)}</output>{' '}
        <span className="loan-summary__date">
          {t('calculator.dueDate', { date: formatDayMonth(quote.dueDate) })}
        </span>
      </p>
      <p className="loan-summary__details">
        <span>{t('calculator.interest', { sum: formatMoney(quote.interest) })}</span>
        <span>{t('calculator.psk', { percent: formatPskPercent(quote.psk.percent) })}</span>
        {insurance > 0n && (
          <span>{t('calculator.insurance', { sum: formatMoney(insurance) })}</span>
        )}
      </p>
    </div>
  );
}
