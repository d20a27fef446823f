import { useTranslation } from 'react-i18next';
import { formatMoney } from '@zaymo/contract';
import { formatPeriod } from '@/lib/i18n';
import { useCalculator } from '../hooks/use-calculator';
import { formatPskPercent } from '../lib/format';

/** The tariff's limits at a glance, beside the calculator on wide screens. */
export function TariffFacts() {
  const { t } = useTranslation('loans');
  const { state, tariff } = useCalculator();
  if (!tariff) return null;
  const days = (count: number) => formatPeriod(state.tariffPeriod, count);
  const range = (min: string, max: string) => [
    t('home.facts.from', { value: min }),
    t('home.facts.to', { value: max }),
  ];
  const facts = [
    {
      name: t('home.facts.amount'),
      lines: range(formatMoney(state.minSum), formatMoney(state.maxSum)),
    },
    { name: t('home.facts.term'), lines: range(days(state.minDate), days(state.maxDate)) },
    {
      name: t('home.facts.rate'),
      lines: [t('home.facts.rateValue', { rate: formatPskPercent(tariff.day_percent) })],
    },
  ];
  return (
    <dl className="loan-facts" aria-label={t('home.facts.title')}>
      {facts.map((fact) => (
        <div key={fact.name} className="loan-facts__item">
          <dt>{fact.name}</dt>
          {fact.lines.map((line) => (
            <dd key={line}>{line}</dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
