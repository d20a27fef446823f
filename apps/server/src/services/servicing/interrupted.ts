import type { AppContext } from '../../context';
import type { PaymentOperationRow } from '../../db/schema';
import { BEST2PAY_TIMEOUT_MS, type PaymentsGateway } from '../../integrations/payments';
import { endInFlight } from '../payments/operations';
import { settlePayment } from '../settlement/settle';
import { pageOutcome } from './page-payments';

/*
 * A payment whose request was cut off (the instance crashed or was killed between the gateway's
 * answer and our settlement, or the answer was lost) stays new or pending. Reconciliation finds
 * it after RECONCILE_AFTER_SECONDS; until then the loan answered 409 «платёж уже выполняется».
 * When the client pays again, the gateway is asked about it at once instead: what the gateway
 * did is settled (settlePayment: once, whichever path comes first), and one the gateway has no
 * outcome for is failed once no request can still be working on it, so the client goes on.
 */

type InterruptedContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const NEVER_SENT_MESSAGE =
  'Платёж не был передан в банк: деньги не списаны. Повторите платёж';

/**
 * How long after its last change a payment may still be in a live request's hands: one gateway
 * call (registration, or the charge after it) cut off at BEST2PAY_TIMEOUT_MS, and a margin for
 * our database. Money moves only after the registration is recorded (recordGatewayOrder takes
 * only a `new` operation), and an approval that still arrives for a failed one is booked all
 * the same (settlePayment), so failing it later than this loses nothing.
 */
export const PAYMENT_UNDER_WAY_MS = BEST2PAY_TIMEOUT_MS + 15_000;

/** Ends an in-flight payment no request is finishing; true when it has ended (settled or failed). */
export async function settleInterruptedPayment(
  ctx: InterruptedContext,
  gateway: PaymentsGateway,
  operation: PaymentOperationRow,
): Promise<boolean> {
  const outcome = operation.gatewayOrderId
    ? await pageOutcome(gateway, operation.gatewayOrderId)
    : null;
  if (outcome) {
    await ctx.db.transaction((tx) => settlePayment(tx, ctx, operation.id, outcome));
    return true;
  }
  const idleMs = ctx.clock.now().getTime() - operation.updatedAt.getTime();
  if (idleMs < PAYMENT_UNDER_WAY_MS) return false;
  await endInFlight(ctx, operation.id, 'failed', NEVER_SENT_MESSAGE);
  return true;
}
