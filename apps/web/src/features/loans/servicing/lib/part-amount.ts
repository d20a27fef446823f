import { parseMoney, roubles, type Kopecks } from '@zaymo/contract';

/** The smallest part payment: 1 ₽. */
export const MIN_PART_PAYMENT = roubles(1);

export type PartAmountError = 'required' | 'format' | 'min' | 'max';
export type PartAmountCheck = { ok: true; amount: Kopecks } | { ok: false; error: PartAmountError };

/** A part payment typed by the client: money (no floats), from 1 ₽ up to today's total debt. */
export function checkPartAmount(text: string, total: Kopecks): PartAmountCheck {
  if (text.trim() === '') return { ok: false, error: 'required' };
  const amount = parseMoney(text);
  if (amount === null) return { ok: false, error: 'format' };
  if (amount < MIN_PART_PAYMENT) return { ok: false, error: 'min' };
  if (amount > total) return { ok: false, error: 'max' };
  return { ok: true, amount };
}
