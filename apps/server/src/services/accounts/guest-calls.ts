import { and, count, eq, gt, min, type SQL } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { withAdvisoryLocks, type Transaction } from '../../db/locks';
import { guestAccountCalls } from '../../db/schema';
import { AppError, type AppErrorOptions } from '../../errors';
import { enforceRateLimit } from '../rate-limit';
import { maskPhone } from '../../russian';

/**
 * Guest calls that take only a phone and send a letter (sign-in link, reset link) are counted
 * before the phone is looked up, so neither their answers nor their limits tell a
 * stranger which numbers are registered. Rows in guest_account_calls, counted under advisory
 * locks: every instance shares the caps.
 */
export const GUEST_CALL_CAPS = { perPhonePerHour: 5, perIpPerHour: 20 } as const;
const HOUR_MS = 3_600_000;

export type GuestCall = 'login_link' | 'reset_by_email';

export async function countGuestCall(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  phone: string,
  call: GuestCall,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const locks = [
    { space: 'guestPhone', key: phone },
    { space: 'guestIp', key: meta.ip },
  ] as const;
  await withAdvisoryLocks(ctx.db, locks, async (tx) => {
    const since = new Date(now.getTime() - HOUR_MS);
    const refusal = {
      error: (wait: { seconds: number }, options: AppErrorOptions) =>
        new AppError('TOO_MANY_ATTEMPTS', wait, options),
      fields: { call, phone: maskPhone(phone), ip: meta.ip },
    };
    const hourly = (name: string, max: number) => ({ name, max, windowMs: HOUR_MS });
    const byPhone = await callsSince(tx, eq(guestAccountCalls.phone, phone), since);
    enforceRateLimit(
      meta.log,
      hourly('guest_phone_hourly_cap', GUEST_CALL_CAPS.perPhonePerHour),
      byPhone,
      now,
      refusal,
    );
    const byIp = await callsSince(tx, eq(guestAccountCalls.ip, meta.ip), since);
    enforceRateLimit(
      meta.log,
      hourly('guest_ip_hourly_cap', GUEST_CALL_CAPS.perIpPerHour),
      byIp,
      now,
      refusal,
    );
    await tx.insert(guestAccountCalls).values({ phone, ip: meta.ip, call, createdAt: now });
  });
}

async function callsSince(tx: Transaction, who: SQL, since: Date) {
  const [row] = await tx
    .select({ count: count(), oldest: min(guestAccountCalls.createdAt) })
    .from(guestAccountCalls)
    .where(and(who, gt(guestAccountCalls.createdAt, since)));
  const oldest = row?.oldest ?? null;
  return {
    count: row?.count ?? 0,
    oldest: oldest === null ? null : oldest instanceof Date ? oldest : new Date(oldest),
  };
}
