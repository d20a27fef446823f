import { create } from 'zustand';
import { z } from 'zod';
import {
  DEFAULT_TARIFF_PERIOD,
  kopecks,
  moneyStringSchema,
  parseMoney,
  RECURRENCE_PERIODS,
  toMoneyString,
  type Kopecks,
  type RecurrencePeriod,
} from '@zaymo/contract';
import { readStoredJson, STORAGE_KEYS, writeStoredJson } from '@/lib/storage';

/** Spec §3 calculator state: money in kopecks, periods in days, saved to local storage. */
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
  phone: string;
  utm: Record<string, string>;
  timezone: string;
  tariffs: unknown[];
  insurances: unknown[];
};

type CalculatorActions = {
  update: (patch: Partial<CalculatorState>) => void;
  reset: () => void;
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
    phone: '',
    utm: {},
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    tariffs: [],
    insurances: [],
  };
}

export const useCalculatorStore = create<CalculatorState & CalculatorActions>()((set) => ({
  ...initialCalculator(),
  update: (patch) => set(patch),
  reset: () => set(initialCalculator()),
}));

const MONEY_FIELDS = ['amount', 'minSum', 'maxSum', 'amountStep', 'returnSum'] as const;

/** Money travels as decimal strings in storage: JSON has no bigint. */
const money = moneyStringSchema.transform((text) => parseMoney(text) ?? ZERO);

const storedCalculatorSchema = z.object({
  amount: money,
  minSum: money,
  maxSum: money,
  amountStep: money,
  period: z.number(),
  maxDate: z.number(),
  minDate: z.number(),
  dateStep: z.number(),
  dayPercent: z.number(),
  tariffPeriod: z.enum(RECURRENCE_PERIODS),
  returnSum: money,
  tariffId: z.number().nullable(),
  phone: z.string(),
  utm: z.record(z.string(), z.string()),
  timezone: z.string(),
  tariffs: z.array(z.unknown()),
  insurances: z.array(z.unknown()),
});

export function serializeCalculator(state: CalculatorState): Record<string, unknown> {
  const stored: Record<string, unknown> = pickCalculatorFields(state);
  for (const field of MONEY_FIELDS) stored[field] = toMoneyString(state[field]);
  return stored;
}

function pickCalculatorFields(state: CalculatorState): CalculatorState {
  const fields = Object.keys(initialCalculator()) as (keyof CalculatorState)[];
  return Object.fromEntries(fields.map((field) => [field, state[field]])) as CalculatorState;
}

export function saveCalculatorState(): void {
  writeStoredJson(STORAGE_KEYS.calculator, serializeCalculator(useCalculatorStore.getState()));
}

/** Restores the saved calculator; a missing or damaged record leaves the defaults. */
export function restoreCalculatorState(): boolean {
  const parsed = storedCalculatorSchema.safeParse(readStoredJson(STORAGE_KEYS.calculator));
  if (!parsed.success) return false;
  useCalculatorStore.setState(parsed.data);
  return true;
}

/** Saves the calculator on every change; returns the unsubscribe function. */
export function persistCalculatorState(): () => void {
  return useCalculatorStore.subscribe(saveCalculatorState);
}
