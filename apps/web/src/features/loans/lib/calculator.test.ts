import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '@zaymo/contract';
import { STORAGE_KEYS } from '@/lib/storage';
import { restoreCalculatorState, useCalculatorStore } from '@/stores/calculator';
import { useServerDateStore } from '@/stores/server-date';
import { INSURANCE, REPEAT_TARIFF, TARIFF } from '../test/fake-loans-api';
import {
  insuranceTotal,
  insurancesOf,
  quoteChoice,
  snapAmount,
  snapPeriod,
  tariffsAnswerPatch,
  withChoice,
} from './calculator';
import {
  clearInsuranceChoice,
  setAmount,
  setInsuranceChecked,
  setPeriod,
  applyTariffsAnswer,
} from './calculator-actions';

const LIMITS = { min: roubles(1_000), max: roubles(30_000), step: roubles(500) };
const TERMS = { min: 5, max: 30, step: 1 };
const TODAY = '2026-11-21';
const ANSWER = { tariffs: [TARIFF], service: { insurances: [INSURANCE] }, today: TODAY };

const state = () => useCalculatorStore.getState();

describe('limits and steps', () => {
  it('keeps the amount within the tariff and on its step', () => {
    expect(snapAmount(roubles(100), LIMITS)).toBe(roubles(1_000));
    expect(snapAmount(roubles(99_999), LIMITS)).toBe(roubles(30_000));
    expect(snapAmount(roubles(10_240), LIMITS)).toBe(roubles(10_000));
    expect(snapAmount(roubles(10_260), LIMITS)).toBe(roubles(10_500));
    expect(snapAmount(kopecks(1_025_000n), LIMITS)).toBe(roubles(10_500));
  });

  it('keeps the term within the tariff and on its step', () => {
    expect(snapPeriod(1, TERMS)).toBe(5);
    expect(snapPeriod(45, TERMS)).toBe(30);
    expect(snapPeriod(12, { min: 7, max: 35, step: 7 })).toBe(14);
    expect(snapPeriod(Number.NaN, TERMS)).toBe(5);
  });
});

describe('live quote', () => {
  it('10 000 ₽ for 30 days at 0.8 %: 12 400 ₽ to return, ПСК 292,000 %', () => {
    const quote = quoteChoice(TARIFF, roubles(10_000), 30, TODAY);
    expect(quote?.totalToReturn).toBe(roubles(12_400));
    expect(quote?.dueDate).toBe('2026-12-21');
    expect(quote?.psk.percent).toBe('292.000');
  });

  it('gives no quote for a rate above the legal 0.8 % a day', () => {
    expect(quoteChoice({ ...TARIFF, day_percent: '1.5' }, roubles(10_000), 30, TODAY)).toBeNull();
  });

  it('recomputes the sum to return on every change of amount and term', () => {
    applyTariffsAnswer(ANSWER);
    setAmount(roubles(10_000));
    setPeriod(30);
    expect(state().returnSum).toBe(roubles(12_400));
    setAmount(roubles(20_040));
    expect(state().amount).toBe(roubles(20_000));
    expect(state().returnSum).toBe(roubles(24_800));
  });

  it('quotes a contract of the server’s day (its cap regime), never of the browser’s', () => {
    // 0.8 % × 200 days = 160 %: the cap of the contract date decides (130 % before 01.04.2026).
    const long = { ...TARIFF, max_period: 200, max_sum: '10000.00' };
    const answer = (today: string) => ({ ...ANSWER, tariffs: [long], today });
    useCalculatorStore.getState().update({ amount: roubles(10_000), period: 200 });
    applyTariffsAnswer(answer('2026-03-31'));
    expect(useServerDateStore.getState().today).toBe('2026-03-31');
    expect(state().returnSum).toBe(roubles(23_000));
    setPeriod(200);
    expect(state().returnSum).toBe(roubles(23_000));
    applyTariffsAnswer(answer('2026-04-01'));
    expect(state().returnSum).toBe(roubles(20_000));
  });

  it('adds chosen insurances apart from the sum to return', () => {
    applyTariffsAnswer(ANSWER);
    setInsuranceChecked(INSURANCE.id, true);
    expect(insuranceTotal(insurancesOf(state()))).toBe(roubles(300));
    expect(withChoice(state(), {}, TODAY).returnSum).toBe(state().returnSum);
  });
});

