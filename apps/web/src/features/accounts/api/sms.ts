import {
  SMS_CODE_RULES,
  type ApiErrorCode,
  type SendSmsClientRequest,
  type SmsPurpose,
} from '@zaymo/contract';
import { api, hasErrorCode } from '@/lib/api-client';
import type { SignSubject } from '@/stores/sms-code';

const GUEST_PURPOSES = new Set<SmsPurpose>(['signup', 'signin', 'reset']);

export type SmsSent = { resendAfter: number };

/** POST /sms/send_una: a code for a guest (sign-up, sign-in, reset). */
export async function sendGuestSms(
  phone: string,
  purpose: 'signup' | 'signin' | 'reset',
): Promise<SmsSent> {
  const answer = await api.post('/sms/send_una', {
    body: { phone, purpose },
  });
  return { resendAfter: answer.data.resend_after };
}

/**
 * POST /sms/send: a code for a signed-in client (phone change, signing). A signing code names
 * the order and the documents it signs; the server refuses it for anything else.
 */
export async function sendClientSms(
  purpose: 'phone_change' | 'sign',
  phone?: string,
  subject?: SignSubject,
): Promise<SmsSent> {
  const body: SendSmsClientRequest = { purpose };
  if (phone !== undefined) body.phone = phone;
  if (subject !== undefined) body.order_id = subject.orderId;
  if (subject?.prolongation !== undefined) body.prolongation = subject.prolongation;
  const answer = await api.post('/sms/send', { body });
  return { resendAfter: answer.data.resend_after };
}

/** Sends a code for any purpose through the call that serves it. */
export function sendSmsCode(
  purpose: SmsPurpose,
  phone?: string,
  subject?: SignSubject,
): Promise<SmsSent> {
  if (isGuestPurpose(purpose)) {
    if (phone === undefined) return Promise.reject(new Error('Не указан номер телефона'));
    return sendGuestSms(phone, purpose);
  }
  return sendClientSms(purpose, phone, subject);
}

function isGuestPurpose(purpose: SmsPurpose): purpose is 'signup' | 'signin' | 'reset' {
  return GUEST_PURPOSES.has(purpose);
}

/** The limits on asking for codes (a proxy's own 429 reads as TOO_MANY_REQUESTS). */
const SMS_LIMITS = [
  'SMS_RESEND_PAUSE',
  'SMS_PHONE_LIMIT',
  'SMS_DEVICE_LIMIT',
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REQUESTS',
] as const satisfies readonly ApiErrorCode[];

/** Seconds to wait from a 429 answer ({ message, retry_after }), if it is one. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!hasErrorCode(error, ...SMS_LIMITS)) return undefined;
  return error.retryAfter ?? SMS_CODE_RULES.resendAfterSeconds;
}
