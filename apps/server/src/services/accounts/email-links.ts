import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, max, min } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { withAdvisoryLocks, type Transaction } from '../../db/locks';
import { oneTimeTokens } from '../../db/schema';
import { AppError } from '../../errors';
import { enforceRateLimit, refuseRateLimited, secondsUntil, type Refusal } from '../rate-limit';

/**
 * One-time links sent by e-mail: 256 random bits in the link, only SHA-256 stored, single use,
 * each purpose with its lifetime. Sending is paused 60 s between letters and capped at 5 an hour
 * per client and purpose (rows counted under a lock, shared by all instances).
 */
export const LINK_PURPOSES = {
  email_confirm: { ttlMinutes: 24 * 60 },
  password_reset: { ttlMinutes: 60 },
  login_link: { ttlMinutes: 15 },
} as const;
export type LinkPurpose = keyof typeof LINK_PURPOSES;

const RESEND_AFTER_SECONDS = 60;
const PER_HOUR = 5;
const HOUR_MS = 3_600_000;

type LinkContext = Pick<AppContext, 'db' | 'clock'>;

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueEmailLink(
  ctx: LinkContext,
  target: { clientId: number; email: string; purpose: LinkPurpose },
  meta: RequestMeta,
): Promise<{ id: number; token: string }> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  const locks = [{ space: 'emailLink', key: `${target.clientId}:${target.purpose}` }] as const;
  const id = await withAdvisoryLocks(ctx.db, locks, async (tx) => {
    await enforceLinkLimits(tx, target, meta, now);
    const [row] = await tx
      .insert(oneTimeTokens)
      .values({
        clientId: target.clientId,
        purpose: target.purpose,
        tokenHash: hashLinkToken(token),
        email: target.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + LINK_PURPOSES[target.purpose].ttlMinutes * 60_000),
      })
      .returning({ id: oneTimeTokens.id });
    if (!row) throw new Error('Ссылка не сохранена');
    return row.id;
  });
  return { id, token };
}

/** A letter that could not be sent does not count against the limits. */
export async function discardEmailLink(ctx: LinkContext, id: number): Promise<void> {
  await ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.id, id));
}

async function enforceLinkLimits(
  tx: Transaction,
  target: { clientId: number; purpose: LinkPurpose },
  meta: RequestMeta,
  now: Date,
): Promise<void> {
  const [stats] = await tx
    .select({
      count: count(),
      oldest: min(oneTimeTokens.createdAt),
      latest: max(oneTimeTokens.createdAt),
    })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.clientId, target.clientId),
        eq(oneTimeTokens.purpose, target.purpose),
        gt(oneTimeTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  const pause = secondsUntil(stats?.latest, RESEND_AFTER_SECONDS * 1000, now);
  if (pause > 0)
    refuse(
      meta,
      target,
      pause,
      (wait, options) => new AppError('EMAIL_RESEND_PAUSE', wait, options),
    );
  enforceRateLimit(
    meta.log,
    { name: `email_${target.purpose}`, max: PER_HOUR, windowMs: HOUR_MS },
    { count: stats?.count ?? 0, oldest: stats?.oldest },
    now,
    {
      error: (wait, options) => new AppError('EMAIL_LIMIT', wait, options),
      fields: { clientId: target.clientId, ip: meta.ip },
    },
  );
}

function refuse(
  meta: RequestMeta,
  target: { clientId: number; purpose: LinkPurpose },
  retryAfterSeconds: number,
  error: Refusal['error'],
): never {
  refuseRateLimited(meta.log, `email_${target.purpose}`, retryAfterSeconds, {
    error,
    fields: { clientId: target.clientId, ip: meta.ip },
  });
}

export interface LinkOwner {
  clientId: number;
  email: string;
}

/** The owner of a live link, without using it up (to check a new password before the reset). */
export async function peekEmailLink(
  ctx: LinkContext,
  purpose: LinkPurpose,
  token: string,
): Promise<LinkOwner | null> {
  const [row] = await ctx.db
    .select({ clientId: oneTimeTokens.clientId, email: oneTimeTokens.email })
    .from(oneTimeTokens)
    .where(liveLink(purpose, token, ctx.clock.now()));
  return row ?? null;
}

/** Uses the link up in one statement: of two concurrent uses, one wins. */
export async function consumeEmailLink(
  ctx: LinkContext,
  purpose: LinkPurpose,
  token: string,
): Promise<LinkOwner | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(oneTimeTokens)
    .set({ consumedAt: now })
    .where(liveLink(purpose, token, now))
    .returning({ clientId: oneTimeTokens.clientId, email: oneTimeTokens.email });
  return row ?? null;
}

/** After a password reset: the other reset and sign-in links of the client stop working. */
export async function revokeEmailLinks(
  ctx: LinkContext,
  clientId: number,
  purposes: readonly LinkPurpose[],
): Promise<void> {
  for (const purpose of purposes) {
    await ctx.db
      .update(oneTimeTokens)
      .set({ consumedAt: ctx.clock.now() })
      .where(
        and(
          eq(oneTimeTokens.clientId, clientId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.consumedAt),
        ),
      );
  }
}

function liveLink(purpose: LinkPurpose, token: string, now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, hashLinkToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.consumedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}
