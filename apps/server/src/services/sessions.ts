import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { preparedStatement } from '../db';
import { batchedLookup } from '../db/batched-lookup';
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

/** Who opens an operator session from the console: their logout or block ends it. */
export interface OpenedBy {
  staffId: number;
  staffSessionId: number;
}

export async function issueSession(
  ctx: SessionContext,
  clientId: number,
  options: { operatorName?: string; openedBy?: OpenedBy } = {},
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
      openedByStaffId: options.openedBy?.staffId ?? null,
      openedByStaffSessionId: options.openedBy?.staffSessionId ?? null,
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
 * (node-postgres parses it once per connection): the live sessions (the tokens', not revoked,
 * neither expiry passed) joined with their clients. The requests that come in one turn of the
 * event loop are looked up together (`lookupSession`): one round trip for all of them, each
 * request still answered by a statement sent after it came. A plain read: the touch is a
 * statement of its own, made at most once a SESSION_TOUCH_INTERVAL_MS, because an UPDATE in the
 * same statement (a CTE) costs PostgreSQL the write's set-up and a second lookup of the row on
 * every request.
 *
 * One statement per size of `in ($1 … $n)`, n a power of two (a batch is padded with its last
 * token): PostgreSQL plans such a statement once and keeps the plan. With `= any($1)`, an array
 * of unknown length, it judged its generic plan dearer than one for each actual array and
 * planned the statement again on every execution (PostgreSQL's CPU per lookup tripled).
 */
function authenticateStatement(size: number) {
  const tokenPlaceholders = Array.from({ length: size }, (_, index) =>
    sql.placeholder(`t${index}`),
  );
  return preparedStatement((db) =>
    db
      .select({
        tokenHash: sessions.tokenHash,
        sessionId: sessions.id,
        operatorName: sessions.operatorName,
        lastSeenAt: sessions.lastSeenAt,
        client: clients,
      })
      .from(sessions)
      .innerJoin(clients, eq(clients.id, sessions.clientId))
      .where(
        and(
          inArray(sessions.tokenHash, tokenPlaceholders),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, sql.placeholder('now')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare(`authenticate_sessions_${size}`),
  );
}

/**
 * At most this many tokens in one statement: a burst of requests goes in several statements of
 * plans PostgreSQL has already chosen, not in one of any length.
 */
const MAX_TOKENS_PER_LOOKUP = 64;
const STATEMENT_SIZES = [1, 2, 4, 8, 16, 32, MAX_TOKENS_PER_LOOKUP];
const authenticateStatements = STATEMENT_SIZES.map((size) => authenticateStatement(size));

type SessionRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof authenticateStatement>>['execute']>
>[number];

/** The live sessions of these tokens (at most MAX_TOKENS_PER_LOOKUP), by token hash. */
async function readSessions(
  ctx: Pick<SessionContext, 'db' | 'clock'>,
  tokenHashes: string[],
): Promise<Map<string, SessionRow>> {
  const index = STATEMENT_SIZES.findIndex((size) => size >= tokenHashes.length);
  const size = STATEMENT_SIZES[index];
  const statement = authenticateStatements[index];
  const last = tokenHashes.at(-1);
  if (!size || !statement || last === undefined) throw new Error('Слишком много токенов в запросе');
  const values: Record<string, string | Date> = { now: ctx.clock.now() };
  for (let position = 0; position < size; position++) {
    values[`t${position}`] = tokenHashes[position] ?? last;
  }
  const rows = await statement(ctx.db).execute(values);
  return new Map(rows.map((row) => [row.tokenHash, row]));
}

/** One batched lookup per database and clock (tests run apps with clocks of their own). */
const sessionLookups = new WeakMap<
  SessionContext['db'],
  WeakMap<SessionContext['clock'], (tokenHash: string) => Promise<SessionRow | undefined>>
>();

function lookupSession(ctx: SessionContext, tokenHash: string): Promise<SessionRow | undefined> {
  let byClock = sessionLookups.get(ctx.db);
  if (!byClock) sessionLookups.set(ctx.db, (byClock = new WeakMap()));
  let lookup = byClock.get(ctx.clock);
  if (!lookup) {
    const database = { db: ctx.db, clock: ctx.clock };
    lookup = batchedLookup({
      maxKeys: MAX_TOKENS_PER_LOOKUP,
      fetch: (tokenHashes: string[]) => readSessions(database, tokenHashes),
    });
    byClock.set(ctx.clock, lookup);
  }
  return lookup(tokenHash);
}

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
 * idle too long or past its absolute expiry. One statement, one round trip (shared with the
 * requests of the same turn); a second one, the touch, only when the last touch is older than
 * SESSION_TOUCH_INTERVAL_MS. Nothing is cached: a revoked session fails at once everywhere.
 */
export async function authenticateToken(
  ctx: SessionContext,
  token: string,
): Promise<SignedIn | null> {
  const row = await lookupSession(ctx, hashSessionToken(token));
  if (!row) return null;
  const now = ctx.clock.now();
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
