/**
 * Dates a person reads, always in Moscow time (the company's clock), whatever the browser's zone.
 * Instants («2026-11-24T09:05:00Z») are converted; calendar dates («2026-11-24») are already
 * Moscow days and are only rewritten.
 */
const MOSCOW = 'Europe/Moscow';
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: MOSCOW,
});
const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: MOSCOW,
});

/** «24.11.2026 12:05:00» Moscow time; text that is not a date is shown as it is. */
export function formatDateTime(iso: string): string {
  const moment = new Date(iso);
  if (CALENDAR_DATE.test(iso) || Number.isNaN(moment.getTime())) return formatDate(iso);
  return DATE_TIME.format(moment).replace(',', '');
}

/** «24.11.2026»: a calendar date as it is, an instant by its Moscow day. */
export function formatDate(text: string): string {
  const calendar = CALENDAR_DATE.exec(text);
  if (calendar) return `${calendar[3]}.${calendar[2]}.${calendar[1]}`;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? text : DATE.format(moment);
}
