import type { ApiErrorCode } from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { IN_FLIGHT_STATUSES, paymentOperations } from '../../db/schema';
import { AppError } from '../../errors';

/*
 * The two guarded moves of a money-moving operation that every kind (payment, payout, refund)
 * shares: recording the gateway's order before money moves, and ending an operation that is
 * still in flight. Each is a conditional UPDATE, so the request and the reconciliation job can
 * race without either overwriting the other's outcome.
 */

type OperationContext = Pick<AppContext, 'db' | 'clock'>;

/**
 * The gateway registered the order: its id is recorded (new → pending) before any money moves,
 * so a crash leaves an order the reconciliation job can ask about. An operation no longer new
 * (the job found it stale and ended it) refuses with the code `refusal`, and nothing is sent.
 */
export async function recordGatewayOrder(
  ctx: OperationContext,
  operationId: number,
  gatewayOrderId: string,
  refusal: ApiErrorCode,
): Promise<void> {
  const recorded = await ctx.db
    .update(paymentOperations)
    .set({ gatewayOrderId, status: 'pending', updatedAt: ctx.clock.now() })
    .where(and(eq(paymentOperations.id, operationId), eq(paymentOperations.status, 'new')))
    .returning({ id: paymentOperations.id });
  if (recorded.length === 0) throw new AppError(refusal);
}

/** Ends an operation still new or pending, with the client's Russian reason; false if it had ended. */
export async function endInFlight(
  ctx: OperationContext,
  operationId: number,
  status: 'failed' | 'expired',
  message: string,
): Promise<boolean> {
  const ended = await ctx.db
    .update(paymentOperations)
    .set({ status, message, updatedAt: ctx.clock.now() })
    .where(
      and(
        eq(paymentOperations.id, operationId),
        inArray(paymentOperations.status, [...IN_FLIGHT_STATUSES]),
      ),
    )
    .returning({ id: paymentOperations.id });
  return ended.length > 0;
}

/**
 * Ends every operation of `operationIds` still new or pending in one UPDATE, all the same way;
 * returns the ids it ended (one that had ended meanwhile keeps its outcome).
 */
export async function endAllInFlight(
  ctx: OperationContext,
  operationIds: readonly number[],
  status: 'failed' | 'expired',
  message: string,
): Promise<number[]> {
  if (operationIds.length === 0) return [];
  const ended = await ctx.db
    .update(paymentOperations)
    .set({ status, message, updatedAt: ctx.clock.now() })
    .where(
      and(
        inArray(paymentOperations.id, [...operationIds]),
        inArray(paymentOperations.status, [...IN_FLIGHT_STATUSES]),
      ),
    )
    .returning({ id: paymentOperations.id });
  return ended.map((row) => row.id);
}
