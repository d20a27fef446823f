import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { kopecks, roubles } from '../money';
import { addDays } from './dates';
import { formatThousandths, pskForSinglePayment } from './psk';
import { basePeriodDays, pskFromCashFlows, type CashFlow } from './psk-cash-flows';

function singlePaymentFlows(principal: bigint, total: bigint, days: number): CashFlow[] {
  return [
    { date: '2026-04-01', amount: kopecks(-principal) },
    { date: addDays('2026-04-01', days), amount: kopecks(total) },
  ];
}

describe('ПСК for one repayment at the end', () => {
  it('is 292.000 % for 30 days at 0.8 % a day', () => {
    const psk = pskForSinglePayment({
      principal: roubles(10_000),
      totalToReturn: roubles(12_400),
      days: 30,
    });
    expect(psk).toEqual({ percent: '292.000', amount: roubles(2_400) });
  });

  it('uses ЧБП = 365 / term exactly and rounds once, half up', () => {
    // 2000 / 10000 × 365 / 30 × 100 = 243.3333…
    expect(
      pskForSinglePayment({ principal: roubles(10_000), totalToReturn: roubles(12_000), days: 30 })
        .percent,
    ).toBe('243.333');
    // 1 / 200 × 365 / 1 × 100 = 182.5 exactly; 1 / 2000 × 365 / 7 × 100 = 2.607142…
    expect(
      pskForSinglePayment({ principal: kopecks(200n), totalToReturn: kopecks(201n), days: 1 })
        .percent,
    ).toBe('182.500');
    expect(
      pskForSinglePayment({ principal: kopecks(2000n), totalToReturn: kopecks(2001n), days: 7 })
        .percent,
    ).toBe('2.607');
    // 1 / 1_000_000 × 365 / 73 × 100 = 0.0005 → rounds up to 0.001
    expect(
      pskForSinglePayment({
        principal: kopecks(1_000_000n),
        totalToReturn: kopecks(1_000_001n),
        days: 73,
      }).percent,
    ).toBe('0.001');
  });

  it('rejects nonsense', () => {
    const base = { principal: roubles(1000), totalToReturn: roubles(1100), days: 10 };
    expect(() => pskForSinglePayment({ ...base, principal: kopecks(0n) })).toThrow(RangeError);
    expect(() => pskForSinglePayment({ ...base, days: 0 })).toThrow(RangeError);
    expect(() => pskForSinglePayment({ ...base, totalToReturn: roubles(999) })).toThrow(RangeError);
  });

  it('formats thousandths of a percent', () => {
    expect(formatThousandths(292_000n)).toBe('292.000');
    expect(formatThousandths(5n)).toBe('0.005');
    expect(formatThousandths(-1500n)).toBe('-1.500');
  });
});

describe('ПСК from cash flows (the law’s equation)', () => {
  it('agrees with the closed form for any single-payment loan', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 100n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 20_000_000n }),
        fc.integer({ min: 1, max: 365 }),
        (principal, cost, days) => {
          const flows = singlePaymentFlows(principal, principal + cost, days);
          const closed = pskForSinglePayment({
            principal: kopecks(principal),
            totalToReturn: kopecks(principal + cost),
            days,
          });
          expect(pskFromCashFlows(flows)).toEqual(closed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('lands on the same side of a rounding boundary as the closed form', () => {
    // exactly 0.0005 % and exactly 182.5 %: half up, with no floating error
    expect(pskFromCashFlows(singlePaymentFlows(1_000_000n, 1_000_001n, 73)).percent).toBe('0.001');
    expect(pskFromCashFlows(singlePaymentFlows(200n, 201n, 1)).percent).toBe('182.500');
    expect(pskFromCashFlows(singlePaymentFlows(100n, 100n, 30)).percent).toBe('0.000');
  });

  it('solves a two-payment schedule (base period 15 days)', () => {
    const flows: CashFlow[] = [
      { date: '2026-04-01', amount: roubles(-10_000) },
      { date: '2026-04-16', amount: roubles(6_000) },
      { date: '2026-05-01', amount: roubles(6_000) },
    ];
    expect(basePeriodDays(flows)).toBe(15);
    // −10000 + 6000/(1+i) + 6000/(1+i)² = 0 → i = 0.1306623…, × 365/15 × 100 = 317.94514
    expect(pskFromCashFlows(flows)).toEqual({ percent: '317.945', amount: roubles(2_000) });
    // Paying half earlier costs more per year than 12 000 at the end (243.333 %).
    const single = pskFromCashFlows(singlePaymentFlows(1_000_000n, 1_200_000n, 30));
    expect(Number(single.percent)).toBeLessThan(317.945);
  });

  it('uses the incomplete base period e_k (intervals 14 and 16 days)', () => {
    const flows: CashFlow[] = [
      { date: '2026-04-01', amount: roubles(-10_000) },
      { date: '2026-04-15', amount: roubles(6_000) },
      { date: '2026-05-01', amount: roubles(6_000) },
    ];
    expect(basePeriodDays(flows)).toBe(14); // equally frequent: the shorter one
    // −10000 + 6000/(1+i) + 6000/((1 + 2/14·i)(1+i)²) = 0 → 324.15988 %
    expect(pskFromCashFlows(flows).percent).toBe('324.160');
  });

  it('takes an explicit base period', () => {
    const flows = singlePaymentFlows(1_000_000n, 1_240_000n, 30);
    // i for a 1-day base period: (1+i)^30 = 1.24 → i = 0.0071961…, × 365 × 100 = 262.6594…
    expect(pskFromCashFlows(flows, 1).percent).toBe('262.659');
  });

  it('refuses schedules it cannot solve', () => {
    const payout = { date: '2026-04-01', amount: roubles(-100) };
    expect(() => pskFromCashFlows([payout])).toThrow(RangeError);
    expect(() => pskFromCashFlows([payout, { date: '2026-04-01', amount: roubles(120) }])).toThrow(
      RangeError,
    );
    expect(() => pskFromCashFlows([payout, { date: '2026-04-10', amount: roubles(90) }])).toThrow(
      RangeError,
    );
    expect(() =>
      pskFromCashFlows([
        { date: '2026-04-01', amount: roubles(100) },
        { date: '2026-04-10', amount: roubles(120) },
      ]),
    ).toThrow(RangeError);
  });
});
