import { and, count, eq, gt, min, sql, type SQL } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { withAdvisoryLocks, type Transaction } from '../../db/locks';
import { staffSignInAttempts } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { refuseRateLimited, secondsUntil } from '../rate-limit';
import { recordAudit, type AuditActor } from './audit';

/*
 * The console's sign-in lock-outs. Five failures (password or code) of one login within 15
 * minutes, since its last successful sign-in, lock that login for the rest of the window; twenty
 * failures from one address, whatever the logins, refuse that address too (one password tried
 * against many logins never locks any one of them). A step is recorded as failed *before* it is
 * checked, under locks on the address and the login, and marked succeeded after: the limits
 * hold however many guesses arrive at once, on every instance.
 */

export const STAFF_LOCKOUT = { name: 'staff_sign_in', max: 5, windowMs: 15 * 60_000 } as const;
export const STAFF_ADDRESS_LIMIT = {
  name: 'staff_sign_in_address',
  max: 20,
  windowMs: 15 * 60_000,
} as const;

type LockoutContext = Pick<AppContext, 'db' | 'clock'>;
type Step = 'password' | 'totp';

/** One step tried: who (for the audit), the login tried and the request. */
export interface SignInTry {
  actor: AuditActor;
  login: string;
  meta: RequestMeta;
}

type Hits = { count: number; oldest: Date | string | null };
type Verdict = { attemptId: number } | { refused: 'address' | 'login'; hits: Hits };

/**
 * Reserves one try of `step` for `login` from the request's address, or refuses it (audited
 * `locked_out`). Returns the attempt to mark succeeded when the step is right.
 */
export async function reserveStaffAttempt(
  ctx: LockoutContext,
  attempt: SignInTry,
  step: Step,
): Promise<number> {
  const { meta, login } = attempt;
  const now = ctx.clock.now();
  const locks = [
    { space: 'staffSignInIp', key: meta.ip },
    { space: 'staffSignInLogin', key: login },
  ] as const;
  const verdict = await withAdvisoryLocks(ctx.db, locks, async (tx): Promise<Verdict> => {
    const byAddress = await failuresSince(tx, eq(staffSignInAttempts.ip, meta.ip), now);
    if (byAddress.count >= STAFF_ADDRESS_LIMIT.max) return { refused: 'address', hits: byAddress };
    const byLogin = await failuresSince(tx, loginSinceLastSignIn(login), now);
    if (byLogin.count >= STAFF_LOCKOUT.max) return { refused: 'login', hits: byLogin };
    const [row] = await tx
      .insert(staffSignInAttempts)
      .values({ login, ip: meta.ip, step, succeeded: false, createdAt: now })
      .returning({ id: staffSignInAttempts.id });
    if (!row) throw new Error('Попытка входа не записана');
    return { attemptId: row.id };
  });
  if ('attemptId' in verdict) return verdict.attemptId;
  // Audited after the locks are released: on PGlite the outer handle waits for the transaction.
  if (verdict.refused === 'address') return refuseAddress(ctx, attempt, verdict.hits, now);
  return refuseLogin(ctx, attempt, verdict.hits, now);
}

export async function markStaffAttemptSucceeded(
  ctx: Pick<AppContext, 'db'>,
  attemptId: number,
): Promise<void> {
  await ctx.db
    .update(staffSignInAttempts)
    .set({ succeeded: true })
    .where(eq(staffSignInAttempts.id, attemptId));
}

/** The login's tries after its last complete sign-in (a right TOTP code). */
function loginSinceLastSignIn(login: string): SQL {
  const lastSignIn = sql`(select max(${staffSignInAttempts.createdAt}) from ${staffSignInAttempts}
    where ${staffSignInAttempts.login} = ${login} and ${staffSignInAttempts.step} = 'totp'
      and ${staffSignInAttempts.succeeded})`;
  return sql`${staffSignInAttempts.login} = ${login}
    and ${staffSignInAttempts.createdAt} > coalesce(${lastSignIn}, '-infinity'::timestamptz)`;
}

async function failuresSince(tx: Transaction, who: SQL, now: Date): Promise<Hits> {
  const windowStart = new Date(now.getTime() - STAFF_LOCKOUT.windowMs);
  const [row] = await tx
    .select({ count: count(), oldest: min(staffSignInAttempts.createdAt) })
    .from(staffSignInAttempts)
    .where(
      and(
        who,
        eq(staffSignInAttempts.succeeded, false),
        gt(staffSignInAttempts.createdAt, windowStart),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

async function refuseAddress(
  ctx: LockoutContext,
  { actor, login, meta }: SignInTry,
  hits: Hits,
  now: Date,
): Promise<never> {
  await recordAudit(ctx, actor, { action: 'locked_out', details: { login, reason: 'address' } });
  return refuseRateLimited(
    meta.log,
    STAFF_ADDRESS_LIMIT.name,
    secondsUntil(hits.oldest ?? now, STAFF_ADDRESS_LIMIT.windowMs, now),
    {
      error: (wait, options) => new AppError('STAFF_ADDRESS_LIMIT', wait, options),
      fields: { ip: meta.ip },
    },
  );
}

async function refuseLogin(
  ctx: LockoutContext,
  { actor, login, meta }: SignInTry,
  hits: Hits,
  now: Date,
): Promise<never> {
  const retryAfter = Math.max(1, secondsUntil(hits.oldest, STAFF_LOCKOUT.windowMs, now));
  await recordAudit(ctx, actor, { action: 'locked_out', details: { login } });
  securityEvent(meta.log, 'rate_limited', { limit: STAFF_LOCKOUT.name, login, retryAfter });
  throw new AppError('STAFF_LOCKED', { retryAfterSeconds: retryAfter });
}
