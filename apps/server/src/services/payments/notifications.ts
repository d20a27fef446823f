import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { gatewayNotifications, paymentOperations, type PaymentOperationRow } from '../../db/schema';
import {
  BEST2PAY_RUB,
  operationStatus,
  reasonMessage,
  verifyNotification,
  type Best2PayOperation,
  type BindingResult,
  type PaymentsGateway,
} from '../../integrations/payments';
import { reverseVerificationCharge, settleBinding, type SettleResult } from '../cards/binding';
import type { Transaction } from '../cards/db';
import { CARD_PAGE_OPERATION_TYPES } from './gateway';
import { callGateway } from './gateway-errors';
import { settlePayment } from '../settlement/settle';

/*
 * A notification the gateway posts about an operation (POST /api/pay/notify/best2pay, the
 * `<operation>` XML). Signature first (verifyNotification throws on a bad one); then, outside any
 * transaction, the gateway's own confirmation of a binding (the token comes from webapi/Operation,
 * as on the browser's return); then one transaction records the notification — its unique key
 * (order_id, operation_id) turns every repeat into a no-op — together with its effect.
 * A signed notification that would settle an operation but names another amount, currency or
 * reference is refused before anything is recorded: the operation stays pending, and the
 * gateway's own status (reconciliation, the client's return) decides it.
 */

export type NotificationEffect =
  | 'card_bound'
  | 'binding_declined'
  | 'binding_pending'
  | 'already_settled'
  | 'payment_settled'
  | 'noted'
  | 'unknown_order';

export interface NotificationResult {
  /** False for a repeat of a notification already recorded. */
  readonly recorded: boolean;
  readonly effect: NotificationEffect | null;
  readonly orderId: string;
  readonly operationId: string;
}

export async function handleNotification(
  ctx: AppContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { xml: string; password: string },
): Promise<NotificationResult> {
  const operation = verifyNotification(input.xml, input.password);
  const target = await operationOfOrder(ctx, operation.orderId);
  if (target && settles(target, operation)) assertMatches(target, operation);
  const binding = await callGateway(log, () => bindingResultFor(gateway, target, operation));
  const outcome = await ctx.db.transaction((tx) =>
    recordAndApply(tx, ctx, { operation, target, binding }),
  );
  if (outcome.settle?.kind === 'bound' && outcome.settle.changed && target) {
    await reverseVerificationCharge(ctx, gateway, log, target.id);
  }
  return {
    recorded: outcome.recorded,
    effect: outcome.effect,
    orderId: operation.orderId,
    operationId: operation.id,
  };
}

async function operationOfOrder(
  ctx: AppContext,
  orderId: string,
): Promise<PaymentOperationRow | null> {
  const [row] = await ctx.db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.gatewayOrderId, orderId));
  return row ?? null;
}

/** The card page's operation of a binding or a payment: the one whose notification settles it. */
function settles(target: PaymentOperationRow, operation: Best2PayOperation): boolean {
  return (
    (target.kind === 'bind' || target.kind === 'payment') &&
    CARD_PAGE_OPERATION_TYPES.has(operation.type)
  );
}

/** What a notification said that our operation does not: names and values, never card data. */
export class NotificationMismatchError extends Error {
  override name = 'NotificationMismatchError';
  constructor(readonly fields: Readonly<Record<string, unknown>>) {
    super('notification does not match the operation');
  }
}

/** The amount (kopecks), currency (643) and reference must be exactly those of our operation. */
export function mismatchesOf(
  target: Pick<PaymentOperationRow, 'amount' | 'reference'>,
  operation: Pick<Best2PayOperation, 'amount' | 'currency' | 'reference'>,
): string[] {
  const mismatches: string[] = [];
  if (operation.amount !== target.amount) mismatches.push('amount');
  if (operation.currency !== BEST2PAY_RUB) mismatches.push('currency');
  if (operation.reference !== target.reference) mismatches.push('reference');
  return mismatches;
}

function assertMatches(target: PaymentOperationRow, operation: Best2PayOperation): void {
  const mismatches = mismatchesOf(target, operation);
  if (mismatches.length === 0) return;
  throw new NotificationMismatchError({
    reason: 'notification does not match the operation',
    mismatches,
    paymentOperationId: target.id,
    orderId: operation.orderId,
    operationId: operation.id,
    expectedAmount: target.amount.toString(),
    notifiedAmount: operation.amount.toString(),
    notifiedCurrency: operation.currency,
  });
}

/** An approved binding operation: ask the gateway for the card (token, expiry) it bound. */
async function bindingResultFor(
  gateway: PaymentsGateway,
  target: PaymentOperationRow | null,
  operation: Best2PayOperation,
): Promise<BindingResult | null> {
  if (target?.kind !== 'bind' || target.status !== 'pending') return null;
  if (!CARD_PAGE_OPERATION_TYPES.has(operation.type)) return null;
  const status = operationStatus(operation);
  if (status === 'approved') return gateway.confirmBinding(operation.orderId, operation.id);
  const ref = { orderId: operation.orderId, operationId: operation.id };
  const message = reasonMessage(operation.reasonCode);
  return {
    ...ref,
    reference: operation.reference,
    status,
    reasonCode: operation.reasonCode,
    message,
  };
}

/** A notification's operation, the payment operation it settles and the card binding it ends. */
interface NotificationInput {
  readonly operation: Best2PayOperation;
  readonly target: PaymentOperationRow | null;
  readonly binding: BindingResult | null;
}

interface Applied {
  readonly recorded: boolean;
  readonly effect: NotificationEffect | null;
  readonly settle: SettleResult | null;
}

async function recordAndApply(
  tx: Transaction,
  ctx: AppContext,
  input: NotificationInput,
): Promise<Applied> {
  const { operation } = input;
  const [recorded] = await tx
    .insert(gatewayNotifications)
    .values({
      orderId: operation.orderId,
      operationId: operation.id,
      type: operation.type,
      state: operation.state,
      reference: operation.reference,
      effect: 'noted',
      receivedAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: gatewayNotifications.id });
  if (!recorded) return { recorded: false, effect: null, settle: null };
  const { effect, settle } = await applyEffect(tx, ctx, input);
  await tx
    .update(gatewayNotifications)
    .set({ effect })
    .where(eq(gatewayNotifications.id, recorded.id));
  return { recorded: true, effect, settle };
}

async function applyEffect(
  tx: Transaction,
  ctx: AppContext,
  input: NotificationInput,
): Promise<{ effect: NotificationEffect; settle: SettleResult | null }> {
  const { operation, target, binding } = input;
  if (!target) return { effect: 'unknown_order', settle: null };
  if (target.kind === 'payment' && CARD_PAGE_OPERATION_TYPES.has(operation.type)) {
    const move = {
      operationId: operation.id,
      status: operationStatus(operation),
      reasonCode: operation.reasonCode,
    };
    await settlePayment(tx, ctx, target.id, move);
    return { effect: 'payment_settled', settle: null };
  }
  if (target.kind !== 'bind' || !CARD_PAGE_OPERATION_TYPES.has(operation.type)) {
    return { effect: 'noted', settle: null };
  }
  if (!binding) return { effect: 'already_settled', settle: null };
  const settle = await settleBinding(tx, ctx, target.id, binding);
  return { effect: effectOf(settle), settle };
}

function effectOf(settle: SettleResult): NotificationEffect {
  if (settle.kind === 'pending') return 'binding_pending';
  if (settle.kind === 'failed') return 'binding_declined';
  return settle.changed ? 'card_bound' : 'already_settled';
}
