import { describe, expect, it } from 'vitest';
import { MovableClock } from './clock';

describe('MovableClock', () => {
  const fixed = { now: () => new Date('2026-04-01T09:00:00Z') };

  it('follows its base clock until moved, then stays ahead by the offset', () => {
    const clock = new MovableClock(fixed);
    expect(clock.now().toISOString()).toBe('2026-04-01T09:00:00.000Z');
    clock.advanceBy(36 * 60 * 60 * 1000);
    clock.advanceBy(60_000);
    expect(clock.now().toISOString()).toBe('2026-04-02T21:01:00.000Z');
    expect(clock.offset).toBe(36 * 60 * 60 * 1000 + 60_000);
  });

  it('never goes back', () => {
    expect(() => new MovableClock(fixed).advanceBy(-1)).toThrow(RangeError);
  });
});
