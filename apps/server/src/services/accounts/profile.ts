import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { clients, type ClientRow } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { revokeOtherSessions, type ClientSession } from '../sessions';
import { consumeSmsCode } from '../sms-codes';
import { findClientByPhone, loadSessionClient } from './clients';
import { replacePassword } from './email-flows';
import { markLoginSucceeded, reserveLoginAttempt } from './login-lockout';
import { requireClientInPerson } from './operator';
import { assertAcceptablePassword, hashPassword, ownerOf, verifyPassword } from './passwords';

export interface ProfileChanges {
  email?: string | undefined;
  password?: string | undefined;
  current_password?: string | undefined;
}

/** PATCH /clients/update: the e-mail (unconfirmed again when it changes) and the password. */
export async function updateProfile(
  ctx: AppContext,
  session: ClientSession,
  changes: ProfileChanges,
  meta: RequestMeta,
): Promise<ClientRow> {
  if (changes.email === undefined && changes.password === undefined) {
    throw new AppError('PROFILE_NOTHING_TO_CHANGE');
  }
  const client = await loadSessionClient(ctx, session);
  const passwordHash =
    changes.password === undefined
      ? undefined
      : await newPasswordHash(ctx, session, client, changes, meta);
  const email = changes.email?.toLowerCase();
  const emailChanged = email !== undefined && email !== client.email;
  const [row] = await ctx.db
    .update(clients)
    .set({
      ...(passwordHash ? { passwordHash } : {}),
      ...(emailChanged ? { email, emailConfirmedAt: null, emailConfirmedByOperator: null } : {}),
    })
    .where(eq(clients.id, client.id))
    .returning();
  if (passwordHash) {
    await revokeOtherSessions(ctx, client.id, session.sessionId);
    securityEvent(meta.log, 'password_changed', { clientId: client.id });
  }
  return row ?? client;
}

/** The client's own act; changing an existing password needs the current one. */
async function newPasswordHash(
  ctx: AppContext,
  session: ClientSession,
  client: ClientRow,
  changes: ProfileChanges,
  meta: RequestMeta,
): Promise<string> {
  requireClientInPerson(session, 'password_change', meta);
  const password = changes.password ?? '';
  if (client.passwordHash) await checkCurrentPassword(ctx, client, changes.current_password, meta);
  await assertAcceptablePassword(password, ownerOf(ctx, client));
  return hashPassword(password);
}

async function checkCurrentPassword(
  ctx: AppContext,
  client: ClientRow & { passwordHash: string | null },
  currentPassword: string | undefined,
  meta: RequestMeta,
): Promise<void> {
  if (!currentPassword) {
    throw new AppError('CURRENT_PASSWORD_MISSING', { field: 'current_password' });
  }
  // Counted like sign-in attempts, so a borrowed session cannot guess the password either.
  const attemptId = await reserveLoginAttempt(ctx, client.phone, meta);
  if (!client.passwordHash || !(await verifyPassword(client.passwordHash, currentPassword))) {
    securityEvent(meta.log, 'login_failed', {
      method: 'current_password',
      reason: 'wrong_password',
      clientId: client.id,
      ip: meta.ip,
    });
    throw new AppError('CURRENT_PASSWORD_WRONG', { field: 'current_password' });
  }
  await markLoginSucceeded(ctx, attemptId);
}

/**
 * POST /clients/reset_by_sms: a new password with the SMS code sent for purpose «reset». The
 * code is checked before the phone is looked up: an unknown number never got a code, so it
 * answers like a wrong code.
 */
export async function resetPasswordBySms(
  ctx: AppContext,
  input: { phone: string; code: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  await assertAcceptablePassword(input.password, {
    phone: input.phone,
    brand: ctx.config.company.brand,
  });
  const passwordHash = await hashPassword(input.password);
  await consumeSmsCode(ctx, { phone: input.phone, purpose: 'reset' }, input.code, meta);
  const client = await findClientByPhone(ctx, input.phone);
  if (!client) throw new AppError('CODE_NOT_ACCEPTED');
  await replacePassword(ctx, client.id, passwordHash, meta, 'sms');
}
