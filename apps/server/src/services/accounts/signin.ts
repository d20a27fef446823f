import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { clients, type ClientRow } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import { securityEvent } from '../../logging';
import { maskPhone } from '../../russian';
import { issueSession, type IssuedSession } from '../sessions';
import { consumeSmsCode } from '../sms-codes';
import { findClientByPhone, presentClient } from './clients';
import { markLoginSucceeded, reserveLoginAttempt } from './login-lockout';
import { verifyAgainstNothing, verifyPassword } from './passwords';

export interface SignedIn {
  client: ClientRow;
  session: IssuedSession;
}

export type SignInMethod = 'password' | 'sms' | 'login_link' | 'esia';

/** POST /clients/login. The same answer and about the same time for every kind of failure. */
export async function signInWithPassword(
  ctx: AppContext,
  input: { phone: string; password: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  const attemptId = await reserveLoginAttempt(ctx, input.phone, meta);
  const client = await findClientByPhone(ctx, input.phone);
  const matches = client?.passwordHash
    ? await verifyPassword(client.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!client || !matches) {
    const reason = !client
      ? 'unknown_phone'
      : client.passwordHash
        ? 'wrong_password'
        : 'no_password';
    logFailure(meta, 'password', reason, input.phone, client?.id);
    throw new AppError('CREDENTIALS_WRONG');
  }
  await markLoginSucceeded(ctx, attemptId);
  return startSession(ctx, client, 'password', meta);
}

/** PATCH /clients/verify_phone: sign in with the SMS code sent for purpose «signin». */
export async function signInWithCode(
  ctx: AppContext,
  input: { phone: string; code: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  try {
    await consumeSmsCode(ctx, { phone: input.phone, purpose: 'signin' }, input.code, meta);
  } catch (error) {
    if (isAppError(error)) logFailure(meta, 'sms', 'code_refused', input.phone);
    throw error;
  }
  const client = await findClientByPhone(ctx, input.phone);
  if (!client) {
    // Unreachable but for a race: an unknown number never gets a sign-in code.
    logFailure(meta, 'sms', 'unknown_phone', input.phone);
    throw new AppError('CODE_NOT_ACCEPTED');
  }
  const [confirmed] = await ctx.db
    .update(clients)
    .set({ phoneConfirmed: true })
    .where(eq(clients.id, client.id))
    .returning();
  return startSession(ctx, confirmed ?? client, 'sms', meta);
}

export async function startSession(
  ctx: AppContext,
  client: ClientRow,
  method: SignInMethod,
  meta: RequestMeta,
): Promise<SignedIn> {
  const session = await issueSession(ctx, client.id);
  securityEvent(meta.log, 'login_succeeded', { clientId: client.id, method, ip: meta.ip });
  return { client, session };
}

export function logFailure(
  meta: RequestMeta,
  method: SignInMethod,
  reason: string,
  phone: string | null,
  clientId?: number,
): void {
  securityEvent(meta.log, 'login_failed', {
    method,
    reason,
    phone: phone ? maskPhone(phone) : undefined,
    clientId,
    ip: meta.ip,
  });
}

/** The sign-in answers: the new session's token and the client. */
export function presentSignedIn({ client, session }: SignedIn) {
  return { data: { token: session.token, client: presentClient(client, null) } };
}
