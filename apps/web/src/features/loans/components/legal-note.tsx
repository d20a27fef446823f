import { useTranslation } from 'react-i18next';
import { chargesCapFor, DEFAULT_LOAN_LIMITS, type Ratio } from '@zaymo/contract';
import { useServerDateStore } from '@/stores/server-date';
import { formatPskPercent } from '../lib/format';

/** A ratio as a percentage with up to three decimals: 13/10 → «130», 1/125 → «0,8». */
function percentOf({ numerator, denominator }: Ratio): string {
  const thousandths = (numerator * 100_000n) / denominator;
  const whole = thousandths / 1000n;
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return formatPskPercent(fraction ? `${whole}.${fraction}` : `${whole}`);
}

/**
 * The legal line: the cap on all charges for a contract signed today by the server's clock
 * (353-FZ limits); nothing until the server has said which day it is.
 */
export function LegalNote() {
  const { t } = useTranslation('loans');
  const today = useServerDateStore((state) => state.today);
  if (!today) return null;
  const cap = chargesCapFor(today, DEFAULT_LOAN_LIMITS);
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
