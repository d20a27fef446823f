/**
 * Money is integer kopecks everywhere (decisions §3). `Kopecks` is a branded bigint so a
 * plain number or a rouble amount cannot be passed where kopecks are expected.
 */
export type Kopecks = bigint & { readonly __brand: 'Kopecks' };

export const KOPECKS_PER_ROUBLE = 100n;

export function kopecks(value: bigint): Kopecks {
  return value as Kopecks;
}

export function roubles(whole: bigint | number): Kopecks {
  const value = typeof whole === 'number' ? BigInt(whole) : whole;
  return kopecks(value * KOPECKS_PER_ROUBLE);
}

const MONEY_PATTERN = /^(-)?(\d+)(?:[.,](\d{1,2}))?$/;

/** Parses «12345», «12345.6», «12 345,67» into kopecks without floats; null when not money. */
export function parseMoney(text: string): Kopecks | null {
  const match = MONEY_PATTERN.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  const [, minus, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * KOPECKS_PER_ROUBLE + BigInt(fraction.padEnd(2, '0'));
  return kopecks(minus ? -value : value);
}

/** Kopecks as the decimal string used on the wire: «12345.67». */
export function toMoneyString(value: Kopecks): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / KOPECKS_PER_ROUBLE;
  const fraction = (abs % KOPECKS_PER_ROUBLE).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** A no-break space: the group separator and the space before «₽» of Russian number formatting. */
const NBSP = '\u00a0';

/**
 * «12 345,67 ₽», «12 400 ₽», «-0,5 ₽»: what `Intl.NumberFormat('ru-RU', { style: 'currency',
 * currency: 'RUB', minimumFractionDigits: 0, maximumFractionDigits: 2 })` prints (money.test.ts
 * compares them), written out from the kopecks with no float and no Intl: a page's first
 * `Intl.NumberFormat` loads the locale's data in a long task of the main thread, and
 * the home page formats money as soon as tariffs arrive.
 */
export function formatMoney(value: Kopecks): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const digits = (abs / KOPECKS_PER_ROUBLE).toString();
  let whole = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = whole.length; at < digits.length; at += 3) whole += NBSP + digits.slice(at, at + 3);
  const fraction = (abs % KOPECKS_PER_ROUBLE).toString().padStart(2, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}${NBSP}₽`;
}

/**
 * The rounding rule for derived amounts that are not charges (ПСК in roubles, display figures):
 * half away from zero to a whole kopeck, for a ratio numerator/denominator. Daily charges round
 * down instead (divideDown), so they never exceed a legal maximum.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/**
 * Rounds a non-negative ratio down to a whole kopeck: the rule for every daily charge (interest,
 * penalty), so that rounding always favours the client and no day exceeds the legal maximum
 * (353-FZ art. 5 part 21 for the penalty, the daily rate limit for interest).
 */
export function divideDown(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  if (numerator < 0n) throw new RangeError('A charge cannot be negative');
  return numerator / denominator;
}
