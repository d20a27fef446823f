import { formatMoney, kopecks, parseMoney, type Kopecks } from '@zaymo/contract';

/** A wire money string as kopecks; a malformed one counts as zero (the schema already checked it). */
export function moneyOf(text: string): Kopecks {
  return parseMoney(text) ?? kopecks(0n);
}

/** A wire money string shown the Russian way: «12 345,67 ₽». */
export function showMoney(text: string): string {
  return formatMoney(moneyOf(text));
}
