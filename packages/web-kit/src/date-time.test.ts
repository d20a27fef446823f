import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatLongDateTime } from './date-time';

describe('dates a person reads', () => {
  it('shows an instant on its Moscow day, whatever the browser’s zone', () => {
    // 13.01 00:57 in Moscow is 12.01 21:57 UTC: a browser in UTC must still say 13.01.
    expect(formatDate('2027-01-12T21:57:00.000Z')).toBe('13.01.2027');
    expect(formatDateTime('2027-01-12T21:57:00.000Z')).toBe('13.01.2027 00:57');
    expect(formatDayMonth('2026-12-21T21:30:00Z')).toBe('22 декабря');
    expect(formatLongDateTime('2026-12-21T21:30:00Z')).toContain('22 декабря 2026');
  });

  it('shows a calendar date as the day it names', () => {
    expect(formatDate('2026-12-21')).toBe('21.12.2026');
    expect(formatDayMonth('2026-12-21')).toBe('21 декабря');
    expect(formatDate('2027-02-22')).toBe('22.02.2027');
  });

  it('writes a calendar date out as Intl.DateTimeFormat prints its Moscow day', () => {
    const numeric = new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    });
    const dayMonth = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      timeZone: 'Europe/Moscow',
    });
    for (let month = 1; month <= 12; month += 1) {
      for (const day of [1, 9, 10, 28]) {
        const text = `2027-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const noon = new Date(`${text}T12:00:00+03:00`);
        expect(formatDate(text)).toBe(numeric.format(noon));
        expect(formatDayMonth(text)).toBe(dayMonth.format(noon));
      }
    }
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatDate('скоро')).toBe('скоро');
    expect(formatDate('2027-13-45')).toBe('2027-13-45');
  });
});
