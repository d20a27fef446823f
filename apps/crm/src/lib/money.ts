import { formatMoney, parseMoney } from '@zaymo/contract';

/** «12345.67» from the wire → «12 345,67 ₽» through kopecks (never a float). */
export function formatRoubles(amount: string): string {
  const value = parseMoney(amount);
  return value === null ? amount : formatMoney(value);
}
