import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { clients, type ClientRow } from '../../db/schema';
import { AppError, isAppError } from '../../errors';
import type { EmailMessage } from '../../integrations/email/email-sender';
import { securityEvent } from '../../logging';
import { maskEmail } from '../../russian';
import { countGuestCall } from './guest-calls';
import { revokeClientSessions, type ClientSession } from '../sessions';
import { findClientById, findClientByPhone, loadSessionClient } from './clients';
import {
  consumeEmailLink,
  discardEmailLink,
  issueEmailLink,
  peekEmailLink,
  revokeEmailLinks,
  type LinkPurpose,
} from './email-links';
import { emailConfirmationLetter, loginLinkLetter, passwordResetLetter } from './messages';
import { assertAcceptablePassword, hashPassword, ownerOf } from './passwords';
import { logFailure, startSession, type SignedIn } from './signin';

type Letter = (company: AppContext['config']['company'], to: string, link: string) => EmailMessage;

/** Issues the link, sends the letter; a letter that failed to go leaves no link behind. */
export async function sendLink(
  ctx: AppContext,
  target: { client: ClientRow; email: string; purpose: LinkPurpose },
  link: (token: string) => string,
  letter: Letter,
  meta: RequestMeta,
): Promise<void> {
  const issued = await issueEmailLink(
    ctx,
    { clientId: target.client.id, email: target.email, purpose: target.purpose },
    meta,
  );
  try {
    await ctx.messaging.email.send(letter(ctx.config.company, target.email, link(issued.token)));
  } catch (error) {
    await discardEmailLink(ctx, issued.id);
    meta.log.error({ err: error, provider: ctx.messaging.email.name }, 'Письмо не отправлено');
    throw new AppError('EMAIL_NOT_SENT', {
      cause: error,
    });
  }
  securityEvent(meta.log, 'email_link_sent', {
    clientId: target.client.id,
    purpose: target.purpose,
    email: maskEmail(target.email),
  });
}

// ── Confirming the e-mail ──────────────────────────────────────────────────────────────────────

/** POST /clients/email/confirmation */
export async function sendEmailConfirmation(
  ctx: AppContext,
  session: ClientSession,
  meta: RequestMeta,
  baseUrl: string,
): Promise<{ email: string }> {
  const client = await loadSessionClient(ctx, session);
  if (!client.email) throw new AppError('EMAIL_MISSING', { field: 'email' });
  if (client.emailConfirmedAt) throw new AppError('EMAIL_ALREADY_CONFIRMED');
  await sendLink(
    ctx,
    { client, email: client.email, purpose: 'email_confirm' },
    (token) => `${baseUrl}/api/clients/email/confirm?token=${token}`,
    emailConfirmationLetter,
    meta,
  );
  return { email: client.email };
}

/** POST /clients/email/confirm and the e-mailed GET link. */
export async function confirmEmail(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
  operatorName: string | null = null,
): Promise<ClientRow> {
  const owner = await consumeEmailLink(ctx, 'email_confirm', token);
  const client = owner ? await findClientById(ctx, owner.clientId) : null;
  if (!owner || !client || client.email !== owner.email) {
    securityEvent(meta.log, 'link_failed', { purpose: 'email_confirm', ip: meta.ip });
    throw new AppError('EMAIL_CONFIRMATION_LINK_STALE');
  }
  const [row] = await ctx.db
    .update(clients)
    .set({ emailConfirmedAt: ctx.clock.now(), emailConfirmedByOperator: operatorName })
    .where(eq(clients.id, client.id))
    .returning();
  securityEvent(meta.log, 'email_confirmed', {
    clientId: client.id,
    ...(operatorName ? { operator: operatorName } : {}),
  });
  return row ?? client;
}

// ── Links to a guest: password reset and sign-in ───────────────────────────────────────────────

export const GUEST_LETTER_MESSAGE =
  'Если к этому номеру привязан подтверждённый e-mail, мы отправили на него письмо со ссылкой. ' +
  'Письма нет — воспользуйтесь кодом из SMS';

/** An e-mail confirmed by an operator's session is not trusted with links for this long. */
export const OPERATOR_CONFIRMED_QUARANTINE_MS = 24 * 3_600_000;

/**
 * Where a sign-in or reset link may go: the confirmed e-mail, unless an operator's session
 * confirmed it less than 24 hours ago (defence in depth).
 */
