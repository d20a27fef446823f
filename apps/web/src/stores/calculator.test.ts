import { afterEach, describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { STORAGE_KEYS } from '@/lib/storage';
import {
  persistCalculatorState,
  restoreCalculatorState,
  saveCalculatorState,
  useCalculatorStore,
} from './calculator';

let stopPersisting: (() => void) | null = null;

afterEach(() => {
  stopPersisting?.();
  stopPersisting = null;
});

describe('calculator store', () => {
  it('defaults the tariff period to Daily', () => {
    expect(useCalculatorStore.getState().tariffPeriod).toBe('Daily');
  });

  it('saves every change to local storage once persistence is installed', () => {
    stopPersisting = persistCalculatorState();

    useCalculatorStore.getState().update({ amount: roubles(15_000), period: 21 });

    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.calculator) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(saved.amount).toBe('15000.00');
    expect(saved.period).toBe(21);
  });

  it('restores the saved state, money included', () => {
    useCalculatorStore.getState().update({
      amount: kopecks(1_234_567n),
      maxSum: roubles(30_000),
      period: 14,
      tariffPeriod: 'EveryWeek',
      tariffId: 3,
      utm: { utm_source: 'ya' },
      tariffs: [{ id: 3 }],
    });
    saveCalculatorState();
    useCalculatorStore.getState().reset();

    expect(restoreCalculatorState()).toBe(true);

    const state = useCalculatorStore.getState();
    expect(state.amount).toBe(1_234_567n);
    expect(state.maxSum).toBe(3_000_000n);
    expect(state).toMatchObject({
      period: 14,
      tariffPeriod: 'EveryWeek',
      tariffId: 3,
      utm: { utm_source: 'ya' },
      tariffs: [{ id: 3 }],
    });
  });

  it('ignores a damaged saved record and keeps the defaults', () => {
    localStorage.setItem(STORAGE_KEYS.calculator, '{"amount": 12.5, "period": "x"}');

    expect(restoreCalculatorState()).toBe(false);
    expect(useCalculatorStore.getState().amount).toBe(0n);
  });
});
