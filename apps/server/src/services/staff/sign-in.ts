import type { CrmPasswordResponse, CrmSessionResponse, Staff } from '@zaymo/contract';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { staff, staffSignInTickets, type StaffRow } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { verifyAgainstNothing, verifyPassword } from '../accounts/passwords';
import { generateSessionToken, hashSessionToken } from '../sessions';
import { findStaffByLogin } from './accounts';
import { recordAudit, type AuditActor } from './audit';
import { issueStaffSession } from './sessions';
import { markStaffAttemptSucceeded, reserveStaffAttempt } from './sign-in-lockout';
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
 * secret, which the first right code makes the staff member's. Every step is counted by the
 * lock-outs of sign-in-lockout.ts before it is checked; every success, failure and refusal is in
 * the audit log.
 */

const TICKET_MS = 5 * 60_000;
const TICKET_PREFIX = 'crmt_';

type SignInContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

function actorOf(row: StaffRow | undefined, login: string, meta: RequestMeta): AuditActor {
  return { staff: row ? { id: row.id, role: row.role } : null, login, meta };
}

export async function signInWithPassword(
  ctx: SignInContext,
  request: { login: string; password: string },
  meta: RequestMeta,
): Promise<CrmPasswordResponse['data']> {
  const row = await findStaffByLogin(ctx, request.login);
  const actor = actorOf(row, request.login, meta);
  const attemptId = await reserveStaffAttempt(
    ctx,
    { actor, login: request.login, meta },
    'password',
  );
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
    throw new AppError('STAFF_CREDENTIALS_WRONG');
  }
  await markStaffAttemptSucceeded(ctx, attemptId);
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
    throw new AppError('STAFF_SIGN_IN_EXPIRED');
  }
  const { ticket, member } = found;
  // Only the first enrolment counts: a ticket made before it cannot replace the secret.
  const enrolling = ticket.enrollSecretSealed !== null;
  if (enrolling && member.totpSecretSealed !== null) {
    throw new AppError('STAFF_SIGN_IN_EXPIRED');
  }
  const actor = actorOf(member, member.login, meta);
  const attemptId = await reserveStaffAttempt(ctx, { actor, login: member.login, meta }, 'totp');
  const sealed = ticket.enrollSecretSealed ?? member.totpSecretSealed;
  if (sealed === null) throw new AppError('STAFF_SIGN_IN_EXPIRED');
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
    if (!consumed) throw new AppError('STAFF_SIGN_IN_EXPIRED');
    // The step moves only forward: two requests with one code cannot both get in.
    const [updated] = await tx
      .update(staff)
      .set({
        totpLastStep: step,
        lastSignInAt: now,
        ...(enrolling ? { totpSecretSealed: sealed } : {}),
      })
      .where(
        and(
          eq(staff.id, member.id),
          or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step)),
          enrolling ? isNull(staff.totpSecretSealed) : undefined,
        ),
      )
      .returning({ id: staff.id });
    if (!updated) throw new AppError('TOTP_INVALID');
  });
  await markStaffAttemptSucceeded(ctx, attemptId);
  if (enrolling) await recordAudit(ctx, actor, { action: 'totp_enrolled' });
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
