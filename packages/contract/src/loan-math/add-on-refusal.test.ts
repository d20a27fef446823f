import { describe, expect, it } from 'vitest';
import { moscowDate } from './dates';
import { addOnRefusalLastDay, addOnRefusalOpen } from './add-on-refusal';

const RULES = { refusalDays: 30, refundWorkingDays: 7 };

describe('353-ФЗ ст. 7 ч. 2.7: refusal of an add-on within 30 calendar days', () => {
  it('consent on 1 November: the 30th day after (1 December) is the last day', () => {
    expect(addOnRefusalLastDay(RULES, '2026-11-01')).toBe('2026-12-01');
  });

  it('day 30 after the consent is allowed, day 31 is refused', () => {
    expect(addOnRefusalOpen(RULES, '2026-11-01', '2026-12-01')).toBe(true);
    expect(addOnRefusalOpen(RULES, '2026-11-01', '2026-12-02')).toBe(false);
  });

  it('the consent day itself is allowed', () => {
    expect(addOnRefusalOpen(RULES, '2026-11-01', '2026-11-01')).toBe(true);
  });

  it('counts Moscow days: 23:59 Moscow on day 30 is allowed, 00:00 Moscow on day 31 is not', () => {
    // 20:59 UTC = 23:59 Moscow (UTC+3); 21:00 UTC is already the next Moscow day.
    const lastMinute = moscowDate(new Date('2026-12-01T20:59:00Z'));
    const nextMidnight = moscowDate(new Date('2026-12-01T21:00:00Z'));
    expect(addOnRefusalOpen(RULES, '2026-11-01', lastMinute)).toBe(true);
    expect(addOnRefusalOpen(RULES, '2026-11-01', nextMidnight)).toBe(false);
  });

  it('the period follows the configured days', () => {
    expect(addOnRefusalLastDay({ ...RULES, refusalDays: 14 }, '2026-11-01')).toBe('2026-11-15');
  });
});
