import type { SmsSentResponse } from '@zaymo/contract';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { contractCodeBindingFor } from '../loans/signing';
import type { OrderAccessDenied } from '../loans/db';
import { agreementCodeBindingFor } from '../servicing/prolongation';
import type { ClientSession } from '../sessions';
import type { CodeBinding } from '../sms-codes';
import { loadSessionClient } from './clients';
import { requestPhoneChangeCode } from './phone';
import { sendSmsCode } from './send-code';

export interface ClientCodeInput {
  purpose: 'phone_change' | 'sign';
  phone?: string | undefined;
  /** For signing: the order, and the prolongation days when the code signs its agreement. */
  order_id?: number | undefined;
  prolongation?: number | undefined;
}

/** POST /sms/send: a code to a new phone, or a signing code to the client's own phone. */
export async function sendClientCode(
  ctx: AppContext,
  session: ClientSession,
  input: ClientCodeInput,
  meta: RequestMeta & { onForeign: OrderAccessDenied },
): Promise<SmsSentResponse> {
  if (input.purpose === 'phone_change') {
    if (!input.phone) throw new AppError('NEW_PHONE_MISSING', { field: 'phone' });
    return requestPhoneChangeCode(ctx, session, input.phone, meta);
  }
  return sendSigningCode(ctx, session, input, meta);
}

/**
 * A signing code is bound to what it signs: the order's contract, or the
 * prolongation agreement of the given days, with the exact documents of today.
 */
async function signingBinding(
  ctx: AppContext,
  client: { id: number; phone: string },
  input: ClientCodeInput,
  onForeign: OrderAccessDenied,
): Promise<CodeBinding> {
  if (input.order_id === undefined) {
    throw new AppError('SIGNING_ORDER_MISSING', { field: 'order_id' });
  }
  if (input.prolongation === undefined) {
    return contractCodeBindingFor(ctx, client, input.order_id, onForeign);
  }
  return agreementCodeBindingFor(ctx, client, {
    orderId: input.order_id,
    days: input.prolongation,
    onForeign,
  });
}

async function sendSigningCode(
  ctx: AppContext,
  session: ClientSession,
  input: ClientCodeInput,
  meta: RequestMeta & { onForeign: OrderAccessDenied },
): Promise<SmsSentResponse> {
  const { phone } = input;
  if (session.operatorName !== null) {
    securityEvent(meta.log, 'operator_denied', {
      operator: session.operatorName,
      clientId: session.clientId,
      action: 'sign_code',
    });
    throw new AppError('OPERATOR_FORBIDDEN', { action: 'credentials' });
  }
  const client = await loadSessionClient(ctx, session);
  if (phone && phone !== client.phone) {
    throw new AppError('SIGNING_CODE_OWN_PHONE', { field: 'phone' });
  }
  const binding = await signingBinding(ctx, client, input, meta.onForeign);
  return sendSmsCode(ctx, binding, meta);
}
