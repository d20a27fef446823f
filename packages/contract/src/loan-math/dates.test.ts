import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  compareDates,
  dayNumberOf,
  daysBetween,
  endOfMoscowDay,
  isIsoDate,
  laterDate,
  moscowDate,
  startOfMoscowDay,
} from './dates';

describe('ISO dates', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-04-01', 30)).toBe('2026-05-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('is not shifted by daylight-saving dates (UTC days only)', () => {
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('counts days between dates', () => {
    expect(daysBetween('2026-04-01', '2026-05-01')).toBe(30);
    expect(daysBetween('2026-05-01', '2026-04-01')).toBe(-30);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  });

  it('rejects what is not a calendar date', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-4-1',
      '01.04.2026',
      '',
      '2026-04-01T00:00',
    ]) {
      expect(isIsoDate(text)).toBe(false);
      expect(() => dayNumberOf(text)).toThrow(RangeError);
    }
    expect(() => addDays('2026-04-01', 1.5)).toThrow(RangeError);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });

  it('compares and picks the later date', () => {
    expect(compareDates('2026-04-01', '2026-04-02')).toBeLessThan(0);
    expect(compareDates('2026-04-02', '2026-04-02')).toBe(0);
    expect(laterDate('2026-04-01', '2026-03-31')).toBe('2026-04-01');
  });

  it('addDays and daysBetween are inverse', () => {
    const date = fc.integer({ min: 0, max: 40_000 }).map((n) => addDays('1990-01-01', n));
    fc.assert(
      fc.property(date, fc.integer({ min: -5000, max: 5000 }), (from, days) => {
        expect(daysBetween(from, addDays(from, days))).toBe(days);
      }),
    );
  });
});

describe('Moscow dates', () => {
  it('takes today in Moscow (UTC+3), whatever the server time zone', () => {
    expect(moscowDate(new Date('2026-01-01T20:59:59Z'))).toBe('2026-01-01');
    expect(moscowDate(new Date('2026-01-01T21:00:00Z'))).toBe('2026-01-02');
  });

  it('ends the Moscow day at 00:00 Moscow time, 21:00 UTC', () => {
    expect(endOfMoscowDay(new Date('2026-01-01T20:59:59Z')).toISOString()).toBe(
      '2026-01-01T21:00:00.000Z',
    );
    expect(endOfMoscowDay(new Date('2026-01-01T21:00:00Z')).toISOString()).toBe(
      '2026-01-02T21:00:00.000Z',
    );
    expect(startOfMoscowDay(new Date('2026-01-01T21:00:00Z')).toISOString()).toBe(
      '2026-01-01T21:00:00.000Z',
    );
  });
});
