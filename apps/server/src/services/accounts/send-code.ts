import type { SmsSentResponse } from '@zaymo/contract';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { maskPhone } from '../../russian';
import { discardSmsCode, issueSmsCode, type CodeBinding } from '../sms-codes';
import { findClientByPhone } from './clients';
import { noCodeText, smsCodeText } from './messages';

/**
 * Issues a code and sends it; a code that could not be sent is forgotten. `instead` may give
 * a text to send in place of the code (asked only after the code is counted).
 */
export async function sendSmsCode(
  ctx: AppContext,
  binding: CodeBinding,
  meta: RequestMeta,
  instead?: () => Promise<string | null>,
): Promise<SmsSentResponse> {
  const issued = await issueSmsCode(ctx, binding, meta);
  const replacement = instead ? await instead() : null;
  const text = replacement ?? smsCodeText(ctx.config.company.brand, binding.purpose, issued.code);
  try {
    await ctx.messaging.sms.send({ to: binding.phone, text });
  } catch (error) {
    await discardSmsCode(ctx, issued.id);
    meta.log.error({ err: error, provider: ctx.messaging.sms.name }, 'SMS не отправлено');
    throw new AppError('SMS_NOT_SENT', {
      cause: error,
    });
  }
  securityEvent(meta.log, 'code_sent', {
    purpose: binding.purpose,
    phone: maskPhone(binding.phone),
    clientId: binding.clientId ?? undefined,
    ip: meta.ip,
    ...(replacement ? { withoutCode: true } : {}),
  });
  return {
    data: { resend_after: issued.resendAfterSeconds, expires_in: issued.expiresInSeconds },
  };
}

/**
 * POST /sms/send_una answers the same for every well-formed phone: the code is
 * issued first, so the per-phone and per-IP caps count the call before the phone is looked up.
 * A number that cannot use the code (registered for sign-up, unknown for sign-in and reset) gets
 * an SMS saying so instead of the code.
 */
export async function sendGuestCode(
  ctx: AppContext,
  input: { phone: string; purpose: 'signup' | 'signin' | 'reset' },
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  const brand = ctx.config.company.brand;
  return sendSmsCode(ctx, { phone: input.phone, purpose: input.purpose }, meta, async () => {
    const registered = (await findClientByPhone(ctx, input.phone)) !== null;
    const usable = input.purpose === 'signup' ? !registered : registered;
    return usable ? null : noCodeText(brand, input.purpose);
  });
}
