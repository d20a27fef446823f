import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import {
  assertDailyRateAllowed,
  chargesCapAmount,
  chargesCapFor,
  DEFAULT_LOAN_LIMITS,
  interestForDay,
  penaltyForDay,
  type LoanLimits,
} from './limits';
import { ratio } from './rates';

describe('loan limits', () => {
  it('caps all charges at 100 % from 2026-04-01 and 130 % before', () => {
    expect(chargesCapFor('2026-04-01', DEFAULT_LOAN_LIMITS)).toEqual(ratio(1n, 1n));
    expect(chargesCapFor('2027-01-10', DEFAULT_LOAN_LIMITS)).toEqual(ratio(1n, 1n));
    expect(chargesCapFor('2026-03-31', DEFAULT_LOAN_LIMITS)).toEqual(ratio(13n, 10n));
    expect(chargesCapFor('2025-01-01', DEFAULT_LOAN_LIMITS)).toEqual(ratio(13n, 10n));
    expect(chargesCapAmount(roubles(10_000), '2026-03-15', DEFAULT_LOAN_LIMITS)).toBe(
      roubles(13_000),
    );
  });

  it('takes caps from configuration, in any order', () => {
    const limits: LoanLimits = {
      ...DEFAULT_LOAN_LIMITS,
      chargesCaps: [
        { from: '2027-01-01', ratio: ratio(1n, 2n) },
        { from: null, ratio: ratio(3n, 2n) },
        { from: '2026-04-01', ratio: ratio(1n, 1n) },
      ],
    };
    expect(chargesCapFor('2027-06-01', limits)).toEqual(ratio(1n, 2n));
    expect(chargesCapFor('2026-12-31', limits)).toEqual(ratio(1n, 1n));
    expect(chargesCapFor('2020-01-01', limits)).toEqual(ratio(3n, 2n));
    expect(() => chargesCapFor('2020-01-01', { ...limits, chargesCaps: [] })).toThrow(RangeError);
  });

  it('charges a day of penalty as 20 % / 365 of the overdue principal', () => {
    expect(penaltyForDay(roubles(10_000), DEFAULT_LOAN_LIMITS)).toBe(547n); // 547.945…, rounded down
    expect(penaltyForDay(roubles(36_500), DEFAULT_LOAN_LIMITS)).toBe(2000n);
    expect(penaltyForDay(kopecks(0n), DEFAULT_LOAN_LIMITS)).toBe(0n);
  });

  it('charges a day of interest as principal × rate', () => {
    expect(interestForDay(roubles(10_000), ratio(8n, 1000n))).toBe(roubles(80));
  });

  it('refuses a daily rate above 0.8 %', () => {
    expect(() => assertDailyRateAllowed(ratio(8n, 1000n), DEFAULT_LOAN_LIMITS)).not.toThrow();
    expect(() => assertDailyRateAllowed(ratio(81n, 10_000n), DEFAULT_LOAN_LIMITS)).toThrow(
      RangeError,
    );
  });
});
