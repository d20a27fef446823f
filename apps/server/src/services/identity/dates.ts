/**
 * Birth and document dates as the contract sends them, «YYYY-MM-DD», compared as strings: which
 * exist, anniversaries, age. General date arithmetic (addDays, moscowDate) is the contract's.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a date that exists in the calendar: «2001-02-29» and «2024-13-01» are not. */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * The day `years` after `date`. Someone born on 29 February has the anniversary on 28 February
 * in a common year: a period counted in years ends on the last day of the month when the month
 * has no such day (Civil Code art. 192).
 */
export function anniversary(date: string, years: number): string {
  const [year, month, day] = parts(date);
  const target = year + years;
  return format(target, month, Math.min(day, daysInMonth(target, month)));
}

/** Full years from `birthDate` to `today`: the age on that day. */
export function fullYears(birthDate: string, today: string): number {
  const [birthYear] = parts(birthDate);
  const [todayYear] = parts(today);
  const years = todayYear - birthYear;
  return today >= anniversary(birthDate, years) ? years : years - 1;
}

function parts(date: string): [number, number, number] {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return date.split('-').map(Number) as [number, number, number];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function format(year: number, month: number, day: number): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
