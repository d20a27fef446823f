/**
 * Calendar dates as ISO strings 'YYYY-MM-DD'. Arithmetic goes through whole UTC days, so the
 * host's time zone and daylight-saving changes never shift a date.
 */
export type IsoDate = string;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
/** Moscow has kept UTC+3 all year since 2014; the company's legal day is Moscow's. */
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Formatting, like parsing below, dominates long accrual runs: a day's text never changes. */
const formatted = new Map<number, IsoDate>();
const FORMATTED_LIMIT = 4096;

function isoDateOfDayNumber(dayNumber: number): IsoDate {
  const known = formatted.get(dayNumber);
  if (known !== undefined) return known;
  if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
  const text = new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
  formatted.set(dayNumber, text);
  return text;
}

function parseDayNumber(text: string): number | null {
  const match = ISO_DATE_PATTERN.exec(text);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return null;
  const dayNumber = Date.UTC(year, month - 1, day) / MS_PER_DAY;
  // Date.UTC silently rolls «2026-02-30» over to March; a round trip rejects such dates.
  return isoDateOfDayNumber(dayNumber) === text ? dayNumber : null;
}

/** Parsing dominates long accrual runs; the answer for a given text never changes. */
const parsed = new Map<string, number | null>();
const PARSED_LIMIT = 4096;

function dayNumberOrNull(text: string): number | null {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  const dayNumber = parseDayNumber(text);
  parsed.set(text, dayNumber);
  return dayNumber;
}

/** Days since 1970-01-01 (UTC). Throws on anything that is not a real calendar date. */
export function dayNumberOf(date: IsoDate): number {
  const dayNumber = dayNumberOrNull(date);
  if (dayNumber === null) throw new RangeError(`Not an ISO date: «${date}»`);
  return dayNumber;
}

export function isIsoDate(text: string): boolean {
  return dayNumberOrNull(text) !== null;
}

/** «2026-10-01» → «01.10.2026», the date as a person reads it. */
export function russianDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return isoDateOfDayNumber(dayNumberOf(date) + days);
}

/** Whole days from `from` to `to`: daysBetween('2026-04-01', '2026-05-01') === 30. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumberOf(to) - dayNumberOf(from);
}

/** Negative when a is earlier, 0 when equal, positive when later. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return daysBetween(b, a);
}

export function laterDate(a: IsoDate, b: IsoDate): IsoDate {
  return compareDates(a, b) >= 0 ? a : b;
}

/** Today's date in Moscow at the moment `now` (the server clock, which the sandbox moves). */
export function moscowDate(now: Date): IsoDate {
  return new Date(now.getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 Moscow time of the Moscow day of `now`. */
export function startOfMoscowDay(now: Date): Date {
  return new Date(dayNumberOf(moscowDate(now)) * MS_PER_DAY - MOSCOW_OFFSET_MS);
}

/** The first moment of the next Moscow day after `now`: when «today» ends for the company. */
export function endOfMoscowDay(now: Date): Date {
  return new Date(startOfMoscowDay(now).getTime() + MS_PER_DAY);
}
