import type { FastifyBaseLogger } from 'fastify';
import type { AppError, AppErrorOptions } from '../errors';
import { securityEvent } from '../logging';

/*
 * The one rate-limit helper. Every limit counts rows the database already keeps for its own
 * reason (SMS codes sent, login attempts, e-mail links, tickets, guest look-ups), per key (a
 * phone, an IP, a client, a contract number), so all instances share it and nothing lives in
 * memory. The helper decides and refuses: 429 with Retry-After, and a `rate_limited` security
 * line for every refusal.
 */

export interface RateLimitRule {
  /** The `limit` field of the security line: «password_attempts», «tickets_per_day». */
  readonly name: string;
  /** How many hits the window allows; the next one is refused. */
  readonly max: number;
  readonly windowMs: number;
}

/** The caller's count of hits of one key inside the window, and the oldest of them. */
export interface WindowHits {
  readonly count: number;
  /** min(created_at): a Date or, from some drivers, a string. */
  readonly oldest: Date | string | null | undefined;
}

export interface Refusal {
  /**
   * The limit's own refusal, given the wait (for a text that names it, «через 5 минут») and the
   * options that carry it to Retry-After.
   */
  readonly error: (wait: { seconds: number }, options: AppErrorOptions) => AppError;
  /** What the security line says about the caller (masked phone, ip, client id). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** Whole seconds until `start + durationMs`, never negative. */
export function secondsUntil(
  start: Date | string | null | undefined,
  durationMs: number,
  now: Date,
): number {
  if (start === null || start === undefined) return 0;
  const startMs = new Date(start).getTime();
  return Math.max(0, Math.ceil((startMs + durationMs - now.getTime()) / 1000));
}

/** 429 with Retry-After and a `rate_limited` security line: the end of every limit. */
export function refuseRateLimited(
  log: FastifyBaseLogger,
  limit: string,
  retryAfterSeconds: number,
  refusal: Refusal,
): never {
  const retryAfter = Math.max(1, retryAfterSeconds);
  securityEvent(log, 'rate_limited', { limit, ...refusal.fields, retryAfter });
  throw refusal.error({ seconds: retryAfter }, { retryAfterSeconds: retryAfter });
}

/** Refuses when the window already holds `max` hits; the wait ends when the oldest leaves it. */
export function enforceRateLimit(
  log: FastifyBaseLogger,
  rule: RateLimitRule,
  hits: WindowHits,
  now: Date,
  refusal: Refusal,
): void {
  if (hits.count < rule.max) return;
  const retryAfter = secondsUntil(hits.oldest ?? now, rule.windowMs, now);
  refuseRateLimited(log, rule.name, retryAfter, refusal);
}
