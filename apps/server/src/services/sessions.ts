import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sessions } from '../db/schema';

/** 32 random bytes: 256 bits, 43 base64url characters (the web app stores tokens > 27 chars). */
const TOKEN_BYTES = 32;
const MS_PER_MINUTE = 60_000;

export interface ClientSession {
  sessionId: number;
  clientId: number;
  /** Set when a CRM operator acts for the client; such a session cannot sign or move money. */
  operatorName: string | null;
}

export interface IssuedSession extends ClientSession {
  token: string;
  expiresAt: Date;
}

type SessionContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export function generateSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Sessions are stored and looked up by this hash; the token itself is never stored. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueSession(
  ctx: SessionContext,
  clientId: number,
  options: { operatorName?: string } = {},
): Promise<IssuedSession> {
  const token = generateSessionToken();
  const now = ctx.clock.now();
  const lifetime = sessionLifetime(ctx, options.operatorName);
  const expiresAt = minutesAfter(now, lifetime.absoluteMinutes);
  const [row] = await ctx.db
    .insert(sessions)
    .values({
      clientId,
      tokenHash: hashSessionToken(token),
      operatorName: options.operatorName ?? null,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: minutesAfter(now, lifetime.idleMinutes),
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('Сессия не создана');
  return {
    token,
    expiresAt,
    sessionId: row.id,
    clientId,
    operatorName: options.operatorName ?? null,
  };
}

function sessionLifetime(ctx: SessionContext, operatorName: string | undefined) {
  const policy = ctx.config.session;
  if (!operatorName) return policy;
  const operatorMinutes = policy.operatorMinutes;
  return {
    idleMinutes: Math.min(policy.idleMinutes, operatorMinutes),
    absoluteMinutes: operatorMinutes,
  };
}

/**
 * The live session of a token, or null when it is unknown, revoked, idle too long or past its
 * absolute expiry. A found session is touched: last seen now, idle expiry pushed forward.
 */
export async function authenticateToken(
  ctx: SessionContext,
  token: string,
): Promise<ClientSession | null> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(sessions)
    .set({ lastSeenAt: now, idleExpiresAt: minutesAfter(now, ctx.config.session.idleMinutes) })
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({
      sessionId: sessions.id,
      clientId: sessions.clientId,
      operatorName: sessions.operatorName,
    });
  return row ?? null;
}

export async function revokeSession(ctx: SessionContext, sessionId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Signs the client out everywhere, e.g. after a password change. */
export async function revokeClientSessions(ctx: SessionContext, clientId: number): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(sessions.clientId, clientId), isNull(sessions.revokedAt)));
}

function minutesAfter(moment: Date, minutes: number): Date {
  return new Date(moment.getTime() + minutes * MS_PER_MINUTE);
}

/** After a password change: every other session of the client ends, the current one stays. */
export async function revokeOtherSessions(
  ctx: SessionContext,
  clientId: number,
  keepSessionId: number,
): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(sessions.clientId, clientId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    );
}