export function linkAddress(client: ClientRow, now: Date): string | null {
  if (!client.email || !client.emailConfirmedAt) return null;
  const sinceConfirmed = now.getTime() - client.emailConfirmedAt.getTime();
  if (client.emailConfirmedByOperator && sinceConfirmed < OPERATOR_CONFIRMED_QUARANTINE_MS) {
    return null;
  }
  return client.email;
}

/**
 * A link to a guest answers the same sentence for every phone: the call is counted
 * before the phone is looked up, and the letter goes only where linkAddress allows.
 */
async function sendGuestLetter(
  ctx: AppContext,
  phone: string,
  purpose: 'password_reset' | 'login_link',
  build: { link: (token: string) => string; letter: Letter },
  meta: RequestMeta,
): Promise<{ message: string }> {
  await countGuestCall(
    ctx,
    phone,
    purpose === 'login_link' ? 'login_link' : 'reset_by_email',
    meta,
  );
  const client = await findClientByPhone(ctx, phone);
  const email = client ? linkAddress(client, ctx.clock.now()) : null;
  if (client && email) {
    try {
      await sendLink(ctx, { client, email, purpose }, build.link, build.letter, meta);
    } catch (error) {
      // The letter pause of a known client must not answer differently from an unknown phone.
      if (!isAppError(error) || error.code !== 'TOO_MANY_REQUESTS') throw error;
    }
  }
  return { message: GUEST_LETTER_MESSAGE };
}

/** POST /clients/reset_by_email_url: a link to /email/reset?token=… valid one hour. */
export async function sendPasswordResetLink(
  ctx: AppContext,
  phone: string,
  meta: RequestMeta,
  baseUrl: string,
): Promise<{ message: string }> {
  return sendGuestLetter(
    ctx,
    phone,
    'password_reset',
    { link: (token) => `${baseUrl}/email/reset?token=${token}`, letter: passwordResetLetter },
    meta,
  );
}

/** POST /clients/confirm_reset: the new password is checked before the link is used up. */
export async function resetPasswordByLink(
  ctx: AppContext,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const owner = await peekEmailLink(ctx, 'password_reset', input.token);
  const client = owner ? await findClientById(ctx, owner.clientId) : null;
  if (!client) return staleLink(meta, 'password_reset', 'RESET_LINK_STALE');
  await assertAcceptablePassword(input.password, ownerOf(ctx, client));
  const passwordHash = await hashPassword(input.password);
  if (!(await consumeEmailLink(ctx, 'password_reset', input.token))) {
    return staleLink(meta, 'password_reset', 'RESET_LINK_STALE');
  }
  await replacePassword(ctx, client.id, passwordHash, meta, 'email');
}

/** Sets a new password after a reset and signs the client out everywhere. */
export async function replacePassword(
  ctx: AppContext,
  clientId: number,
  passwordHash: string,
  meta: RequestMeta,
  via: 'email' | 'sms',
): Promise<void> {
  await ctx.db.update(clients).set({ passwordHash }).where(eq(clients.id, clientId));
  await revokeClientSessions(ctx, clientId);
  await revokeEmailLinks(ctx, clientId, ['password_reset', 'login_link']);
  securityEvent(meta.log, 'password_reset', { clientId, via });
}

/** POST /clients/login-link: a link to /social/callback?code=… valid 15 minutes. */
export async function sendLoginLink(
  ctx: AppContext,
  phone: string,
  meta: RequestMeta,
  baseUrl: string,
): Promise<{ message: string }> {
  return sendGuestLetter(
    ctx,
    phone,
    'login_link',
    { link: (code) => `${baseUrl}/social/callback?code=${code}`, letter: loginLinkLetter },
    meta,
  );
}

/** POST /clients/social/exchange: the one-time code of the link for a session. */
export async function exchangeLoginLink(
  ctx: AppContext,
  code: string,
  meta: RequestMeta,
): Promise<SignedIn> {
  const owner = await consumeEmailLink(ctx, 'login_link', code);
  const client = owner ? await findClientById(ctx, owner.clientId) : null;
  if (!owner || !client || client.email !== owner.email) {
    logFailure(meta, 'login_link', 'invalid_link', null, client?.id);
    throw new AppError('LOGIN_LINK_STALE');
  }
  return startSession(ctx, client, 'login_link', meta);
}

type StaleLink = 'RESET_LINK_STALE' | 'EMAIL_CONFIRMATION_LINK_STALE' | 'LOGIN_LINK_STALE';

function staleLink(meta: RequestMeta, purpose: LinkPurpose, code: StaleLink): never {
  securityEvent(meta.log, 'link_failed', { purpose, ip: meta.ip });
  throw new AppError(code, { field: 'token' });
}
