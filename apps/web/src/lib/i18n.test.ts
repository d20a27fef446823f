import { describe, expect, it } from 'vitest';
import type { RecurrencePeriod } from '@zaymo/contract';
import { formatPeriod } from './i18n';

const COUNTS = [0, 1, 2, 5, 11, 21, 22] as const;

const EXPECTED: Record<RecurrencePeriod, string[]> = {
  Daily: ['0 дней', '1 день', '2 дня', '5 дней', '11 дней', '21 день', '22 дня'],
  Monthly: ['0 месяцев', '1 месяц', '2 месяца', '5 месяцев', '11 месяцев', '21 месяц', '22 месяца'],
  EveryWeek: [
    '0 недель',
    '1 неделя',
    '2 недели',
    '5 недель',
    '11 недель',
    '21 неделя',
    '22 недели',
  ],
  Every2Weeks: [
    '0 недель',
    '1 неделя',
    '2 недели',
    '5 недель',
    '11 недель',
    '21 неделя',
    '22 недели',
  ],
};

describe('formatPeriod (Russian plurals)', () => {
  for (const [period, labels] of Object.entries(EXPECTED) as [RecurrencePeriod, string[]][]) {
    it.each(COUNTS.map((count, index) => [count, labels[index]]))(
      `${period}: %i → %s`,
      (count, label) => {
        expect(formatPeriod(period, count)).toBe(label);
      },
    );
  }
});
