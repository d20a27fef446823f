import { formatMoney, kopecks, parseMoney, type Order } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { loanPayments, type PaymentOperationRow } from '../../db/schema';

export const PAYMENT_APPROVED_MESSAGE = 'Платёж прошёл успешно';

/**
 * What the client reads after an approved payment. A full repayment that still did not close the
 * loan (more is owed than the charges of the days since its quote, which booking.ts writes off)
 * says exactly what is still owed, as the loan page does.
 */
export async function approvedPaymentMessage(
  ctx: Pick<AppContext, 'db'>,
  operation: PaymentOperationRow,
  order: Order | null,
): Promise<string> {
  const owed = order?.balance ? parseMoney(order.balance.total) : null;
  if (!owed || owed <= 0n) return PAYMENT_APPROVED_MESSAGE;
  const [payment] = await ctx.db
    .select({ type: loanPayments.type })
    .from(loanPayments)
    .where(eq(loanPayments.paymentOperationId, operation.id));
  if (payment?.type !== 'full') return PAYMENT_APPROVED_MESSAGE;
  const paid = formatMoney(kopecks(operation.amount));
  return `Платёж на ${paid} зачислен, но заём ещё не закрыт: осталось оплатить ${formatMoney(owed)}`;
}
