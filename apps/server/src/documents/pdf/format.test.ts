import { ratio } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import {
  formatDailyPercent,
  formatDate,
  formatDays,
  formatMoscowDateTime,
  formatPskPercent,
  maskCode,
  maskPhone,
  orMissing,
  ratioAsPercent,
  yearlyPercentOfDaily,
} from './format';

describe('document formatting', () => {
  it('prints calendar dates the Russian way and a dash for a missing one', () => {
    expect(formatDate('2026-11-21')).toBe('21.11.2026');
    expect(formatDate(undefined)).toBe('—');
    expect(() => formatDate('2026-02-30')).toThrow(RangeError);
  });

  it('prints a signing instant in Moscow time', () => {
    expect(formatMoscowDateTime('2026-11-21T21:05:09Z')).toBe('22.11.2026 00:05:09 (МСК)');
    expect(() => formatMoscowDateTime('вчера')).toThrow(RangeError);
  });

  it('turns the daily rate into the yearly one without floats', () => {
    expect(yearlyPercentOfDaily('0.8')).toBe('292,000');
    expect(yearlyPercentOfDaily('0,5')).toBe('182,500');
    expect(yearlyPercentOfDaily('0.33')).toBe('120,450');
    expect(formatDailyPercent('0.8')).toBe('0,8');
  });

  it('prints shares as percentages', () => {
    expect(ratioAsPercent(ratio(13n, 10n))).toBe('130');
    expect(ratioAsPercent(ratio(1n, 1n))).toBe('100');
    expect(ratioAsPercent(ratio(20n, 100n))).toBe('20');
    expect(ratioAsPercent(ratio(1n, 3n))).toBe('33,333');
  });

  it('prints the ПСК percentage with a comma and rejects other shapes', () => {
    expect(formatPskPercent('292.000')).toBe('292,000');
    expect(() => formatPskPercent('292')).toThrow(RangeError);
  });

  it('declines «день» by number', () => {
    expect(formatDays(1)).toBe('1 день');
    expect(formatDays(3)).toBe('3 дня');
    expect(formatDays(11)).toBe('11 дней');
    expect(formatDays(21)).toBe('21 день');
    expect(formatDays(30)).toBe('30 дней');
  });

  it('masks phones and codes so a document never carries them whole', () => {
    expect(maskPhone('+79123456789')).toBe('+7 912 ***-**-89');
    expect(maskPhone('8 (912) 345-67-89')).toBe('+7 912 ***-**-89');
    expect(maskPhone('+7 912 ***-**-89')).toBe('+7 912 ***-**-89');
    expect(maskCode('482912')).toBe('****12');
    expect(orMissing('  ')).toBe('—');
  });
});
