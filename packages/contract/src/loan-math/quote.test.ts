import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import { DEFAULT_LOAN_LIMITS } from './limits';
import { quoteLoan } from './quote';
import { parseDailyPercent, ratio } from './rates';

const rate = parseDailyPercent('0.8') ?? ratio(0n, 1n);

describe('quoteLoan', () => {
  it('quotes 10 000 ₽ for 30 days at 0.8 % a day: 12 400 ₽, ПСК 292.000 %', () => {
    expect(
      quoteLoan({
        principal: roubles(10_000),
        days: 30,
        dailyRate: rate,
        contractDate: '2026-04-10',
      }),
    ).toEqual({
      interest: roubles(2_400),
      totalToReturn: roubles(12_400),
      dueDate: '2026-05-10',
      psk: { percent: '292.000', amount: roubles(2_400) },
    });
  });

  it('quotes 30 000 ₽ for 30 days: 37 200 ₽', () => {
    const quote = quoteLoan({
      principal: roubles(30_000),
      days: 30,
      dailyRate: rate,
      contractDate: '2026-04-10',
    });
    expect(quote.totalToReturn).toBe(roubles(37_200));
    expect(quote.psk.percent).toBe('292.000');
  });

  it('caps interest at 100 % of principal (130 % before 2026-04-01)', () => {
    const request = { principal: roubles(10_000), days: 200, dailyRate: rate };
    expect(quoteLoan({ ...request, contractDate: '2026-04-01' }).interest).toBe(roubles(10_000));
    expect(quoteLoan({ ...request, contractDate: '2026-03-15' }).interest).toBe(roubles(13_000));
    const long = quoteLoan({ ...request, contractDate: '2026-04-01' });
    expect(long.psk).toEqual({ percent: '182.500', amount: roubles(10_000) });
  });

  it('rounds the daily interest down, like daily accrual, so no day exceeds 0.8 %', () => {
    // 1 000.63 ₽ × 0.8 % = 8.00504 ₽ → 8.00 ₽ a day (8.01 ₽ would be 0.8005 %)
    const quote = quoteLoan({
      principal: kopecks(100_063n),
      days: 10,
      dailyRate: rate,
      contractDate: '2026-04-10',
    });
    expect(quote.interest).toBe(kopecks(8_000n));
  });

  it('refuses a rate above the limit, an empty loan or term', () => {
    const base = {
      principal: roubles(1000),
      days: 10,
      dailyRate: rate,
      contractDate: '2026-04-10',
    };
    expect(() => quoteLoan({ ...base, dailyRate: ratio(9n, 1000n) })).toThrow(RangeError);
    expect(() => quoteLoan({ ...base, principal: kopecks(0n) })).toThrow(RangeError);
    expect(() => quoteLoan({ ...base, days: 0 })).toThrow(RangeError);
    const lenient = { ...DEFAULT_LOAN_LIMITS, maxDailyRate: ratio(1n, 100n) };
    expect(quoteLoan({ ...base, dailyRate: ratio(9n, 1000n), limits: lenient }).interest).toBe(
      roubles(90),
    );
  });
});
