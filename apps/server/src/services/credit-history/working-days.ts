import { addDays, dayNumberOf, isIsoDate, type IsoDate } from '@zaymo/contract';
import { z } from 'zod';
import calendarJson from './production-calendar.json' with { type: 'json' };

/*
 * Russian working days, from the production calendar kept as data (production-calendar.json):
 * holidays and transferred days off (ТК РФ ст. 112), and Saturdays made working. A year the file
 * does not hold counts Monday to Friday only; `calendarYears` tells which years it holds.
 */

const isoDate = z.string().refine(isIsoDate, 'ожидается дата YYYY-MM-DD');

const calendarSchema = z.object({
  about: z.string(),
  years: z.record(
    z.string().regex(/^\d{4}$/),
    z.object({
      act: z.string(),
      /** false: the Government's transfers for the year were not published when it was written. */
      confirmed: z.boolean(),
      holidays: z.array(isoDate),
      workingWeekends: z.array(isoDate),
    }),
  ),
});
export type ProductionCalendar = z.infer<typeof calendarSchema>;

export const PRODUCTION_CALENDAR: ProductionCalendar = calendarSchema.parse(calendarJson);

export class WorkingDays {
  private readonly holidays: ReadonlySet<IsoDate>;
  private readonly workingWeekends: ReadonlySet<IsoDate>;

  constructor(readonly calendar: ProductionCalendar = PRODUCTION_CALENDAR) {
    const years = Object.values(calendar.years);
    this.holidays = new Set(years.flatMap((year) => year.holidays));
    this.workingWeekends = new Set(years.flatMap((year) => year.workingWeekends));
  }

  isWorkingDay(date: IsoDate): boolean {
    if (this.workingWeekends.has(date)) return true;
    if (this.holidays.has(date)) return false;
    // 1970-01-01 was a Thursday: day number 0 → weekday 4 (Sunday 0 … Saturday 6).
    const weekday = (dayNumberOf(date) + 4) % 7;
    return weekday !== 0 && weekday !== 6;
  }

  /** The `count`-th working day after `date` (not counting `date` itself). */
  addWorkingDays(date: IsoDate, count: number): IsoDate {
    let day = date;
    for (let found = 0; found < count;) {
      day = addDays(day, 1);
      if (this.isWorkingDay(day)) found += 1;
    }
    return day;
  }

  /** Working days after `from` up to and including `to`; 0 when `to` is not later. */
  workingDaysBetween(from: IsoDate, to: IsoDate): number {
    let count = 0;
    for (let day = addDays(from, 1); dayNumberOf(day) <= dayNumberOf(to); day = addDays(day, 1)) {
      if (this.isWorkingDay(day)) count += 1;
    }
    return count;
  }

  /** Years the data holds (others count Monday to Friday only). */
  calendarYears(): string[] {
    return Object.keys(this.calendar.years).sort();
  }
}
