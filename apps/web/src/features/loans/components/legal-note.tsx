import { useTranslation } from 'react-i18next';
import { chargesCapFor, DEFAULT_LOAN_LIMITS, type Ratio } from '@zaymo/contract';
import { todayIsoDate } from '../lib/calculator';
import { formatPskPercent } from '../lib/format';

/** A ratio as a percentage with up to three decimals: 13/10 → «130», 1/125 → «0,8». */
function percentOf({ numerator, denominator }: Ratio): string {
  const thousandths = (numerator * 100_000n) / denominator;
  const whole = thousandths / 1000n;
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return formatPskPercent(fraction ? `${whole}.${fraction}` : `${whole}`);
}

/** The legal line: the cap on all charges for a contract signed today (353-FZ limits). */
export function LegalNote() {
  const { t } = useTranslation('loans');
  const cap = chargesCapFor(todayIsoDate(), DEFAULT_LOAN_LIMITS);
  return (
    <footer className="loan-legal">
      <p>
        {t('legal.cap', {
          percent: percentOf(cap),
          rate: percentOf(DEFAULT_LOAN_LIMITS.maxDailyRate),
        })}
      </p>
    </footer>
  );
}
