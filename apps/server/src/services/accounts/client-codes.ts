import type { SmsSentResponse } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { securityEvent } from '../../logging';
import type { ClientSession } from '../sessions';
import { loadSessionClient } from './clients';
import { requestPhoneChangeCode } from './phone';
import { sendSmsCode } from './send-code';

/** POST /sms/send: a code to a new phone, or a signing code to the client's own phone. */
export async function sendClientCode(
  ctx: AppContext,
  session: ClientSession,
  input: { purpose: 'phone_change' | 'sign'; phone?: string | undefined },
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  if (input.purpose === 'phone_change') {
    if (!input.phone) {
      const message = 'Укажите новый номер телефона';
      throw new AppError('BAD_REQUEST', message, { fields: { phone: message } });
    }
    return requestPhoneChangeCode(ctx, session, input.phone, meta);
  }
  return sendSigningCode(ctx, session, input.phone, meta);
}

async function sendSigningCode(
  ctx: AppContext,
  session: ClientSession,
  phone: string | undefined,
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  if (session.operatorName !== null) {
    securityEvent(meta.log, 'operator_denied', {
      operator: session.operatorName,
      clientId: session.clientId,
      action: 'sign_code',
    });
    throw new AppError('OPERATOR_FORBIDDEN');
  }
  const client = await loadSessionClient(ctx, session);
  if (phone && phone !== client.phone) {
    const message = 'Код для подписания приходит только на ваш номер телефона';
    throw new AppError('BAD_REQUEST', message, { fields: { phone: message } });
  }
  return sendSmsCode(ctx, { phone: client.phone, purpose: 'sign', clientId: client.id }, meta);
}