describe('a tariffs answer', () => {
  it('changes nothing when the calculator already holds it (the page’s, then the query’s)', () => {
    applyTariffsAnswer(ANSWER);
    setAmount(roubles(20_000));
    const updates: unknown[] = [];
    const unsubscribe = useCalculatorStore.subscribe((next) => updates.push(next));
    applyTariffsAnswer(ANSWER);
    unsubscribe();
    expect(updates).toEqual([]);
    expect(state().amount).toBe(roubles(20_000));
    applyTariffsAnswer({ ...ANSWER, today: '2026-11-22' });
    expect(useServerDateStore.getState().today).toBe('2026-11-22');
  });

  it('takes the tariff limits, starts in the middle and never ticks an insurance', () => {
    applyTariffsAnswer(ANSWER);
    expect(state()).toMatchObject({
      tariffId: 1,
      minSum: roubles(1_000),
      maxSum: roubles(30_000),
      amountStep: roubles(500),
      minDate: 5,
      maxDate: 30,
      dateStep: 1,
      dayPercent: 0.8,
      tariffPeriod: 'Daily',
      amount: roubles(15_500),
      period: 18,
    });
    expect(insurancesOf(state())).toEqual([{ ...INSURANCE, checked: false }]);
  });

  it('keeps the client’s earlier choice, moved onto the new limits', () => {
    useCalculatorStore.getState().update({ amount: roubles(45_000), period: 40 });
    applyTariffsAnswer({ tariffs: [REPEAT_TARIFF], service: { insurances: [] }, today: TODAY });
    expect(state()).toMatchObject({ tariffId: 2, amount: roubles(45_000), period: 40 });
    applyTariffsAnswer(ANSWER);
    expect(state()).toMatchObject({ tariffId: 1, amount: roubles(30_000), period: 30 });
  });

  it('a made order takes its insurance along: the next order starts with none, saved state too', () => {
    applyTariffsAnswer(ANSWER);
    setInsuranceChecked(INSURANCE.id, true);
    clearInsuranceChoice();
    expect(insurancesOf(state()).map((item) => item.checked)).toEqual([false]);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.calculator) ?? 'null') as {
      insuranceIds: number[];
    };
    expect(stored.insuranceIds).toEqual([]);
    restoreCalculatorState();
    expect(insurancesOf(state()).map((item) => item.checked)).toEqual([false]);
  });

  it('keeps an insurance ticked only if the client ticked it', () => {
    applyTariffsAnswer(ANSWER);
    setInsuranceChecked(INSURANCE.id, true);
    const patch = tariffsAnswerPatch(state(), ANSWER, TODAY);
    expect(insurancesOf({ ...state(), ...patch })[0]?.checked).toBe(true);
    const other = { ...INSURANCE, id: 4, name: 'Защита карты' };
    const withNew = tariffsAnswerPatch(
      state(),
      { ...ANSWER, service: { insurances: [other] } },
      TODAY,
    );
    expect(insurancesOf({ ...state(), ...withNew })[0]?.checked).toBe(false);
    expect(withNew.insuranceIds).toEqual([]);
  });

  it('saves the client’s choice, never the tariffs, and restores it', () => {
    applyTariffsAnswer(ANSWER);
    setAmount(roubles(10_000));
    setPeriod(30);
    setInsuranceChecked(INSURANCE.id, true);
    const saved = localStorage.getItem(STORAGE_KEYS.calculator) ?? '';
    expect(JSON.parse(saved)).toEqual({
      amount: '10000.00',
      period: 30,
      tariffId: 1,
      insuranceIds: [INSURANCE.id],
    });
    useCalculatorStore.getState().reset();
    localStorage.setItem(STORAGE_KEYS.calculator, saved);

    restoreCalculatorState();
    expect(state()).toMatchObject({ amount: roubles(10_000), period: 30, tariffId: 1 });
    expect(state().tariffs).toEqual([]);
    applyTariffsAnswer(ANSWER);
    expect(state().returnSum).toBe(roubles(12_400));
    expect(insurancesOf(state())).toEqual([{ ...INSURANCE, checked: true }]);
  });
});
