import {
  CRM_SESSION_IDLE_MINUTES,
  CRM_SESSION_MAX_HOURS,
  type Staff,
  type StaffRole,
} from '@zaymo/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, staff, staffSessions } from '../../db/schema';
import { generateSessionToken, hashSessionToken } from '../sessions';

/*
 * Staff sessions: their own table and a token prefix of their own, so a staff token
 * is never looked up among client sessions and a client token never among staff sessions.
 * 30 minutes idle, 8 hours at most; a blocked staff member's sessions stop at once, and so do
 * the operator sessions (client-cabinet links) they opened.
 */

export const STAFF_TOKEN_PREFIX = 'crm_';
const MS_PER_MINUTE = 60_000;
const IDLE_MS = CRM_SESSION_IDLE_MINUTES * MS_PER_MINUTE;
const ABSOLUTE_MS = CRM_SESSION_MAX_HOURS * 60 * MS_PER_MINUTE;
/** Like client sessions: the idle expiry moves at most once a minute. */
const TOUCH_INTERVAL_MS = MS_PER_MINUTE;

export interface StaffSession {
  sessionId: number;
  staff: Staff;
}

type SessionContext = Pick<AppContext, 'db' | 'clock'>;

export function isStaffToken(token: string): boolean {
  return token.startsWith(STAFF_TOKEN_PREFIX);
}

export async function issueStaffSession(
  ctx: SessionContext,
  staffId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${STAFF_TOKEN_PREFIX}${generateSessionToken()}`;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_MS);
  await ctx.db.insert(staffSessions).values({
    staffId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + IDLE_MS),
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session of a staff token (and its unblocked staff member), or null. */
export async function authenticateStaffToken(
  ctx: SessionContext,
  token: string,
): Promise<StaffSession | null> {
  if (!isStaffToken(token)) return null;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      id: staff.id,
      login: staff.login,
      name: staff.name,
      role: staff.role,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashSessionToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.idleExpiresAt, now),
        gt(staffSessions.expiresAt, now),
        isNull(staff.blockedAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(staffSessions)
      .set({
        lastSeenAt: now,
        idleExpiresAt: sql`least(${staffSessions.expiresAt}, ${new Date(now.getTime() + IDLE_MS)})`,
      })
      .where(eq(staffSessions.id, row.sessionId));
  }
  const role: StaffRole = row.role;
  return {
    sessionId: row.sessionId,
    staff: { id: row.id, login: row.login, name: row.name, role },
  };
}

/** Ends a console session and the operator sessions opened from it (the console's logout). */
export async function revokeStaffSession(
  ctx: SessionContext,
  session: { sessionId: number; staffId: number },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.id, session.sessionId), isNull(staffSessions.revokedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.openedByStaffId, session.staffId),
          eq(sessions.openedByStaffSessionId, session.sessionId),
          isNull(sessions.revokedAt),
        ),
      );
  });
}

/**
 * Ends every console session of a staff member and every operator session they opened in the
 * client cabinet (a block, a log-out everywhere): nothing they started outlives it.
 */
export async function revokeAllStaffSessions(ctx: SessionContext, staffId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.openedByStaffId, staffId), isNull(sessions.revokedAt)));
  });
}
