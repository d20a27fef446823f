import type { CrmPasswordResponse, CrmSessionResponse, Staff } from '@zaymo/contract';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { crmAudit, staff, staffSignInTickets, type StaffRow } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { verifyAgainstNothing, verifyPassword } from '../accounts/passwords';
import { enforceRateLimit, secondsUntil } from '../rate-limit';
import { waitPhrase } from '../russian';
import { generateSessionToken, hashSessionToken } from '../sessions';
import { findStaffByLogin } from './accounts';
import { recordAudit, type AuditActor } from './audit';
import { issueStaffSession } from './sessions';
import {
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  totpEnrollment,
  totpEpoch,
  verifyTotp,
} from './totp';

/*
 * Staff sign-in: login and password give a five-minute ticket; the ticket and the
 * authenticator app's code give a session. On the first sign-in the ticket carries a new TOTP
 * secret, which the first right code makes the staff member's. Five failures (password or
 * code) of one login within 15 minutes lock that login for the rest of the window; twenty
 * failures from one address, whatever the logins, refuse that address too (one password tried
 * against many logins never locks any one of them); every success, failure and refusal is in the
 * audit log.
 */

export const STAFF_LOCKOUT = { name: 'staff_sign_in', max: 5, windowMs: 15 * 60_000 } as const;
export const STAFF_ADDRESS_LIMIT = {
  name: 'staff_sign_in_address',
  max: 20,
  windowMs: 15 * 60_000,
} as const;
const TICKET_MS = 5 * 60_000;
const TICKET_PREFIX = 'crmt_';
export const WRONG_CREDENTIALS_MESSAGE = 'Неверный логин или пароль';
export const TICKET_EXPIRED_MESSAGE = 'Время входа истекло. Введите логин и пароль заново';
const FAILURES = ['sign_in_failed', 'totp_failed'] as const;

type SignInContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

function actorOf(row: StaffRow | undefined, login: string, meta: RequestMeta): AuditActor {
  return { staff: row ? { id: row.id, role: row.role } : null, login, meta };
}

/**
 * Refuses a locked login: `max` failures inside the window since its last successful sign-in.
 * The refusal itself is audited (locked_out) and answers STAFF_LOCKED with Retry-After.
 */
async function assertNotLocked(
  ctx: SignInContext,
  login: string,
  actor: AuditActor,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - STAFF_LOCKOUT.windowMs);
  const lastSuccess = sql`(select max(${crmAudit.createdAt}) from ${crmAudit}
    where ${crmAudit.login} = ${login} and ${crmAudit.action} = 'sign_in')`;
  const [hits] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${crmAudit.createdAt})`,
    })
    .from(crmAudit)
    .where(
      and(
        eq(crmAudit.login, login),
        inArray(crmAudit.action, [...FAILURES]),
        gt(crmAudit.createdAt, windowStart),
        sql`${crmAudit.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
      ),
    );
  if (!hits || hits.count < STAFF_LOCKOUT.max) return;
  const retryAfter = Math.max(1, secondsUntil(hits.oldest, STAFF_LOCKOUT.windowMs, now));
  await recordAudit(ctx, actor, { action: 'locked_out', details: { login } });
  securityEvent(meta.log, 'rate_limited', { limit: STAFF_LOCKOUT.name, login, retryAfter });
  throw new AppError('STAFF_LOCKED', undefined, { retryAfterSeconds: retryAfter });
}

/** Refuses an address with `max` failed sign-ins inside the window, of any logins (spraying). */
async function assertAddressNotLimited(
  ctx: SignInContext,
  actor: AuditActor,
  meta: RequestMeta,
): Promise<void> {
  const now = ctx.clock.now();
  const [hits] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | string | null>`min(${crmAudit.createdAt})`,
    })
    .from(crmAudit)
    .where(
      and(
        eq(crmAudit.ip, meta.ip),
        inArray(crmAudit.action, [...FAILURES]),
        gt(crmAudit.createdAt, new Date(now.getTime() - STAFF_ADDRESS_LIMIT.windowMs)),
      ),
    );
  if (!hits || hits.count < STAFF_ADDRESS_LIMIT.max) return;
  await recordAudit(ctx, actor, {
    action: 'locked_out',
    details: { login: actor.login ?? '', reason: 'address' },
  });
  enforceRateLimit(meta.log, STAFF_ADDRESS_LIMIT, hits, now, {
    message: (wait) =>
      `Слишком много неудачных входов с этого адреса. Попробуйте ${waitPhrase(wait)}`,
    fields: { ip: meta.ip },
  });
}

