import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loanOrders, orderSignatures, type LoanOrderRow } from '../../db/schema';
import type { SignatureRecord } from '../../documents/pdf';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { loadSessionClient } from '../accounts/clients';
import { signedContractDocuments, loadDocumentsSource } from '../documents/render';
import type { ClientSession } from '../sessions';
import { consumeSmsCode, hashSmsCode, type CodeBinding } from '../sms-codes';
import { ownOrder, type OrderAccessDenied } from './db';
import { presentOne } from './present';
import { assertTransition } from './status-machine';

type SigningContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const ALREADY_SIGNED_MESSAGE = 'Договор по этой заявке уже подписан';
export const NOT_SIGNABLE_MESSAGE =
  'Договор сейчас нельзя подписать: подписать можно только одобренную заявку';

function assertSignable(order: LoanOrderRow): void {
  if (order.statusId === ORDER_STATUS.APPROVED) return;
  const signed = order.signedAt !== null;
  throw new AppError('CONFLICT', signed ? ALREADY_SIGNED_MESSAGE : NOT_SIGNABLE_MESSAGE);
}

/**
 * POST /orders/verify: the client signs the contract of an approved order with the SMS code of
 * purpose «sign» (АСП). The code is checked and used up first; the contract documents are then
 * rendered with the signature record and hashed; one transaction moves APPROVED → SIGNED and
 * stores the record (documents with versions and SHA-256, code hash, time, IP, phone).
 */
export async function signOrder(
  ctx: SigningContext,
  session: ClientSession,
  input: { order_id: number; code: string },
  meta: RequestMeta & { onForeign: OrderAccessDenied },
): Promise<Order> {
  const order = await ownOrder(ctx.db, session.clientId, input.order_id, meta.onForeign);
  assertSignable(order);
  const client = await loadSessionClient(ctx, session);
  const binding: CodeBinding = { phone: client.phone, purpose: 'sign', clientId: client.id };
  await consumeSmsCode(ctx, binding, input.code, meta);
  const signedAt = ctx.clock.now();
  const codeHash = hashSmsCode(ctx.config.appSecret, binding, input.code);
  const record: SignatureRecord = {
    signedAt: signedAt.toISOString(),
    codeHashPrefix: codeHash.slice(0, 16),
    ip: meta.ip,
    phone: client.phone,
  };
  const source = await loadDocumentsSource(ctx.db, order);
  const documents = await signedContractDocuments(source, {
    company: ctx.config.company,
    now: signedAt,
    signature: record,
  });
  const signed = await ctx.db.transaction(async (tx) => {
    assertTransition(ORDER_STATUS.APPROVED, ORDER_STATUS.SIGNED);
    const [row] = await tx
      .update(loanOrders)
      .set({ statusId: ORDER_STATUS.SIGNED, signedAt, updatedAt: signedAt })
      .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.APPROVED)))
      .returning();
    if (!row) throw new AppError('CONFLICT', NOT_SIGNABLE_MESSAGE);
    await tx.insert(orderSignatures).values({
      orderId: order.id,
      clientId: client.id,
      documents,
      codeHash,
      signedAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
      phone: client.phone,
    });
    return row;
  });
  meta.log.info({ orderId: order.id, documents: documents.length }, 'Договор подписан (АСП)');
  return presentOne(ctx.db, signed, signedAt);
}
