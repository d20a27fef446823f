import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { maskEmail } from '../../russian';
import { consumeSmsCode, verifySmsCode } from '../sms-codes';
import { findClientByPhone } from './clients';
import { linkAddress, sendLink } from './email-flows';
import { passwordResetLetter } from './messages';

/**
 * Password reset, the e-mail alternative: the masked address of the client's
 * e-mail is named only after the reset SMS code proves the phone. Before that every guest call
 * answers alike for any phone, so the hint cannot tell a stranger whose number is registered.
 */
type ProvenPhone = { phone: string; code: string };

/** POST /clients/reset_by_sms/email_hint: «e***@mail.ru» or null; the code stays usable. */
export async function resetEmailHint(
  ctx: AppContext,
  input: ProvenPhone,
  meta: RequestMeta,
): Promise<{ email_hint: string | null }> {
  await verifySmsCode(ctx, { phone: input.phone, purpose: 'reset' }, input.code, meta);
  const target = await linkTarget(ctx, input.phone);
  return { email_hint: target ? maskEmail(target.email) : null };
}

/** POST /clients/reset_by_sms/email_link: the code is used up for a reset link by e-mail. */
export async function sendResetLinkByCode(
  ctx: AppContext,
  input: ProvenPhone,
  meta: RequestMeta,
  baseUrl: string,
): Promise<{ message: string }> {
  const binding = { phone: input.phone, purpose: 'reset' as const };
  await verifySmsCode(ctx, binding, input.code, meta);
  const target = await linkTarget(ctx, input.phone);
  if (!target) throw new AppError('RESET_NO_EMAIL');
  await consumeSmsCode(ctx, binding, input.code, meta);
  await sendLink(
    ctx,
    { ...target, purpose: 'password_reset' },
    (token) => `${baseUrl}/email/reset?token=${token}`,
    passwordResetLetter,
    meta,
  );
  return {
    message: `Мы отправили ссылку для смены пароля на ${maskEmail(target.email)}. Она действует один час`,
  };
}

/** The client of the phone and the address links may go to (none within 24 h of an operator). */
async function linkTarget(ctx: AppContext, phone: string) {
  const client = await findClientByPhone(ctx, phone);
  const email = client ? linkAddress(client, ctx.clock.now()) : null;
  return client && email ? { client, email } : null;
}
