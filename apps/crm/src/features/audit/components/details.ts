import { formatDate, formatDateTimeSeconds } from '@zaymo/web-kit';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A detail's value as a person reads it: an instant in Moscow time, a day as ДД.ММ.ГГГГ. */
function detailValue(value: string): string {
  if (ISO_INSTANT.test(value)) return formatDateTimeSeconds(value);
  if (ISO_DATE.test(value)) return formatDate(value);
  return value;
}

/** «expires_at: 27.11.2026 19:03:16; login: ivanov», or «—» when there are none. */
export function detailsText(details: Readonly<Record<string, string>>): string {
  const parts = Object.entries(details).map(([name, value]) => `${name}: ${detailValue(value)}`);
  return parts.join('; ') || '—';
}
