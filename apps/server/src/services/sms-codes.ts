import { createHmac, randomInt } from 'node:crypto';
import { SMS_CODE_RULES, type SmsPurpose } from '@zaymo/contract';
import { and, count, desc, eq, gt, isNull, max, min, sql, type SQL } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../context';
import { withAdvisoryLocks, type Transaction } from '../db/locks';
import { smsCodes } from '../db/schema';
import { AppError, type ErrorCode } from '../errors';
import { securityEvent } from '../logging';
import { enforceRateLimit, refuseRateLimited, secondsUntil } from './rate-limit';
import { maskPhone } from '../russian';

/**
 * One-time SMS codes (decisions §4): 6 digits from a CSPRNG, stored as an HMAC, single use,
 * bound to phone and purpose (and to the client or the signed subject when given), valid 5
 * minutes, 5 wrong tries, resend after 60 s, hourly caps per phone and per IP. Every counter is
 * a row in sms_codes, counted under advisory locks, so several instances share the limits.
 */

const MS = 1000;
const HOUR_MS = 3600 * MS;

export interface CodeBinding {
  phone: string;
  purpose: SmsPurpose;
  /** The client the code is for (phone change, signing). */
  clientId?: number | null;
  /** What a signing code signs, e.g. «order:42:docs:3f2a…». */
  subject?: string | null;
}

export interface IssuedCode {
  id: number;
  code: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
}

type CodeContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export function generateSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Keyed by the server secret and bound to phone and purpose: a leaked table reveals no code. */
export function hashSmsCode(secret: string, binding: CodeBinding, code: string): string {
  return createHmac('sha256', secret)
    .update(`${binding.purpose}\n${binding.phone}\n${binding.subject ?? ''}\n${code}`)
    .digest('hex');
}

export async function issueSmsCode(
  ctx: CodeContext,
  binding: CodeBinding,
  meta: RequestMeta,
): Promise<IssuedCode> {
  const now = ctx.clock.now();
  const locks = [
    { space: 'smsPhone', key: binding.phone },
    { space: 'smsIp', key: meta.ip },
  ] as const;
  const code = generateSmsCode();
  const id = await withAdvisoryLocks(ctx.db, locks, async (tx) => {
    await enforceSendLimits(tx, binding, meta, now);
    return insertCode(tx, ctx.config.appSecret, binding, code, meta.ip, now);
  });
  return {
    id,
    code,
    resendAfterSeconds: SMS_CODE_RULES.resendAfterSeconds,
    expiresInSeconds: SMS_CODE_RULES.ttlSeconds,
  };
}

/** A code whose SMS could not be sent is forgotten, so the client may ask again at once. */
export async function discardSmsCode(ctx: CodeContext, id: number): Promise<void> {
  await ctx.db.delete(smsCodes).where(eq(smsCodes.id, id));
}

async function insertCode(
  tx: Transaction,
  secret: string,
  binding: CodeBinding,
  code: string,
  ip: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(smsCodes)
    .values({
      phone: binding.phone,
      purpose: binding.purpose,
      clientId: binding.clientId ?? null,
      subject: binding.subject ?? null,
      codeHash: hashSmsCode(secret, binding, code),
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_RULES.ttlSeconds * MS),
    })
    .returning({ id: smsCodes.id });
  if (!row) throw new Error('Код не сохранён');
  return row.id;
}

