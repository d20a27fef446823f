import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { STORAGE_KEYS } from '@/lib/storage';
import { restoreCalculatorState, useCalculatorStore } from './calculator';

function saved(): unknown {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.calculator) ?? 'null');
}

describe('calculator store', () => {
  it('defaults the tariff period to Daily', () => {
    expect(useCalculatorStore.getState().tariffPeriod).toBe('Daily');
  });

  it('saves the client’s choice on every change, never the server’s tariffs', () => {
    useCalculatorStore.getState().update({
      amount: roubles(15_000),
      period: 21,
      tariffId: 3,
      maxSum: roubles(30_000),
      tariffs: [{ id: 3 } as never],
    });

    expect(saved()).toEqual({ amount: '15000.00', period: 21, tariffId: 3, insuranceIds: [] });
  });

  it('restores the saved choice, money included', () => {
    localStorage.setItem(
      STORAGE_KEYS.calculator,
      JSON.stringify({ amount: '12345.67', period: 14, tariffId: 3, insuranceIds: [2] }),
    );

    restoreCalculatorState();

    expect(useCalculatorStore.getState()).toMatchObject({
      amount: kopecks(1_234_567n),
      period: 14,
      tariffId: 3,
      insuranceIds: [2],
      tariffs: [],
    });
  });

  it('ignores a damaged saved record and keeps the defaults', () => {
    for (const damaged of [
      '{"amount": 12.5, "period": "x"}',
      '{"amount": "-5.00", "period": 1}',
      'не JSON',
    ]) {
      localStorage.setItem(STORAGE_KEYS.calculator, damaged);

      restoreCalculatorState();

      expect(useCalculatorStore.getState()).toMatchObject({
        amount: 0n,
        period: 0,
        tariffId: null,
      });
    }
  });
});
