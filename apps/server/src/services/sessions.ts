import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { selectRows } from '../db';
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
 * A session's last-seen time and idle expiry move at most once a minute: a read made within a
 * minute of the last touch costs no write, so concurrent requests of one client never queue on
 * the session row's lock and a signed-in read stays one query.
 */
export const SESSION_TOUCH_INTERVAL_MS = MS_PER_MINUTE;

interface LiveSessionRow {
  session_id: number | string;
  client_id: number | string;
  operator_name: string | null;
}

/**
 * The live session of a token, or null when it is unknown, revoked, idle too long or past its
 * absolute expiry. One statement: the lookup, plus the touch (last seen now, idle expiry pushed
 * forward) when the last one is older than SESSION_TOUCH_INTERVAL_MS.
 */
export async function authenticateToken(
  ctx: SessionContext,
  token: string,
): Promise<ClientSession | null> {
  const now = ctx.clock.now();
  const touchedBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  const idleExpiresAt = minutesAfter(now, ctx.config.session.idleMinutes);
  const [row] = await selectRows<LiveSessionRow>(
    ctx.db,
    sql`
    with live as (
      select ${sessions.id} as session_id, ${sessions.clientId} as client_id,
        ${sessions.operatorName} as operator_name, ${sessions.lastSeenAt} as last_seen_at
      from ${sessions}
      where ${sessions.tokenHash} = ${hashSessionToken(token)} and ${sessions.revokedAt} is null
        and ${sessions.idleExpiresAt} > ${now} and ${sessions.expiresAt} > ${now}
    ), touched as (
      update ${sessions}
      set last_seen_at = ${now}, idle_expires_at = ${idleExpiresAt}
      where id = (select session_id from live where last_seen_at < ${touchedBefore})
        and last_seen_at < ${touchedBefore}
    )
    select session_id, client_id, operator_name from live`,
  );
  if (!row) return null;
  return {
    sessionId: Number(row.session_id),
    clientId: Number(row.client_id),
    operatorName: row.operator_name,
  };
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