async function enforceSendLimits(
  tx: Transaction,
  binding: CodeBinding,
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const byPhone = await sentSince(tx, eq(smsCodes.phone, binding.phone), hourAgo);
  // The 60 s pause is between codes of one purpose: a sign-up code must not delay signing.
  const samePurpose = await sentSince(
    tx,
    and(eq(smsCodes.phone, binding.phone), eq(smsCodes.purpose, binding.purpose)) as SQL,
    hourAgo,
  );
  const pause = secondsUntil(samePurpose.latest, SMS_CODE_RULES.resendAfterSeconds * MS, now);
  if (pause > 0) {
    refuse(meta, binding, 'resend_pause', pause);
  }
  const fields = { purpose: binding.purpose, phone: maskPhone(binding.phone), ip: meta.ip };
  enforceRateLimit(
    meta.log,
    { name: 'phone_hourly_cap', max: SMS_CODE_RULES.perPhonePerHour, windowMs: HOUR_MS },
    byPhone,
    now,
    {
      error: (wait, options) => new AppError('SMS_PHONE_LIMIT', wait, options),
      fields,
    },
  );
  const byIp = await sentSince(tx, eq(smsCodes.ip, meta.ip), hourAgo);
  enforceRateLimit(
    meta.log,
    { name: 'ip_hourly_cap', max: SMS_CODE_RULES.perIpPerHour, windowMs: HOUR_MS },
    byIp,
    now,
    {
      error: (wait, options) => new AppError('SMS_DEVICE_LIMIT', wait, options),
      fields,
    },
  );
}

async function sentSince(tx: Transaction, who: SQL, since: Date) {
  const [stats] = await tx
    .select({
      count: count(),
      oldest: min(smsCodes.createdAt),
      latest: max(smsCodes.createdAt),
    })
    .from(smsCodes)
    .where(and(who, gt(smsCodes.createdAt, since)));
  return {
    count: stats?.count ?? 0,
    oldest: toDate(stats?.oldest),
    latest: toDate(stats?.latest),
  };
}

/** min()/max() of a timestamp come back as a Date or, from some drivers, as a string. */
function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

function refuse(
  meta: RequestMeta,
  binding: CodeBinding,
  reason: string,
  retryAfterSeconds: number,
): never {
  refuseRateLimited(meta.log, reason, retryAfterSeconds, {
    error: (wait, options) => new AppError('SMS_RESEND_PAUSE', wait, options),
    fields: { purpose: binding.purpose, phone: maskPhone(binding.phone), ip: meta.ip },
  });
}

// ── Checking a code ────────────────────────────────────────────────────────────────────────────

export interface ConsumedCode {
  id: number;
  clientId: number | null;
}

/** wrong_subject: a code sent to sign something else (another order or document set). */
type FailureReason = 'missing' | 'wrong' | 'wrong_subject' | 'exhausted' | 'expired' | 'used';
type WrongAttempt = 'wrong' | 'wrong_subject';

/**
 * A code proving a phone that is not yet signed in (sign-up, sign-in, reset) answers one message
 * whether there was no code, a used one or an expired one: a used sign-up or sign-in code exists
 * only for a registered number (its owner used it), an expired one mostly for numbers someone
 * uses, so telling them apart would list registered numbers to anyone (no code asked first).
 */
const GUEST_PURPOSES: readonly SmsPurpose[] = ['signup', 'signin', 'reset'];
const UNUSABLE_FOR_GUESTS: readonly FailureReason[] = ['missing', 'used', 'expired'];

const FAILURE_CODES = {
  missing: 'SMS_CODE_MISSING',
  exhausted: 'SMS_CODE_EXHAUSTED',
  expired: 'SMS_CODE_EXPIRED',
  used: 'SMS_CODE_USED',
} as const satisfies Record<Exclude<FailureReason, WrongAttempt>, ErrorCode>;

/**
 * Checks a code and uses it up. The check and the use are one UPDATE: a right code is consumed,
 * a wrong one counts an attempt, and the row lock makes concurrent tries take turns, so neither
 * a second use nor a sixth counted attempt can slip through.
 */
export async function consumeSmsCode(
  ctx: CodeContext,
  binding: CodeBinding,
  code: string,
  meta: RequestMeta,
): Promise<ConsumedCode> {
  return checkSmsCode(ctx, binding, code, meta, true);
}

