import {
  divideRounded,
  kopecks,
  parseDailyPercent,
  parseMoney,
  quoteLoan,
  type Insurance,
  type IsoDate,
  type Kopecks,
  type LoanQuote,
  type Tariff,
} from '@zaymo/contract';
import type { CalculatorState } from '@/stores/calculator';

/**
 * The calculator's rules, pure: limits and steps from the tariff, snapping a choice onto them,
 * the live quote (loan-math, no floats) and what a tariff answer does to the saved state.
 */

export type AmountLimits = { min: Kopecks; max: Kopecks; step: Kopecks };
export type TermLimits = { min: number; max: number; step: number };
export type SelectableInsurance = Insurance & { checked: boolean };
export type TariffsAnswer = {
  tariffs: Tariff[];
  service: { insurances: Insurance[] };
  /** Today in Moscow by the server's clock. */
  today: IsoDate;
};

const ZERO = kopecks(0n);

export function snapAmount(value: Kopecks, { min, max, step }: AmountLimits): Kopecks {
  if (value <= min) return min;
  if (value >= max) return max;
  if (step <= 0n) return value;
  const snapped = min + divideRounded(value - min, step) * step;
  return kopecks(snapped > max ? max : snapped);
}

export function snapPeriod(value: number, { min, max, step }: TermLimits): number {
  if (!Number.isFinite(value) || value <= min) return min;
  if (value >= max) return max;
  if (step <= 0) return Math.round(value);
  return Math.min(max, min + Math.round((value - min) / step) * step);
}

function money(text: string): Kopecks {
  return parseMoney(text) ?? ZERO;
}

export function amountLimitsOf(tariff: Tariff): AmountLimits {
  return { min: money(tariff.min_sum), max: money(tariff.max_sum), step: money(tariff.sum_step) };
}

export function termLimitsOf(tariff: Tariff): TermLimits {
  return { min: tariff.min_period, max: tariff.max_period, step: tariff.period_step };
}

export function amountLimitsFrom(state: CalculatorState): AmountLimits {
  return { min: state.minSum, max: state.maxSum, step: state.amountStep };
}

export function termLimitsFrom(state: CalculatorState): TermLimits {
  return { min: state.minDate, max: state.maxDate, step: state.dateStep };
}

/** A first visit starts in the middle of both ranges. */
function defaultAmount(limits: AmountLimits): Kopecks {
  return snapAmount(kopecks((limits.min + limits.max) / 2n), limits);
}

function defaultPeriod(limits: TermLimits): number {
  return snapPeriod(Math.round((limits.min + limits.max) / 2), limits);
}

export function tariffsOf(state: Pick<CalculatorState, 'tariffs'>): Tariff[] {
  return state.tariffs;
}

/** The offered insurances, each with whether the client ticked it. */
export function insurancesOf(
  state: Pick<CalculatorState, 'insurances' | 'insuranceIds'>,
): SelectableInsurance[] {
  return state.insurances.map((item) => ({
    ...item,
    checked: state.insuranceIds.includes(item.id),
  }));
}

export function currentTariff(state: CalculatorState): Tariff | null {
  return tariffsOf(state).find((tariff) => tariff.id === state.tariffId) ?? null;
}

/** What the loan costs if repaid on time; null when the choice or the tariff cannot be quoted. */
export function quoteChoice(
  tariff: Tariff,
  amount: Kopecks,
  period: number,
  today: IsoDate,
): LoanQuote | null {
  const dailyRate = parseDailyPercent(tariff.day_percent);
  if (!dailyRate || amount <= 0n || period < 1) return null;
  try {
    return quoteLoan({ principal: amount, days: period, dailyRate, contractDate: today });
  } catch {
    // A rate above the legal limit or a broken tariff: show no quote rather than a wrong one.
    return null;
  }
}

/** The chosen insurances' prices, shown apart from the sum to return. */
export function insuranceTotal(insurances: readonly SelectableInsurance[]): Kopecks {
  return kopecks(
    insurances.filter((item) => item.checked).reduce((sum, item) => sum + money(item.price), 0n),
  );
}

/** Without the server's today there is no contract date to quote on yet: no sum. */
function returnSumOf(state: CalculatorState, today: IsoDate | null): Kopecks {
  const tariff = currentTariff(state);
  const quote = tariff && today && quoteChoice(tariff, state.amount, state.period, today);
  return quote ? quote.totalToReturn : ZERO;
}

/** The state with `patch` applied and the sum to return recomputed. */
export function withChoice(
  state: CalculatorState,
  patch: Partial<CalculatorState>,
  today: IsoDate | null,
): Partial<CalculatorState> {
  const next = { ...state, ...patch };
  return { ...patch, returnSum: returnSumOf(next, today) };
}

function tariffPatch(tariff: Tariff, state: CalculatorState): Partial<CalculatorState> {
  const amountLimits = amountLimitsOf(tariff);
  const termLimits = termLimitsOf(tariff);
  return {
    tariffId: tariff.id,
    minSum: amountLimits.min,
    maxSum: amountLimits.max,
    amountStep: amountLimits.step,
    minDate: termLimits.min,
    maxDate: termLimits.max,
    dateStep: termLimits.step,
    dayPercent: Number(tariff.day_percent),
    tariffPeriod: tariff.period,
    // An earlier choice (saved, or made before signing up) is kept, moved onto the new limits.
    amount:
      state.amount > 0n ? snapAmount(state.amount, amountLimits) : defaultAmount(amountLimits),
    period: state.period > 0 ? snapPeriod(state.period, termLimits) : defaultPeriod(termLimits),
  };
}

/** A tariff of the loaded list becomes the current one. */
export function chooseTariffPatch(
  state: CalculatorState,
  tariffId: number,
  today: IsoDate | null,
): Partial<CalculatorState> {
  const tariff = tariffsOf(state).find((item) => item.id === tariffId);
  return tariff ? withChoice(state, tariffPatch(tariff, state), today) : {};
}

/**
 * A tariffs answer: the saved tariff if it is still offered, else the first; insurances are
 * offered unticked — only a choice the client made earlier stays ticked.
 */
export function tariffsAnswerPatch(
  state: CalculatorState,
  answer: TariffsAnswer,
  today: IsoDate,
): Partial<CalculatorState> {
  const tariff = answer.tariffs.find((item) => item.id === state.tariffId) ?? answer.tariffs[0];
  const insurances = answer.service.insurances;
  const offered = new Set(insurances.map((item) => item.id));
  const insuranceIds = state.insuranceIds.filter((id) => offered.has(id));
  if (!tariff) return { tariffs: [], insurances, insuranceIds, tariffId: null, returnSum: ZERO };
  return withChoice(
    state,
    { tariffs: answer.tariffs, insurances, insuranceIds, ...tariffPatch(tariff, state) },
    today,
  );
}
