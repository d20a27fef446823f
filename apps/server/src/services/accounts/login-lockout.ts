import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { withAdvisoryLocks } from '../../db/locks';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../errors';
import { refuseRateLimited } from '../rate-limit';
import { maskPhone } from '../../russian';

/**
 * Password guessing is paused per phone after N wrong passwords in a window (default 5 in 15
 * minutes, since the last success). The attempt is recorded as failed *before* the password is
 * checked, under a lock on the phone, so parallel guesses cannot exceed N; a right password then
 * marks its row as succeeded.
 */
type LockoutContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export async function reserveLoginAttempt(
  ctx: LockoutContext,
  phone: string,
  meta: RequestMeta,
): Promise<number> {
  const now = ctx.clock.now();
  const { maxFailures, windowMinutes } = ctx.config.loginLockout;
  const windowMs = windowMinutes * 60_000;
  return withAdvisoryLocks(ctx.db, [{ space: 'login', key: phone }], async (tx) => {
    const recent = await tx
      .select({ succeeded: loginAttempts.succeeded, createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.phone, phone),
          gt(loginAttempts.createdAt, new Date(now.getTime() - windowMs)),
        ),
      )
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
      .limit(maxFailures);
    const oldest = recent[maxFailures - 1];
    if (oldest && recent.every((attempt) => !attempt.succeeded)) {
      const wait = Math.max(
        1,
        Math.ceil((oldest.createdAt.getTime() + windowMs - now.getTime()) / 1000),
      );
      lockedOut(meta, phone, wait);
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ phone, ip: meta.ip, succeeded: false, createdAt: now })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error('Попытка входа не записана');
    return row.id;
  });
}

export async function markLoginSucceeded(ctx: LockoutContext, attemptId: number): Promise<void> {
  await ctx.db
    .update(loginAttempts)
    .set({ succeeded: true })
    .where(eq(loginAttempts.id, attemptId));
}

function lockedOut(meta: RequestMeta, phone: string, retryAfterSeconds: number): never {
  refuseRateLimited(meta.log, 'password_attempts', retryAfterSeconds, {
    error: (wait, options) => new AppError('PASSWORD_ATTEMPTS_LIMIT', wait, options),
    fields: { phone: maskPhone(phone), ip: meta.ip },
  });
}
