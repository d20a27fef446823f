import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { kopecks, type Card } from '@zaymo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { paymentOperations, type PaymentOperationRow } from '../../db/schema';
import { AppError } from '../../errors';
import {
  MalformedGatewayAnswerError,
  reasonMessage,
  type BindingResult,
  type PaymentsGateway,
} from '../../integrations/payments';
import { cardById, presentCard, storeBoundCard } from './cards';
import type { Transaction } from './db';
import { CARD_PAGE_OPERATION_TYPES } from '../payments/gateway';
import { callGateway } from '../payments/gateway-errors';

/*
 * Binding a card: our binding row (payment_operations, kind «bind») → the gateway's 1 ₽ order and
 * its card page → the browser comes back (POST /pay/callback/best2pay) and/or the gateway posts a
 * notification → either path confirms the operation with the gateway and settles the binding
 * once, under a row lock: one card per binding however many times and ways it is reported.
 * Then the 1 ₽ goes back to the card.
 */

export const BINDING_CANCELED_MESSAGE = 'Карта не привязана: оплата на странице банка отменена.';
export const BINDING_UNFINISHED_MESSAGE =
  'Карта не привязана: оплата на странице банка не завершена. Попробуйте ещё раз.';
export const BINDING_PENDING_MESSAGE = 'Банк ещё проверяет карту. Обновите страницу через минуту.';

export interface BindingReturnQuery {
  readonly id: string;
  readonly operation?: string | undefined;
  readonly error?: string | undefined;
  readonly code?: string | undefined;
}

export type BindingOutcome =
  | { readonly kind: 'bound'; readonly card: Card; readonly referer: string | null }
  | { readonly kind: 'failed'; readonly message: string; readonly referer: string | null };

/** What settling a binding did: whether this call made the change (then it owes the reversal). */
export type SettleResult =
  | { readonly kind: 'bound'; readonly cardId: number; readonly changed: boolean }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'pending' };

/** Opens the gateway order and answers the card page's address. */
export async function startBinding(
  ctx: AppContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { clientId: number; referer: string | null; returnBaseUrl: string },
): Promise<{ url: string }> {
  const reference = `bind-${randomUUID()}`;
  const now = ctx.clock.now();
  const [binding] = await ctx.db
    .insert(paymentOperations)
    .values({
      kind: 'bind',
      clientId: input.clientId,
      reference,
      idempotencyKey: reference,
      amount: 0n,
      status: 'new',
      referer: input.referer,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!binding) throw new Error('binding not created');
  const returnUrl = `${input.returnBaseUrl}/pay/callback`;
  try {
    const start = await callGateway(log, () =>
      gateway.bindCardStart({ reference, returnUrl, failUrl: returnUrl }),
    );
    await updateBinding(ctx.db, binding.id, ctx.clock.now(), {
      gatewayOrderId: start.orderId,
      amount: start.amount,
      status: 'pending',
    });
    return { url: start.url };
  } catch (error) {
    await updateBinding(ctx.db, binding.id, ctx.clock.now(), { status: 'failed' });
    throw error;
  }
}

type BindingChange = Partial<
  Pick<
    PaymentOperationRow,
    | 'gatewayOrderId'
    | 'gatewayOperationId'
    | 'amount'
    | 'status'
    | 'message'
    | 'cardId'
    | 'reversalStatus'
  >
>;

function updateBinding(
  db: AppContext['db'] | Transaction,
  id: number,
  now: Date,
  change: BindingChange,
): Promise<unknown> {
  return db
    .update(paymentOperations)
    .set({ ...change, updatedAt: now })
    .where(eq(paymentOperations.id, id));
}

/** The binding the gateway order belongs to, if it is this client's: 404 otherwise. */
async function clientBinding(
  ctx: AppContext,
  clientId: number,
  orderId: string,
): Promise<PaymentOperationRow> {
  const [binding] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.gatewayOrderId, orderId),
        eq(paymentOperations.kind, 'bind'),
        eq(paymentOperations.clientId, clientId),
      ),
    );
  if (!binding) throw new AppError('BINDING_NOT_FOUND');
  return binding;
}

/**
 * The browser's return from the card page: confirm with the gateway (never trust the query),
 * settle, reverse the 1 ₽, answer the card — or why there is none.
 */
export async function finishBindingOnReturn(
  ctx: AppContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { clientId: number; query: BindingReturnQuery },
): Promise<BindingOutcome> {
  const binding = await clientBinding(ctx, input.clientId, input.query.id);
  const settled = await settledAlready(ctx, binding);
  if (settled) return settled;
  const result = await callGateway(log, () => resultOnReturn(gateway, input.query));
  if (!result) return failed(unfinishedMessage(input.query), binding);
  const outcome = await settleInTransaction(ctx, binding.id, result);
  if (outcome.kind === 'bound' && outcome.changed) {
    await reverseVerificationCharge(ctx, gateway, log, binding.id);
  }
  return presentOutcome(ctx, outcome, binding);
}

async function settledAlready(
  ctx: AppContext,
  binding: PaymentOperationRow,
): Promise<BindingOutcome | null> {
  if (binding.status === 'approved' && binding.cardId !== null) {
    return presentOutcome(ctx, { kind: 'bound', cardId: binding.cardId, changed: false }, binding);
  }
  if (binding.status === 'declined') {
    return failed(binding.message ?? reasonMessage(null), binding);
  }
  if (binding.status !== 'pending') throw new AppError('BINDING_NOT_FOUND');
  return null;
}

