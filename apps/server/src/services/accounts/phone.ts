import type { SmsSentResponse } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { clients, type ClientRow } from '../../db/schema';
import { AppError } from '../../errors';
import { securityEvent } from '../../logging';
import { maskPhone } from '../../russian';
import type { ClientSession } from '../sessions';
import { consumeSmsCode } from '../sms-codes';
import { findClientByPhone, isPhoneTaken, loadSessionClient } from './clients';
import { requireClientInPerson } from './operator';
import { sendSmsCode } from './send-code';

/**
 * POST /clients/{cid}/phone-confirmation/request and POST /sms/send (phone_change): a code to the
 * new number — or to the current one when it is not confirmed yet.
 */
export async function requestPhoneChangeCode(
  ctx: AppContext,
  session: ClientSession,
  phone: string,
  meta: RequestMeta,
): Promise<SmsSentResponse> {
  requireClientInPerson(session, 'phone_change', meta);
  const client = await loadSessionClient(ctx, session);
  if (phone === client.phone && client.phoneConfirmed) {
    throw new AppError('PHONE_ALREADY_CONFIRMED', { field: 'phone' });
  }
  const owner = phone === client.phone ? null : await findClientByPhone(ctx, phone);
  if (owner) throw new AppError('PHONE_OF_ANOTHER_CLIENT');
  return sendSmsCode(ctx, { phone, purpose: 'phone_change', clientId: client.id }, meta);
}

/** PATCH /clients/{cid}/phone-confirmation/confirm: the code proves the number; it becomes theirs. */
export async function confirmPhoneChange(
  ctx: AppContext,
  session: ClientSession,
  input: { phone: string; code: string },
  meta: RequestMeta,
): Promise<ClientRow> {
  requireClientInPerson(session, 'phone_change', meta);
  const before = await loadSessionClient(ctx, session);
  const binding = { phone: input.phone, purpose: 'phone_change' as const, clientId: before.id };
  await consumeSmsCode(ctx, binding, input.code, meta);
  const updated = await setPhone(ctx, before.id, input.phone);
  securityEvent(meta.log, 'phone_changed', {
    clientId: before.id,
    from: maskPhone(before.phone),
    to: maskPhone(input.phone),
  });
  return updated;
}

async function setPhone(ctx: AppContext, clientId: number, phone: string): Promise<ClientRow> {
  try {
    const [row] = await ctx.db
      .update(clients)
      .set({ phone, phoneConfirmed: true })
      .where(eq(clients.id, clientId))
      .returning();
    if (!row) throw new AppError('UNAUTHORIZED');
    return row;
  } catch (error) {
    if (isPhoneTaken(error)) throw new AppError('PHONE_OF_ANOTHER_CLIENT');
    throw error;
  }
}
