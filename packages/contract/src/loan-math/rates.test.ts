import { describe, expect, it } from 'vitest';
import { kopecks } from '../money';
import {
  amountWithin,
  applyRate,
  chargeAtRate,
  isRatioAtMost,
  parseDailyPercent,
  parsePercent,
  ratio,
} from './rates';

describe('rates', () => {
  it('parses a daily percentage exactly, without floats', () => {
    expect(parseDailyPercent('0.8')).toEqual({ numerator: 1n, denominator: 125n });
    expect(parseDailyPercent('0,8')).toEqual(ratio(8n, 1000n));
    expect(parseDailyPercent('0.1')).toEqual(ratio(1n, 1000n));
    expect(parseDailyPercent('0.333')).toEqual(ratio(333n, 100_000n));
    expect(parsePercent('20 %')).toEqual(ratio(1n, 5n));
    expect(parsePercent('130')).toEqual(ratio(13n, 10n));
  });

  it('returns null for what is not a percentage', () => {
    for (const text of ['', '-0.8', '0.8.1', 'abc', '.8', '1e-3']) {
      expect(parsePercent(text)).toBeNull();
    }
  });

  it('compares ratios exactly', () => {
    expect(isRatioAtMost(ratio(8n, 1000n), ratio(1n, 125n))).toBe(true);
    expect(isRatioAtMost(ratio(8001n, 1_000_000n), ratio(1n, 125n))).toBe(false);
  });

  it('rejects zero denominators and negatives', () => {
    expect(() => ratio(1n, 0n)).toThrow(RangeError);
    expect(() => ratio(-1n, 2n)).toThrow(RangeError);
  });

  it('applies a rate with the one rounding rule (half up to a kopeck)', () => {
    const rate = ratio(8n, 1000n);
    expect(applyRate(kopecks(1_000_000n), rate)).toBe(8000n);
    expect(applyRate(kopecks(1063n), rate)).toBe(9n); // 8.504
    expect(chargeAtRate(kopecks(1063n), rate)).toBe(8n); // a charge rounds down
    expect(applyRate(kopecks(1062n), rate)).toBe(8n); // 8.496
    expect(applyRate(kopecks(10_000_625n), rate)).toBe(80_005n); // 80 005.0 exactly
  });

  it('keeps limits within the bound: never rounded up', () => {
    expect(amountWithin(kopecks(1001n), ratio(13n, 10n))).toBe(1301n); // 1301.3
    expect(amountWithin(kopecks(1009n), ratio(13n, 10n))).toBe(1311n); // 1311.7
  });
});
