/** A calendar date field's mask: typed as on paper (ДД.ММ.ГГГГ), sent as YYYY-MM-DD. */
export const DATE_MASK = '99.99.9999';

/** What a person reads under a date field that holds no real date. */
export const DATE_FORMAT_ERROR = 'Укажите дату в формате ДД.ММ.ГГГГ';

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
 * What a form keeps for a date field: the ISO date when the text is a complete real date,
 * nothing when the field is empty, else the text itself, which the form refuses with
 * {@link DATE_FORMAT_ERROR}.
 */
export function dateFieldValue(text: string): string | undefined {
  if (!/\d/.test(text)) return undefined;
  return displayDateToIso(unmaskedDate(text)) ?? text;
}

/** True for a calendar date as a form keeps it and the API takes it (YYYY-MM-DD). */
export function isIsoDate(value: string | undefined): value is string {
  return value !== undefined && displayDateToIso(isoToDisplayDate(value)) === value;
}

/** The Russian error of a date field's value, or nothing when it is a date (or optional and empty). */
export function dateError(value: string | undefined, required: boolean): string | undefined {
  if (value === undefined) return required ? 'Укажите дату' : undefined;
  return isIsoDate(value) ? undefined : DATE_FORMAT_ERROR;
}

/**
 * Eight bare digits read as ДД.ММ.ГГГГ: keys typed before the lazily loaded mask attaches reach
 * the form unformatted, and a form sent in that moment must not call «15031990» a wrong date.
 */
function unmaskedDate(text: string): string {
  return /^\d{8}$/.test(text.trim()) ? formatByMask(DATE_MASK, text) : text;
}
