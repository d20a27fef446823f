/**
 * The one place dates become text a person reads, in the cabinet and the console. Instants from
 * the server («2026-01-12T21:57:00Z») are shown in Moscow time, as the company's documents
 * print them; calendar dates («2026-01-13») are already the company's (Moscow) days and are
 * shown as they are.
 */

const MOSCOW = 'Europe/Moscow';
const ISO_CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A formatter made on its first use: a page's first `Intl.DateTimeFormat` loads the locale's and
 * the time zone's data in a long task of the main thread, which the first screens, with
 * no date on them, should not pay at start-up.
 */
function formatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | null = null;
  return () => (made ??= new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: MOSCOW }));
}

const DATE_TIME = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DATE_TIME_SECONDS = formatter({
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const NUMERIC_DATE = formatter({ day: '2-digit', month: '2-digit', year: 'numeric' });
const DAY_MONTH = formatter({ day: 'numeric', month: 'long' });
const LONG_DATE_TIME = formatter({ dateStyle: 'long', timeStyle: 'short' });

/**
 * The moment a text names: a calendar date is taken at noon Moscow time (UTC+3, no daylight
 * saving), so formatting it in Moscow gives back the same day; an instant is itself.
 */
function momentOf(text: string): Date | null {
  const calendar = ISO_CALENDAR_DATE.exec(text);
  const value = calendar ? new Date(`${text}T12:00:00+03:00`) : new Date(text);
  return Number.isNaN(value.getTime()) ? null : value;
}

function format(made: () => Intl.DateTimeFormat, text: string): string {
  const moment = momentOf(text);
  return moment ? made().format(moment).replace(',', '') : text;
}

/** «21.11.2026 14:05», Moscow time. */
export function formatDateTime(iso: string): string {
  return format(DATE_TIME, iso);
}

/** «21.11.2026 14:05:09», Moscow time (the sandbox outbox, every instant of the console). */
export function formatDateTimeSeconds(iso: string): string {
  return format(DATE_TIME_SECONDS, iso);
}

/** «21.12.2026»: the Moscow day of an instant, or a calendar date as it is. */
export function formatDate(text: string): string {
  const calendar = ISO_CALENDAR_DATE.exec(text);
  if (calendar && momentOf(text)) return `${calendar[3]}.${calendar[2]}.${calendar[1]}`;
  return format(NUMERIC_DATE, text);
}

/** Month names as a day's date reads them: «21 декабря». */
const MONTHS_OF_DAYS = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/**
 * «21 декабря». A calendar date (the calculator's due date on the home page) is written out
 * with no Intl formatter to make; date-time.test.ts compares it with Intl's.
 */
export function formatDayMonth(text: string): string {
  const calendar = ISO_CALENDAR_DATE.exec(text);
  const month = calendar && MONTHS_OF_DAYS[Number(calendar[2]) - 1];
  if (calendar && month && momentOf(text)) return `${Number(calendar[3])} ${month}`;
  return format(DAY_MONTH, text);
}

/** «21 ноября 2026 г. в 14:05», Moscow time. */
export function formatLongDateTime(iso: string): string {
  const moment = momentOf(iso);
  return moment ? LONG_DATE_TIME().format(moment) : iso;
}

/**
 * «21.11.2026 22:05» on the wall clock of `timeZone`: only where the law counts another zone's
 * hours (a debtor's local time under 230-FZ), always shown beside the Moscow time.
 */
export function formatDateTimeInZone(iso: string, timeZone: string): string {
  const moment = momentOf(iso);
  if (!moment) return iso;
  return new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  })
    .format(moment)
    .replace(',', '');
}
