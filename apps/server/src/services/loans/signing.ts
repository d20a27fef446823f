import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import type { Transaction } from '../../db/locks';
import { loanOrders, orderSignatures, type LoanOrderRow } from '../../db/schema';
import type { SignatureRecord } from '../../documents/pdf';
import { AppError } from '../../errors';
import { loadSessionClient } from '../accounts/clients';
import { contractKinds, editionOf } from '../documents/catalogue';
import { loadDocumentsSource, sha256Hex, signedContractDocuments } from '../documents/render';
import type { ClientSession } from '../sessions';
import { consumeSmsCode, hashSmsCode, type CodeBinding } from '../sms-codes';
import { contractTermsOn, payoutDayOf, storedQuoteOn } from './contract-dates';
import { ownOrder, type OrderAccessDenied } from './db';
import { presentOne, reckoningOf } from './present';
import { assertTransition } from './status-machine';

type SigningContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

function assertSignable(order: LoanOrderRow): void {
  if (order.statusId === ORDER_STATUS.APPROVED) return;
  const signed = order.signedAt !== null;
  throw new AppError(signed ? 'CONTRACT_ALREADY_SIGNED' : 'ORDER_NOT_SIGNABLE');
}

/**
 * What a contract code signs: the order and its exact document set — the kinds with their
 * editions and the terms printed in them (contract and due date, sum to return, ПСК) for a
 * contract of today. A code asked for one order or one day's documents signs nothing else.
 */
export function contractSigningSubject(order: LoanOrderRow, now: Date): string {
  const terms = contractTermsOn(order, payoutDayOf(order, now));
  const documents = contractKinds({
    insurance: order.insuranceTotal > 0n,
    debtLoadNotice: order.debtLoadNotice,
  })
    .map((kind) => `${kind}@${editionOf(kind).version}`)
    .join(',');
  const printed = [
    documents,
    order.contractNumber ?? '',
    order.amount,
    terms.contractDate,
    terms.dueDate,
    terms.totalToReturn,
    terms.psk.percent,
    terms.psk.amount,
  ].join('|');
  return `order:${order.id}:contract:${sha256Hex(Buffer.from(printed)).slice(0, 32)}`;
}

/** The code binding of a contract signing by this client. */
export function contractCodeBinding(
  client: { id: number; phone: string },
  order: LoanOrderRow,
  now: Date,
): CodeBinding {
  return {
    phone: client.phone,
    purpose: 'sign',
    clientId: client.id,
    subject: contractSigningSubject(order, now),
  };
}

/** POST /sms/send purpose sign for a contract: the order must be one the client can sign. */
export async function contractCodeBindingFor(
  ctx: SigningContext,
  client: { id: number; phone: string },
  orderId: number,
  onForeign: OrderAccessDenied,
): Promise<CodeBinding> {
  const order = await ownOrder(ctx.db, client.id, orderId, onForeign);
  assertSignable(order);
  return contractCodeBinding(client, order, ctx.clock.now());
}

/**
 * POST /orders/verify: the client signs the contract of an approved order with the SMS code of
 * purpose «sign» (АСП) sent for this order's documents. The code is checked and used up first;
 * the contract documents are then rendered with the signature record and hashed; one
 * transaction moves APPROVED → SIGNED, stores the quote of the payout day (its cap regime) and
 * the record (documents with versions and SHA-256, code hash, time, IP, phone).
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
  const signedAt = ctx.clock.now();
  const binding = contractCodeBinding(client, order, signedAt);
  await consumeSmsCode(ctx, binding, input.code, meta);
  const codeHash = hashSmsCode(ctx.config.appSecret, binding, input.code);
  const record: SignatureRecord = {
    signedAt: signedAt.toISOString(),
    codeHashPrefix: codeHash.slice(0, 16),
    ip: meta.ip,
    phone: client.phone,
  };
  const quote = storedQuoteOn(order, payoutDayOf(order, signedAt));
  const source = await loadDocumentsSource(ctx.db, { ...order, ...quote, signedAt: null });
  const documents = await signedContractDocuments(source, {
    company: ctx.config.company,
    now: signedAt,
    signature: record,
  });
  const signed = await ctx.db.transaction(async (tx) => {
    assertTransition(ORDER_STATUS.APPROVED, ORDER_STATUS.SIGNED);
    const [row] = await tx
      .update(loanOrders)
      .set({ ...quote, statusId: ORDER_STATUS.SIGNED, signedAt, updatedAt: signedAt })
      .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.APPROVED)))
      .returning();
    if (!row) throw new AppError('ORDER_NOT_SIGNABLE');
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
  return presentOne(ctx.db, signed, reckoningOf(ctx, signedAt));
}

/**
 * A signed order whose money did not go out on the signing day goes back to APPROVED: its
 * documents are made again with the payout day's dates and signed again. The old signature
 * record stays (audit); the order no longer counts as signed.
 */
export async function returnToSigning(
  tx: Transaction,
  order: LoanOrderRow,
  now: Date,
): Promise<void> {
  assertTransition(order.statusId, ORDER_STATUS.APPROVED);
  await tx
    .update(loanOrders)
    .set({ statusId: ORDER_STATUS.APPROVED, signedAt: null, statusReason: null, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, order.statusId)));
}
