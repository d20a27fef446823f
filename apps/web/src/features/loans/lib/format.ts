import { toMoneyString, type Kopecks } from '@zaymo/contract';

/** «292.000» → «292,000»; «1234.500» → «1 234,500». */
export function formatPskPercent(percent: string): string {
  const [whole = '', fraction] = percent.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return fraction === undefined ? grouped : `${grouped},${fraction}`;
}

/** Kopecks as roubles for a number field: «10000», «10000.5». */
export function roublesInputText(value: Kopecks): string {
  return toMoneyString(value)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1');
}

/** The last four digits of a masked card number («220000******0004» → «0004»). */
export function lastFour(panMasked: string): string {
  return panMasked.slice(-4);
}
