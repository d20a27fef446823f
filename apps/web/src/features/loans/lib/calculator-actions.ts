import type { Kopecks } from '@zaymo/contract';
import { useCalculatorStore, type CalculatorState } from '@/stores/calculator';
import { serverToday, useServerDateStore } from '@/stores/server-date';
import {
  amountLimitsFrom,
  chooseTariffPatch,
  snapAmount,
  snapPeriod,
  tariffsAnswerPatch,
  termLimitsFrom,
  withChoice,
  type TariffsAnswer,
} from './calculator';

/** The calculator's changes, each recomputing the sum to return (saved by the store). */

function patch(build: (state: CalculatorState) => Partial<CalculatorState>): void {
  const state = useCalculatorStore.getState();
  state.update(build(state));
}

/**
 * The tariffs answer carries the server's today: the quotes are for a contract of that day. The
 * answer the calculator already holds changes nothing (a home page's own, applied before the
 * mount, comes back as the query's data): no update, so no second render.
 */
export function applyTariffsAnswer(answer: TariffsAnswer): void {
  if (holdsAnswer(answer)) return;
  useServerDateStore.getState().setToday(answer.today);
  patch((state) => tariffsAnswerPatch(state, answer, answer.today));
}

function holdsAnswer(answer: TariffsAnswer): boolean {
  const state = useCalculatorStore.getState();
  return (
    state.tariffs === answer.tariffs &&
    state.insurances === answer.service.insurances &&
    serverToday() === answer.today
  );
}

export function chooseTariff(tariffId: number): void {
  patch((state) => chooseTariffPatch(state, tariffId, serverToday()));
}

export function setAmount(amount: Kopecks): void {
  patch((state) =>
    withChoice(state, { amount: snapAmount(amount, amountLimitsFrom(state)) }, serverToday()),
  );
}

export function setPeriod(period: number): void {
  patch((state) =>
    withChoice(state, { period: snapPeriod(period, termLimitsFrom(state)) }, serverToday()),
  );
}

export function setInsuranceChecked(insuranceId: number, checked: boolean): void {
  patch((state) => ({
    insuranceIds: checked
      ? [...state.insuranceIds.filter((id) => id !== insuranceId), insuranceId]
      : state.insuranceIds.filter((id) => id !== insuranceId),
  }));
}

/**
 * The order is made: its insurances go with it, and the next order — a repeat loan on the same
 * device — starts with none ticked (an add-on is never pre-selected, 353-FZ art. 7 part 2).
 */
export function clearInsuranceChoice(): void {
  patch(() => ({ insuranceIds: [] }));
}
