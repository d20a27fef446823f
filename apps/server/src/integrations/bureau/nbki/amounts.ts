import { kopecks, type Kopecks } from '@zaymo/contract';

/*
 * Numbers as NBKI writes them: the report's sums are roubles with a decimal comma («194000,00»),
 * its ПСК a percent with a comma («13,790»), the average payment whole roubles; GUTDF (758-П XML)
 * uses a dot («1234.56»). All parsed and written from integer kopecks, never through a float.
 */

const COMMA_SUM = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/;

/** «194000,00», «194000.5», «194000» → kopecks; null for anything else. */
export function parseRoubles(text: string | null): Kopecks | null {
  const match = text === null ? null : COMMA_SUM.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return kopecks(sign === '-' ? -value : value);
}

function roublesText(value: Kopecks, separator: ',' | '.'): string {
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  const fraction = String(absolute % 100n).padStart(2, '0');
  return `${sign}${absolute / 100n}${separator}${fraction}`;
}

/** The B2B request and report: «10000,00». */
export function commaRoubles(value: Kopecks): string {
  return roublesText(value, ',');
}

/** GUTDF: «10000.00». */
export function dotRoubles(value: Kopecks): string {
  return roublesText(value, '.');
}

/** A percent with up to three decimals, comma or dot → «292.000»; null for anything else. */
export function parsePercent(text: string | null): string | null {
  const match = text === null ? null : /^(\d+)(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}`;
}

/** «292.000» → «292,000» for the report the sandbox writes. */
export function commaPercent(percent: string): string {
  return percent.replace('.', ',');
}
