import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { preparedStatement } from '../db';
import { clients, sessions, type ClientRow } from '../db/schema';

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

/**
 * Sessions are stored and looked up by this hash; the token itself is never stored. Node's
 * one-shot `hash` (every signed-in request makes one): a sixth of a Hash object's cost.
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
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

/** A live session and its client's row, read together by authenticateToken. */
export interface SignedIn {
  session: ClientSession;
  client: ClientRow;
}

/**
 * The statement of every signed-in request, built once per database and prepared by name
 * (node-postgres parses it once per connection): the live session (the token's, not revoked,
 * neither expiry passed) joined with its client. A plain read: the touch is a statement of its
 * own, made at most once a SESSION_TOUCH_INTERVAL_MS, because an UPDATE in the same statement
 * (a CTE) costs PostgreSQL the write's set-up and a second lookup of the row on every request.
 */
const authenticateStatement = preparedStatement((db) =>
  db
    .select({
      sessionId: sessions.id,
      operatorName: sessions.operatorName,
      lastSeenAt: sessions.lastSeenAt,
      client: clients,
    })
    .from(sessions)
    .innerJoin(clients, eq(clients.id, sessions.clientId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql.placeholder('now')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('authenticate_session'),
);

/**
 * Last seen now, idle expiry pushed forward. The condition on the last touch makes the second
 * of two concurrent requests at the minute's turn write nothing (it re-reads the row after the
 * first one's lock).
 */
const touchStatement = preparedStatement((db) =>
  db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sql.placeholder('now')}`,
      idleExpiresAt: sql`${sql.placeholder('idleExpiresAt')}`,
    })
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        lt(sessions.lastSeenAt, sql.placeholder('touchedBefore')),
      ),
    )
    .prepare('touch_session'),
);

/**
 * The live session of a token with its client's row, or null when the token is unknown, revoked,
 * idle too long or past its absolute expiry. One statement, one round trip; a second one, the
 * touch, only when the last touch is older than SESSION_TOUCH_INTERVAL_MS. Nothing is cached: a
 * revoked session fails at once everywhere.
 */
export async function authenticateToken(
  ctx: SessionContext,
  token: string,
): Promise<SignedIn | null> {
  const now = ctx.clock.now();
  const [row] = await authenticateStatement(ctx.db).execute({
    tokenHash: hashSessionToken(token),
    now,
  });
  if (!row) return null;
  const touchedBefore = new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS);
  if (row.lastSeenAt < touchedBefore) await touchOnce(ctx, row.sessionId, now, touchedBefore);
  const session = {
    sessionId: row.sessionId,
    clientId: row.client.id,
    operatorName: row.operatorName,
  };
  return { session, client: row.client };
}

/**
 * The sessions whose touch is on its way, per database: when a minute has passed, the concurrent
 * requests of one client (a page loads several at once) all read the old last-seen time, and
 * each would send the touch and wait on the row's lock; in this process only the first sends it.
 */
const touchesInFlight = new WeakMap<SessionContext['db'], Set<number>>();

async function touchOnce(
  ctx: SessionContext,
  sessionId: number,
  now: Date,
  touchedBefore: Date,
): Promise<void> {
  let inFlight = touchesInFlight.get(ctx.db);
  if (!inFlight) touchesInFlight.set(ctx.db, (inFlight = new Set()));
  if (inFlight.has(sessionId)) return;
  inFlight.add(sessionId);
  try {
    await touchStatement(ctx.db).execute({
      sessionId,
      now,
      touchedBefore,
      idleExpiresAt: minutesAfter(now, ctx.config.session.idleMinutes),
    });
  } finally {
    inFlight.delete(sessionId);
  }
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