export async function signInWithPassword(
  ctx: SignInContext,
  request: { login: string; password: string },
  meta: RequestMeta,
): Promise<CrmPasswordResponse['data']> {
  const row = await findStaffByLogin(ctx, request.login);
  const actor = actorOf(row, request.login, meta);
  await assertAddressNotLimited(ctx, actor, meta);
  await assertNotLocked(ctx, request.login, actor, meta);
  const passwordOk = row
    ? await verifyPassword(row.passwordHash, request.password)
    : await verifyAgainstNothing(request.password);
  if (!row || !passwordOk || row.blockedAt !== null) {
    const reason = !row ? 'unknown_login' : !passwordOk ? 'wrong_password' : 'blocked';
    await recordAudit(ctx, actor, {
      action: 'sign_in_failed',
      details: { login: request.login, reason },
    });
    securityEvent(meta.log, 'login_failed', { staffLogin: request.login, reason });
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
  }
  const ticket = `${TICKET_PREFIX}${generateSessionToken()}`;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TICKET_MS);
  const enrollSecret = row.totpSecretSealed === null ? newTotpSecret() : null;
  await ctx.db.insert(staffSignInTickets).values({
    staffId: row.id,
    tokenHash: hashSessionToken(ticket),
    enrollSecretSealed: enrollSecret === null ? null : sealTotpSecret(ctx, enrollSecret),
    createdAt: now,
    expiresAt,
  });
  const base = { ticket, expires_at: expiresAt.toISOString() };
  if (enrollSecret === null) return { ...base, totp: 'verify' };
  const enrollment = await totpEnrollment(enrollSecret, ctx.config.company.brand, row.login);
  return {
    ...base,
    totp: 'enroll',
    enrollment: {
      secret: enrollment.secret,
      otpauth_url: enrollment.otpauthUrl,
      qr_svg: enrollment.qrSvg,
    },
  };
}

export async function signInWithTotp(
  ctx: SignInContext,
  request: { ticket: string; code: string },
  meta: RequestMeta,
): Promise<CrmSessionResponse['data']> {
  const now = ctx.clock.now();
  const [found] = await ctx.db
    .select({ ticket: staffSignInTickets, member: staff })
    .from(staffSignInTickets)
    .innerJoin(staff, eq(staff.id, staffSignInTickets.staffId))
    .where(
      and(
        eq(staffSignInTickets.tokenHash, hashSessionToken(request.ticket)),
        isNull(staffSignInTickets.consumedAt),
        gt(staffSignInTickets.expiresAt, now),
      ),
    );
  if (!found || found.member.blockedAt !== null) {
    throw new AppError('UNAUTHORIZED', TICKET_EXPIRED_MESSAGE);
  }
  const { ticket, member } = found;
  const actor = actorOf(member, member.login, meta);
  await assertAddressNotLimited(ctx, actor, meta);
  await assertNotLocked(ctx, member.login, actor, meta);
  const sealed = ticket.enrollSecretSealed ?? member.totpSecretSealed;
  if (sealed === null) throw new AppError('UNAUTHORIZED', TICKET_EXPIRED_MESSAGE);
  const step = await verifyTotp(
    openTotpSecret(ctx, sealed),
    request.code,
    totpEpoch(ctx.clock),
    member.totpLastStep,
  );
  if (step === null) {
    await recordAudit(ctx, actor, { action: 'totp_failed', details: { login: member.login } });
    securityEvent(meta.log, 'code_failed', { staffLogin: member.login, purpose: 'staff_totp' });
    throw new AppError('TOTP_INVALID');
  }
  await ctx.db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(staffSignInTickets)
      .set({ consumedAt: now })
      .where(and(eq(staffSignInTickets.id, ticket.id), isNull(staffSignInTickets.consumedAt)))
      .returning({ id: staffSignInTickets.id });
    if (!consumed) throw new AppError('UNAUTHORIZED', TICKET_EXPIRED_MESSAGE);
    // The step moves only forward: two requests with one code cannot both get in.
    const [updated] = await tx
      .update(staff)
      .set({
        totpLastStep: step,
        lastSignInAt: now,
        ...(ticket.enrollSecretSealed === null ? {} : { totpSecretSealed: sealed }),
      })
      .where(
        and(eq(staff.id, member.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))),
      )
      .returning({ id: staff.id });
    if (!updated) throw new AppError('TOTP_INVALID');
  });
  if (ticket.enrollSecretSealed !== null) {
    await recordAudit(ctx, actor, { action: 'totp_enrolled' });
  }
  await recordAudit(ctx, actor, { action: 'sign_in' });
  securityEvent(meta.log, 'login_succeeded', { staffId: member.id, staffLogin: member.login });
  const session = await issueStaffSession(ctx, member.id);
  const staffView: Staff = {
    id: member.id,
    login: member.login,
    name: member.name,
    role: member.role,
  };
  return { token: session.token, expires_at: session.expiresAt.toISOString(), staff: staffView };
}
