import { toMoneyString, type IsoDate, type Kopecks } from '@zaymo/contract';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const dayMonth = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const numericDate = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The calendar date of an ISO date or date-time («2026-12-21», «2026-12-21T10:00:00Z»). */
function calendarDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  return new Date(Date.UTC(year, month - 1, day));
}

/** «21 декабря». */
export function formatDayMonth(date: IsoDate): string {
  const value = calendarDate(date);
  return value ? dayMonth.format(value) : date;
}

/** «21.12.2026». */
export function formatNumericDate(date: string): string {
  const value = calendarDate(date);
  return value ? numericDate.format(value) : date;
}

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
