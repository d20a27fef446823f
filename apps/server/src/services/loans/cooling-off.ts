import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { loanOrders, type LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentsGateway } from '../../integrations/payments';
import { lockOwnOrder, type OrderAccessDenied } from './db';
import { livePayoutOf, PAID_STATUSES, payoutOrder } from './payout';
import { presentOne, reckoningOf } from './present';
import { assertTransition } from './status-machine';

/*
 * The cooling-off before a payout (353-FZ art. 7 part 9.3, from 01.09.2025): a signed loan of
 * 50 000 ₽ or more waits 4 or 48 hours after signing (the order's cooling_off_hours, set from
 * config.loans.coolingOff when the order was made). Until its money goes out the borrower may
 * refuse the loan (art. 7 part 9.3; art. 11 part 1): nothing moves, the order ends
 * REJECTED_BY_CLIENT. When the cooling-off is over the servicing job pays out on the server's
 * clock (the sandbox's movable clock included), through the one payout path.
 */

type CoolingOffContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const COOLING_OFF_REFUSAL_REASON = 'Вы отказались от займа до получения денег';

/** POST /orders/{orderId}/cancel: the borrower refuses a signed loan before its money goes out. */
export async function cancelSignedLoan(
  ctx: CoolingOffContext,
  clientId: number,
  orderId: number,
  onForeign: OrderAccessDenied,
): Promise<Order> {
  const now = ctx.clock.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, clientId, orderId, onForeign);
    if (order.statusId === ORDER_STATUS.REJECTED_BY_CLIENT) {
      throw new AppError('LOAN_ALREADY_CANCELLED');
    }
    if (PAID_STATUSES.includes(order.statusId)) throw new AppError('LOAN_ALREADY_PAID_OUT');
    if (order.statusId !== ORDER_STATUS.SIGNED) throw new AppError('LOAN_NOT_CANCELLABLE');
    if (await livePayoutOf(tx, order.id)) throw new AppError('LOAN_ALREADY_PAID_OUT');
    assertTransition(order.statusId, ORDER_STATUS.REJECTED_BY_CLIENT);
    const [row] = await tx
      .update(loanOrders)
      .set({
        statusId: ORDER_STATUS.REJECTED_BY_CLIENT,
        statusReason: COOLING_OFF_REFUSAL_REASON,
        updatedAt: now,
      })
      .where(and(eq(loanOrders.id, order.id), eq(loanOrders.statusId, ORDER_STATUS.SIGNED)))
      .returning();
    if (!row) throw new AppError('LOAN_NOT_CANCELLABLE');
    return row;
  });
  return presentOne(ctx.db, cancelled, reckoningOf(ctx, now));
}

/** Signed loans whose cooling-off has ended by `now` and whose money has not gone out. */
function cooledLoans(ctx: CoolingOffContext, now: Date, limit: number): Promise<LoanOrderRow[]> {
  const ends = sql`${loanOrders.signedAt} + ${loanOrders.coolingOffHours} * interval '1 hour'`;
  return ctx.db
    .select()
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.statusId, ORDER_STATUS.SIGNED),
        gt(loanOrders.coolingOffHours, 0),
        sql`${ends} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(loanOrders.signedAt))
    .limit(limit);
}

/**
 * Pays out every loan whose cooling-off has ended, once: the payout's order lock and its one
 * live attempt per order keep a second instance, or the client's own request, from paying twice;
 * the key is the signature's, so a run after a failed attempt does not try again (the client
 * does, from the cabinet). Answers how many loans it paid out.
 */
export async function payCooledLoans(
  ctx: CoolingOffContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  limit = 50,
): Promise<number> {
  let paid = 0;
  for (const order of await cooledLoans(ctx, ctx.clock.now(), limit)) {
    try {
      const answer = await payoutOrder(ctx, gateway, log, {
        clientId: order.clientId,
        orderId: order.id,
        idempotencyKey: `cooling-off-${order.id}-${order.signedAt?.getTime() ?? 0}`,
        onForeign: () => undefined,
      });
      log.info({ orderId: order.id, status: answer.status_id }, 'Выплата после охлаждения');
      if (answer.status_id === ORDER_STATUS.GIVEN) paid += 1;
    } catch (error) {
      log.warn({ err: error, orderId: order.id }, 'Выплата после охлаждения не выполнена');
    }
  }
  return paid;
}
