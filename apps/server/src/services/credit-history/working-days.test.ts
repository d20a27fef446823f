import { describe, expect, it } from 'vitest';
import { PRODUCTION_CALENDAR, WorkingDays } from './working-days';

const calendar = new WorkingDays();

function workingDaysIn(year: number): number {
  return calendar.workingDaysBetween(`${year - 1}-12-31`, `${year}-12-31`);
}

describe('the production calendar', () => {
  it('has the official number of working days in 2025 and 2026 (247 each)', () => {
    expect(workingDaysIn(2025)).toBe(247);
    expect(workingDaysIn(2026)).toBe(247);
  });

  it('keeps 2027 marked unconfirmed: the January transfers are not published yet', () => {
    expect(PRODUCTION_CALENDAR.years['2027']?.confirmed).toBe(false);
    expect(calendar.calendarYears()).toEqual(['2025', '2026', '2027']);
  });

  it('knows holidays, transferred days off and working Saturdays', () => {
    expect(calendar.isWorkingDay('2026-01-09')).toBe(false); // transferred from 3 January
    expect(calendar.isWorkingDay('2026-03-09')).toBe(false); // 8 March was a Sunday
    expect(calendar.isWorkingDay('2025-11-01')).toBe(true); // a working Saturday
    expect(calendar.isWorkingDay('2025-11-03')).toBe(false);
    expect(calendar.isWorkingDay('2026-11-27')).toBe(true); // a Friday
    expect(calendar.isWorkingDay('2026-11-28')).toBe(false); // a Saturday
  });

  it('counts the n-th working day after a date, skipping weekends and holidays', () => {
    // Friday 27.11.2026 → Monday 30.11, Tuesday 01.12.
    expect(calendar.addWorkingDays('2026-11-27', 2)).toBe('2026-12-01');
    // Tuesday 30.12.2025: 31.12 and 1–11 January are days off → Monday 12, Tuesday 13 January.
    expect(calendar.addWorkingDays('2025-12-30', 2)).toBe('2026-01-13');
    // Wednesday 30.12.2026: 31.12 (transferred) and 1–8 January → 11 and 12 January 2027.
    expect(calendar.addWorkingDays('2026-12-30', 2)).toBe('2027-01-12');
  });

  it('counts Monday to Friday in a year the data does not hold', () => {
    expect(calendar.addWorkingDays('2028-03-03', 2)).toBe('2028-03-07');
  });
});
