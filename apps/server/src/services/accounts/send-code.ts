import type { SmsSentResponse } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { securityEvent } from '../../logging';
import { maskPhone } from '../russian';
import { discardSmsCode, issueSmsCode, type CodeBinding } from '../sms-codes';
import { findClientByPhone } from './clients';
import { smsCodeText } from './messages';
import { assertPhoneNotRegistered } from './signup';

/** Issues a code and sends it; a code that could not be sent is forgotten. */
export async function sendSmsCode(
  ctx: AppContext,
  binding: CodeBinding,
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  const issued = await issueSmsCode(ctx, binding, meta);
  try {
    await ctx.messaging.sms.send({
      to: binding.phone,
      text: smsCodeText(ctx.config.company.brand, binding.purpose, issued.code),
    });
  } catch (error) {
    await discardSmsCode(ctx, issued.id);
    meta.log.error({ err: error, provider: ctx.messaging.sms.name }, 'SMS не отправлено');
    throw new AppError('SERVICE_UNAVAILABLE', 'Не удалось отправить SMS. Попробуйте ещё раз', {
      cause: error,
    });
  }
  securityEvent(meta.log, 'code_sent', {
    purpose: binding.purpose,
    phone: maskPhone(binding.phone),
    clientId: binding.clientId ?? undefined,
    ip: meta.ip,
  });
  return {
    data: { resend_after: issued.resendAfterSeconds, expires_in: issued.expiresInSeconds },
  };
}

export const PHONE_NOT_REGISTERED_MESSAGE =
  'Этот номер не зарегистрирован. Проверьте номер или зарегистрируйтесь';

/** POST /sms/send_una: sign-up only for a new number, sign-in and reset only for a known one. */
export async function sendGuestCode(
  ctx: AppContext,
  input: { phone: string; purpose: 'signup' | 'signin' | 'reset' },
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  if (input.purpose === 'signup') {
    await assertPhoneNotRegistered(ctx, input.phone);
  } else if (!(await findClientByPhone(ctx, input.phone))) {
    throw new AppError('NOT_FOUND', PHONE_NOT_REGISTERED_MESSAGE);
  }
  return sendSmsCode(ctx, { phone: input.phone, purpose: input.purpose }, meta);
}
