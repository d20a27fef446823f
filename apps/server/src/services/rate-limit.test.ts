import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { apiErrorMessage } from '@zaymo/contract';
import { AppError, isAppError, type AppErrorOptions } from '../errors';
import { enforceRateLimit, refuseRateLimited, secondsUntil } from './rate-limit';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const RULE = { name: 'tickets_per_day', max: 3, windowMs: 60 * 60 * 1000 };
const NOW = new Date('2026-05-01T12:00:00Z');

/** A per-key counter over hits the way a table keeps them: timestamps per key. */
function hitsOf(hits: Record<string, Date[]>, key: string, now: Date) {
  const inWindow = (hits[key] ?? []).filter((at) => now.getTime() - at.getTime() < RULE.windowMs);
  const oldest = inWindow.reduce<Date | null>((a, b) => (a && a < b ? a : b), null);
  return { count: inWindow.length, oldest };
}

function refusalOf(work: () => void) {
  try {
    work();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  return null;
}

describe('rate limit helper', () => {
  it('lets the window fill, then refuses with the wait until the oldest hit leaves it', () => {
    const { log, lines } = capture();
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    const hits = { a: [at(50), at(20)], b: [at(59), at(30), at(10)] };
    const refusal = {
      error: (_: unknown, options: AppErrorOptions) =>
        new AppError('TICKETS_PER_DAY_LIMIT', { max: 2 }, options),
      fields: { clientId: 7 },
    };
    expect(
      refusalOf(() => enforceRateLimit(log, RULE, hitsOf(hits, 'a', NOW), NOW, refusal)),
    ).toBeNull();
    const refused = refusalOf(() =>
      enforceRateLimit(log, RULE, hitsOf(hits, 'b', NOW), NOW, refusal),
    );
    expect(refused?.code).toBe('TICKETS_PER_DAY_LIMIT');
    expect(refused?.retryAfterSeconds).toBe(60);
    expect(lines).toEqual([
      expect.objectContaining({
        security: 'rate_limited',
        limit: 'tickets_per_day',
        clientId: 7,
        retryAfter: 60,
      }),
    ]);
    // A minute later the oldest hit of key b is out of the window: allowed again.
    const later = new Date(NOW.getTime() + 60_000);
    expect(
      refusalOf(() => enforceRateLimit(log, RULE, hitsOf(hits, 'b', later), later, refusal)),
    ).toBeNull();
  });

  it('logs every refusal and words the wait in the message when asked', () => {
    const { log, lines } = capture();
    const refusal = {
      error: (wait: { seconds: number }, options: AppErrorOptions) =>
        new AppError('SMS_RESEND_PAUSE', wait, options),
    };
    const refused = refusalOf(() => refuseRateLimited(log, 'sms_codes', 0, refusal));
    expect(refused?.retryAfterSeconds).toBe(1);
    expect(refused?.message).toBe(apiErrorMessage('SMS_RESEND_PAUSE', { seconds: 1 }));
    refusalOf(() => refuseRateLimited(log, 'sms_codes', 30, refusal));
    expect(lines.map((line) => [line.security, line.limit, line.retryAfter])).toEqual([
      ['rate_limited', 'sms_codes', 1],
      ['rate_limited', 'sms_codes', 30],
    ]);
  });

  it('counts seconds up, never below zero', () => {
    expect(secondsUntil(new Date(NOW.getTime() - 500), 2000, NOW)).toBe(2);
    expect(secondsUntil(NOW.toISOString(), 0, NOW)).toBe(0);
    expect(secondsUntil(null, 1000, NOW)).toBe(0);
  });
});
