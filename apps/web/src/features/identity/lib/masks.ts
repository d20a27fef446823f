import { DIVISION_CODE_MASK, PASSPORT_MASK } from '@zaymo/contract';

/** The birth and issue date fields: typed as on paper, sent as YYYY-MM-DD. */
export const DATE_MASK = '99.99.9999';

/**
 * Puts the digits of `text` into the `9` slots of `mask`, the other characters as they are,
 * stopping where the digits end: formatByMask('999-999', '7720') → «772-0».
 */
export function formatByMask(mask: string, text: string): string {
  const digits = text.replace(/\D/g, '');
  let result = '';
  let used = 0;
  for (const slot of mask) {
    if (used >= digits.length) break;
    if (slot === '9') {
      result += digits[used];
      used += 1;
    } else result += slot;
  }
  return result;
}

/** «772001», «772-0» → «772-001», «772-0»: the division code as the field shows it. */
export function formatDivisionCode(text: string): string {
  return formatByMask(DIVISION_CODE_MASK, text);
}

/** «4506123456» → «45 06 123456»: a saved passport number back in the field's shape. */
export function formatPassport(text: string): string {
  return formatByMask(PASSPORT_MASK, text);
}

/** «15.03.1990» → «1990-03-15» when it is a real calendar date, else null. */
export function displayDateToIso(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** «1990-03-15» → «15.03.1990»; anything else stays as it is. */
export function isoToDisplayDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return value ?? '';
  const [, year, month, day] = match;
  return `${day}.${month}.${year}`;
}

/**
 * What the form keeps for a date field: the ISO date when the text is a complete real date,
 * nothing when the field is empty (the schema says «Укажите дату»), else the text itself,
 * which the schema refuses with «Укажите дату в формате ДД.ММ.ГГГГ».
 */
export function dateFieldValue(text: string): string | undefined {
  if (!/\d/.test(text)) return undefined;
  return displayDateToIso(unmaskedDate(text)) ?? text;
}

/**
 * Eight bare digits read as ДД.ММ.ГГГГ: keys typed before the lazily loaded mask attaches reach
 * the form unformatted, and a form sent in that moment must not call «15031990» a wrong date.
 */
function unmaskedDate(text: string): string {
  return /^\d{8}$/.test(text.trim()) ? formatByMask(DATE_MASK, text) : text;
}

const MAX_INCOME_DIGITS = 9;

/** Whole roubles typed into the income field: digits only, no leading zeros, at most 9. */
export function incomeDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, MAX_INCOME_DIGITS);
}

/** «45000» → «45 000»: thousands apart, as Russians write sums. */
export function formatIncome(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** A saved income «45000.00» → «45000» for the field (it takes whole roubles). */
export function wholeRoubles(income: string | null | undefined): string {
  return incomeDigits((income ?? '').split('.')[0] ?? '');
}
