import type { Kopecks } from '@zaymo/contract';
import { useCalculatorStore, type CalculatorState } from '@/stores/calculator';
import {
  amountLimitsFrom,
  chooseTariffPatch,
  insurancesOf,
  snapAmount,
  snapPeriod,
  tariffsAnswerPatch,
  termLimitsFrom,
  todayIsoDate,
  withChoice,
  type TariffsAnswer,
} from './calculator';

/** The calculator's changes, each recomputing the sum to return (saved by the store). */

function patch(build: (state: CalculatorState) => Partial<CalculatorState>): void {
  const state = useCalculatorStore.getState();
  state.update(build(state));
}

export function applyTariffsAnswer(answer: TariffsAnswer): void {
  patch((state) => tariffsAnswerPatch(state, answer, todayIsoDate()));
}

export function chooseTariff(tariffId: number): void {
  patch((state) => chooseTariffPatch(state, tariffId, todayIsoDate()));
}

export function setAmount(amount: Kopecks): void {
  patch((state) =>
    withChoice(state, { amount: snapAmount(amount, amountLimitsFrom(state)) }, todayIsoDate()),
  );
}

export function setPeriod(period: number): void {
  patch((state) =>
    withChoice(state, { period: snapPeriod(period, termLimitsFrom(state)) }, todayIsoDate()),
  );
}

export function setInsuranceChecked(insuranceId: number, checked: boolean): void {
  patch((state) => ({
    insurances: insurancesOf(state).map((item) =>
      item.id === insuranceId ? { ...item, checked } : item,
    ),
  }));
}
