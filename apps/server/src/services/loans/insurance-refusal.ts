import {
  addOnRefusalLastDay,
  addOnRefusalOpen,
  moscowDate,
  type AddOnRefusalRules,
  type Order,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { insuranceRefusals, paymentOperations, type LoanOrderRow } from '../../db/schema';
import type { Transaction } from '../../db/locks';
import { formatDate } from '../../documents/pdf/format';
import { AppError } from '../../errors';
import { activeCardOf, lockOwnOrder, type OrderAccessDenied } from './db';
import { consentDayOf } from './insurance';
import { presentOne, reckoningOf } from './present';

/*
 * Refusal of the insurance chosen with a loan (353-ФЗ ст. 7 ч. 2.7): within the configured
 * calendar days after the consent — the day the borrower signed the application with the add-on
 * — they refuse it from the cabinet and the whole premium goes back to their card through the
 * payment gateway (a card payout, servicing/refunds.ts), within the working days of ч. 2.8–2.10.
 * The loan's principal is the sum provided and stays as it was: the premium was the client's
 * money paid to the insurer, and it returns to the client, not to the debt (docs/decisions.md).
 * We record no insured events, so nothing of the insurance was used and the refund is whole;
 * a pro-rata rule for a used period is for a lawyer to confirm (docs/money-and-law.md).
 */

type RefusalContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

function assertRefusable(
  order: LoanOrderRow,
  refused: boolean,
  rules: AddOnRefusalRules,
  now: Date,
) {
  if (order.insuranceTotal === 0n) throw new AppError('INSURANCE_NOT_CHOSEN');
  const consentDay = consentDayOf(order);
  // Before the payout nothing was withheld: the client refuses the loan itself instead.
  if (!order.givenAt || !consentDay) throw new AppError('LOAN_NOT_ACTIVE');
  if (refused) throw new AppError('INSURANCE_ALREADY_REFUSED');
  if (!addOnRefusalOpen(rules, consentDay, moscowDate(now))) {
    const endedOn = formatDate(addOnRefusalLastDay(rules, consentDay));
    throw new AppError('INSURANCE_REFUSAL_PERIOD_ENDED', { endedOn });
  }
}

async function refusalExists(tx: Transaction, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ orderId: insuranceRefusals.orderId })
    .from(insuranceRefusals)
    .where(eq(insuranceRefusals.orderId, orderId));
  return row !== undefined;
}

/** The refund operation and the refusal, in the caller's transaction under the order's lock. */
async function recordRefusal(
  tx: Transaction,
  order: LoanOrderRow,
  cardId: number,
  ip: string,
  now: Date,
): Promise<void> {
  const [refund] = await tx
    .insert(paymentOperations)
    .values({
      kind: 'insurance_refund',
      clientId: order.clientId,
      reference: `insurance-refund-${order.id}`,
      idempotencyKey: `insurance_refund:${order.id}`,
      amount: order.insuranceTotal,
      status: 'new',
      cardId,
      loanOrderId: order.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: paymentOperations.id });
  if (!refund) throw new Error('insurance refund not queued');
  await tx.insert(insuranceRefusals).values({
    orderId: order.id,
    amount: order.insuranceTotal,
    appliedOn: moscowDate(now),
    appliedAt: now,
    ip,
    paymentOperationId: refund.id,
  });
}

export interface InsuranceRefusalRequest {
  readonly clientId: number;
  readonly orderId: number;
  readonly ip: string;
  readonly onForeign: OrderAccessDenied;
}

/** POST /orders/{orderId}/insurance/refusal: the refusal, with the premium's refund queued. */
export async function refuseInsurance(
  ctx: RefusalContext,
  request: InsuranceRefusalRequest,
): Promise<Order> {
  const now = ctx.clock.now();
  const rules = ctx.config.loans.addOnRefusal;
  const order = await ctx.db.transaction(async (tx) => {
    const locked = await lockOwnOrder(tx, request.clientId, request.orderId, request.onForeign);
    assertRefusable(locked, await refusalExists(tx, locked.id), rules, now);
    const card = await activeCardOf(tx, locked.clientId);
    if (!card) throw new AppError('INSURANCE_REFUND_NO_CARD');
    await recordRefusal(tx, locked, card.id, request.ip, now);
    return locked;
  });
  return presentOne(ctx.db, order, reckoningOf(ctx, now));
}