/**
 * Checks a code and leaves it usable (a reset code proves the phone before the client
 * chooses a new password or a link by e-mail). A wrong code counts an attempt, as in
 * consumeSmsCode, so checking is no way round the attempt limit.
 */
export async function verifySmsCode(
  ctx: CodeContext,
  binding: CodeBinding,
  code: string,
  meta: RequestMeta,
): Promise<ConsumedCode> {
  return checkSmsCode(ctx, binding, code, meta, false);
}

async function checkSmsCode(
  ctx: CodeContext,
  binding: CodeBinding,
  code: string,
  meta: RequestMeta,
  consume: boolean,
): Promise<ConsumedCode> {
  const now = ctx.clock.now();
  const latest = await latestCode(ctx, binding);
  if (!latest) return failCode(meta, binding, 'missing');
  const hash = hashSmsCode(ctx.config.appSecret, binding, code);
  const matches = sql`${smsCodes.codeHash} = ${hash}`;
  const [result] = await ctx.db
    .update(smsCodes)
    .set({
      attempts: sql`case when ${matches} then ${smsCodes.attempts} else ${smsCodes.attempts} + 1 end`,
      consumedAt: consume
        ? sql`case when ${matches} then ${now.toISOString()}::timestamptz end`
        : sql`null`,
    })
    .where(
      and(
        eq(smsCodes.id, latest.id),
        isNull(smsCodes.consumedAt),
        sql`${smsCodes.attempts} < ${SMS_CODE_RULES.maxWrongAttempts}`,
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: smsCodes.attempts, matched: sql<boolean>`${matches}` });
  if (result?.matched) return { id: latest.id, clientId: latest.clientId };
  if (result && (latest.subject ?? null) !== (binding.subject ?? null)) {
    return failCode(meta, binding, 'wrong_subject', result.attempts);
  }
  if (result) return failCode(meta, binding, 'wrong', result.attempts);
  return failCode(meta, binding, await whyUnusable(ctx, latest.id, now));
}

/**
 * The latest code of this phone, purpose and client, whatever it was sent to sign: the subject is
 * in the HMAC, so a code tried on another subject is a wrong attempt on that code, not a miss.
 */
async function latestCode(ctx: CodeContext, binding: CodeBinding) {
  const [row] = await ctx.db
    .select({ id: smsCodes.id, clientId: smsCodes.clientId, subject: smsCodes.subject })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, binding.phone),
        eq(smsCodes.purpose, binding.purpose),
        binding.clientId != null
          ? eq(smsCodes.clientId, binding.clientId)
          : isNull(smsCodes.clientId),
      ),
    )
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

async function whyUnusable(ctx: CodeContext, id: number, now: Date): Promise<FailureReason> {
  const [row] = await ctx.db.select().from(smsCodes).where(eq(smsCodes.id, id));
  if (!row) return 'missing';
  if (row.consumedAt) return 'used';
  if (row.attempts >= SMS_CODE_RULES.maxWrongAttempts) return 'exhausted';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'missing';
}

function failCode(
  meta: RequestMeta,
  binding: CodeBinding,
  reason: FailureReason,
  attempts?: number,
): never {
  securityEvent(meta.log, 'code_failed', {
    reason,
    purpose: binding.purpose,
    phone: maskPhone(binding.phone),
    clientId: binding.clientId ?? undefined,
    attempts,
    ip: meta.ip,
  });
  if (reason === 'wrong') {
    const left = SMS_CODE_RULES.maxWrongAttempts - (attempts ?? 0);
    throw new AppError('SMS_CODE_WRONG', { left }, { field: 'code' });
  }
  if (reason === 'wrong_subject') throw new AppError('SMS_CODE_OTHER_SUBJECT', { field: 'code' });
  const forGuest = GUEST_PURPOSES.includes(binding.purpose) && UNUSABLE_FOR_GUESTS.includes(reason);
  throw new AppError(forGuest ? 'SMS_CODE_UNUSABLE' : FAILURE_CODES[reason], { field: 'code' });
}