/**
 * With an operation id: that operation. Without one (the client left the page, or the gateway's
 * fail address had none): whatever binding operation the order has, if any.
 */
async function resultOnReturn(
  gateway: PaymentsGateway,
  query: BindingReturnQuery,
): Promise<BindingResult | null> {
  if (query.operation) return gateway.confirmBinding(query.id, query.operation);
  const order = await gateway.status(query.id);
  const last = order.operations.filter((op) => CARD_PAGE_OPERATION_TYPES.has(op.type)).at(-1);
  return last ? gateway.confirmBinding(query.id, last.operationId) : null;
}

function unfinishedMessage(query: BindingReturnQuery): string {
  const code = query.error ?? query.code;
  if (code && /^\d+$/.test(code)) return reasonMessage(Number(code));
  return code === 'canceled' ? BINDING_CANCELED_MESSAGE : BINDING_UNFINISHED_MESSAGE;
}

function failed(message: string, binding: PaymentOperationRow): BindingOutcome {
  return { kind: 'failed', message, referer: binding.referer };
}

async function presentOutcome(
  ctx: AppContext,
  outcome: SettleResult,
  binding: PaymentOperationRow,
): Promise<BindingOutcome> {
  if (outcome.kind === 'failed') return failed(outcome.message, binding);
  if (outcome.kind === 'pending') return failed(BINDING_PENDING_MESSAGE, binding);
  const card = await cardById(ctx.db, outcome.cardId);
  if (!card) throw new Error(`card ${outcome.cardId} of binding ${binding.id} is missing`);
  return { kind: 'bound', card: presentCard(card), referer: binding.referer };
}

function settleInTransaction(
  ctx: AppContext,
  bindingId: number,
  result: BindingResult,
): Promise<SettleResult> {
  return ctx.db.transaction((tx) => settleBinding(tx, ctx, bindingId, result));
}

/**
 * Applies the gateway's word on a binding, inside the caller's transaction: the row is locked,
 * so the return and the notification (or fifty copies of it) settle it exactly once.
 */
export async function settleBinding(
  tx: Transaction,
  ctx: AppContext,
  bindingId: number,
  result: BindingResult,
): Promise<SettleResult> {
  const binding = await lockBinding(tx, bindingId);
  if (binding.status === 'approved' && binding.cardId !== null) {
    return { kind: 'bound', cardId: binding.cardId, changed: false };
  }
  if (binding.status === 'declined') {
    return { kind: 'failed', message: binding.message ?? reasonMessage(null) };
  }
  if (result.reference !== null && result.reference !== binding.reference) {
    throw new MalformedGatewayAnswerError('binding: reference of another order');
  }
  if (result.status !== 'approved') {
    if (result.status === 'pending') return { kind: 'pending' };
    await updateBinding(tx, bindingId, ctx.clock.now(), {
      status: 'declined',
      message: result.message,
      gatewayOperationId: result.operationId,
    });
    return { kind: 'failed', message: result.message };
  }
  return bindApprovedCard(tx, ctx, binding, result);
}

async function bindApprovedCard(
  tx: Transaction,
  ctx: AppContext,
  binding: PaymentOperationRow,
  result: Extract<BindingResult, { status: 'approved' }>,
): Promise<SettleResult> {
  const expiry = result.card.expiry;
  if (!expiry) throw new MalformedGatewayAnswerError('binding: card without expiry');
  const card = await storeBoundCard(tx, ctx, binding.clientId, { ...result.card, expiry });
  await updateBinding(tx, binding.id, ctx.clock.now(), {
    status: 'approved',
    cardId: card.id,
    gatewayOperationId: result.operationId,
    amount: result.amount,
    reversalStatus: 'pending',
  });
  return { kind: 'bound', cardId: card.id, changed: true };
}

async function lockBinding(tx: Transaction, bindingId: number): Promise<PaymentOperationRow> {
  const [binding] = await tx
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, bindingId))
    .for('update');
  if (!binding) throw new Error(`binding ${bindingId} is missing`);
  return binding;
}

/**
 * Returns the verification charge. A failure is logged and left as reversal_status «failed».
 * TODO(payout retries): a periodic job should retry failed reversals (FOR UPDATE SKIP LOCKED).
 */
export async function reverseVerificationCharge(
  ctx: AppContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  bindingId: number,
): Promise<void> {
  const [binding] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.id, bindingId));
  if (!binding?.gatewayOrderId || binding.amount <= 0n) return;
  const orderId = binding.gatewayOrderId;
  let status: 'done' | 'failed' = 'failed';
  try {
    const move = await gateway.reverse({ orderId, amount: kopecks(binding.amount) });
    status = move.status === 'approved' ? 'done' : 'failed';
  } catch (error) {
    log.warn({ err: error, orderId }, 'binding reversal failed');
  }
  await ctx.db
    .update(paymentOperations)
    .set({ reversalStatus: status, updatedAt: ctx.clock.now() })
    .where(
      and(eq(paymentOperations.id, bindingId), eq(paymentOperations.reversalStatus, 'pending')),
    );
}
