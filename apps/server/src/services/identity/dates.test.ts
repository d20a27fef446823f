import { describe, expect, it } from 'vitest';
import { anniversary, fullYears, isCalendarDate } from './dates';

describe('calendar dates', () => {
  it('accepts only dates that exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024-00-10')).toBe(false);
    expect(isCalendarDate('24-01-01')).toBe(false);
    expect(isCalendarDate('01.02.2000')).toBe(false);
  });

  it('puts the anniversary of 29 February on 28 February of a common year (ГК ст. 192)', () => {
    expect(anniversary('2008-02-29', 18)).toBe('2026-02-28');
    expect(anniversary('2008-02-29', 16)).toBe('2024-02-29');
    expect(anniversary('2000-03-10', 20)).toBe('2020-03-10');
  });

  it('counts full years: the birthday itself completes the year', () => {
    expect(fullYears('2008-06-15', '2026-06-14')).toBe(17);
    expect(fullYears('2008-06-15', '2026-06-15')).toBe(18);
    expect(fullYears('2008-02-29', '2026-02-27')).toBe(17);
    expect(fullYears('2008-02-29', '2026-02-28')).toBe(18);
  });
});
