import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import {
  DEFAULT_TARIFF_PERIOD,
  kopecks,
  parseMoney,
  toMoneyString,
  type Insurance,
  type Kopecks,
  type RecurrencePeriod,
  type Tariff,
} from '@zaymo/contract';
import { readStoredJson, removeStored, STORAGE_KEYS, writeStoredJson } from '@/lib/storage';

/**
 * Spec §3 calculator state: money in kopecks, periods in days. Tariffs and insurances are the
 * server's answer, kept in memory only; the client's choice (amount, term, tariff, insurances)
 * is saved to local storage.
 */
export type CalculatorState = {
  amount: Kopecks;
  minSum: Kopecks;
  maxSum: Kopecks;
  amountStep: Kopecks;
  period: number;
  maxDate: number;
  minDate: number;
  dateStep: number;
  dayPercent: number;
  tariffPeriod: RecurrencePeriod;
  returnSum: Kopecks;
  tariffId: number | null;
  tariffs: Tariff[];
  insurances: Insurance[];
  /** The insurances the client ticked. */
  insuranceIds: number[];
};

type CalculatorActions = {
  update: (patch: Partial<CalculatorState>) => void;
  reset: () => void;
};

/** What local storage keeps: money as a decimal string (JSON has no bigint). */
type SavedChoice = {
  amount: string;
  period: number;
  tariffId: number | null;
  insuranceIds: number[];
};

const ZERO = kopecks(0n);

function initialCalculator(): CalculatorState {
  return {
    amount: ZERO,
    minSum: ZERO,
    maxSum: ZERO,
    amountStep: ZERO,
    period: 0,
    maxDate: 0,
    minDate: 0,
    dateStep: 1,
    dayPercent: 0,
    tariffPeriod: DEFAULT_TARIFF_PERIOD,
    returnSum: ZERO,
    tariffId: null,
    tariffs: [],
    insurances: [],
    insuranceIds: [],
  };
}

function savedChoiceOf(state: CalculatorState): SavedChoice {
  return {
    amount: toMoneyString(state.amount),
    period: state.period,
    tariffId: state.tariffId,
    insuranceIds: state.insuranceIds,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A saved choice read back, checked by hand: the first page carries no zod.
 * Null when anything in it is not what savedChoiceOf wrote.
 */
function choiceFrom(saved: unknown): Partial<CalculatorState> | null {
  if (!isRecord(saved)) return null;
  // A record saved before insurances were kept apart has none: nothing ticked.
  const { amount, period, tariffId, insuranceIds = [] } = saved;
  const money = typeof amount === 'string' ? parseMoney(amount) : null;
  const validPeriod = typeof period === 'number' && Number.isInteger(period) && period >= 0;
  const validTariff =
    tariffId === null || (typeof tariffId === 'number' && Number.isInteger(tariffId));
  const validIds =
    Array.isArray(insuranceIds) &&
    insuranceIds.every((id) => typeof id === 'number' && Number.isInteger(id));
  if (money === null || money < 0n || !validPeriod || !validTariff || !validIds) return null;
  return { amount: money, period, tariffId, insuranceIds };
}

/** localStorage that never throws (lib/storage); a damaged record reads as none. */
const choiceStorage: PersistStorage<SavedChoice> = {
  getItem: (name) => {
    const stored = readStoredJson(name);
    return isRecord(stored) ? { state: stored as SavedChoice, version: 0 } : null;
  },
  setItem: (name, value) => writeStoredJson(name, value.state),
  removeItem: removeStored,
};

type CalculatorStore = CalculatorState & CalculatorActions;

export const useCalculatorStore = create<CalculatorStore>()(
  persist<CalculatorStore, [], [], SavedChoice>(
    (set) => ({
      ...initialCalculator(),
      update: (patch) => set(patch),
      reset: () => set(initialCalculator()),
    }),
    {
      name: STORAGE_KEYS.calculator,
      storage: choiceStorage,
      partialize: savedChoiceOf,
      merge: (saved, current) => ({ ...current, ...choiceFrom(saved) }),
      // Restored at start-up (restoreCalculatorState), not when a module first imports the store.
      skipHydration: true,
    },
  ),
);

/**
 * Restores the saved choice (synchronously: local storage); a missing or damaged record leaves
 * the defaults. Every change is saved by the store itself (zustand's `persist`).
 */
export function restoreCalculatorState(): void {
  void useCalculatorStore.persist.rehydrate();
}
