import {
  kopecks,
  ORDER_STATUS,
  toMoneyString,
  type Order,
  type OrderStatusId,
  type PayoutMethodRequest,
  type SbpBank,
  type SbpPrecheck,
} from '@zaymo/contract';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  clients,
  loanOrders,
  orderPayouts,
  sbpPrechecks,
  type CardRow,
  type LoanOrderRow,
  type SbpPrecheckRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { isPaymentGatewayError, type PaymentsGateway } from '../../integrations/payments';
import { callGateway, requireGateway } from '../payments/gateway-errors';
import { maskPhone } from '../../russian';
import { activeCardOf, lockOwnOrder, ownOrder, type Db, type OrderAccessDenied } from './db';
import { isBorrowersAccount } from './sbp-recipient';
import { presentOne, reckoningOf } from './present';

/*
 * A payout by phone through the СБП. Before any money moves the client picks
 * the bank, the gateway registers the payout order and asks that bank who holds the client's
 * phone there (SBPCreditPrecheck), and the client confirms the masked name it answered. The
 * confirmed check becomes the order's payout destination; the payout itself (payout.ts) then
 * runs exactly like a card payout — one per order, idempotent, recorded before money moves,
 * settled by the gateway's answer or by reconciliation — and pays the checked order (SBPCredit).
 * A check pays out at most once (order_payouts.sbp_precheck_id is unique): after a failed payout
 * the client checks the recipient again.
 */

type SbpContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** Orders whose payout destination may still be chosen or checked. */
const CHOOSABLE_STATUSES: readonly OrderStatusId[] = [
  ORDER_STATUS.APPROVED,
  ORDER_STATUS.SIGNED,
  ORDER_STATUS.FAIL_TO_GIVE,
];

export type PayoutDestination =
  | { readonly kind: 'card'; readonly card: CardRow }
  | { readonly kind: 'sbp'; readonly precheck: SbpPrecheckRow };

/** The sum the client receives: the principal less the insurance withheld. */
export function payoutAmountOf(order: LoanOrderRow): bigint {
  return order.amount - order.insuranceTotal;
}

/** GET /sbp/banks */
export async function sbpBanks(
  gateway: PaymentsGateway | null,
  log: FastifyBaseLogger,
): Promise<SbpBank[]> {
  const payments = requireGateway(gateway);
  const banks = await callGateway(log, () => payments.sbpBanks());
  return [...banks].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

function assertChoosable(order: LoanOrderRow): void {
  if (!CHOOSABLE_STATUSES.includes(order.statusId)) {
    throw new AppError('PAYOUT_METHOD_LOCKED');
  }
}

function presentPrecheck(row: SbpPrecheckRow): SbpPrecheck {
  return {
    precheck_id: row.id,
    bank_name: row.bankName,
    recipient_name: row.recipientName,
    phone_masked: maskPhone(row.phone),
    amount: toMoneyString(kopecks(row.amount)),
  };
}

export interface PrecheckRequest {
  readonly clientId: number;
  readonly orderId: number;
  readonly bankId: string;
  readonly onForeign: OrderAccessDenied;
}

/** POST /orders/{orderId}/sbp/precheck: the bank's masked name of the phone's account holder. */
export async function precheckSbpPayout(
  ctx: SbpContext,
  gateway: PaymentsGateway | null,
  log: FastifyBaseLogger,
  request: PrecheckRequest,
): Promise<SbpPrecheck> {
  const payments = requireGateway(gateway);
  const order = await ownOrder(ctx.db, request.clientId, request.orderId, request.onForeign);
  assertChoosable(order);
  const bank = (await sbpBanks(payments, log)).find((known) => known.id === request.bankId);
  if (!bank) throw new AppError('SBP_BANK_UNKNOWN');
  const client = await borrowerOf(ctx.db, request.clientId);
  const phone = client.phone.replace(/\D/g, '');
  const amount = payoutAmountOf(order);
  const result = await askBank(log, () =>
    payments.sbpPrecheck({
      amount: kopecks(amount),
      reference: `sbp-check-${order.id}-${randomUUID()}`,
      description: `Выдача займа по договору ${order.contractNumber ?? order.id}`,
      phone,
      bankId: bank.id,
    }),
  );
  if (!isBorrowersAccount(result.recipientName, client)) {
    log.warn({ orderId: order.id, bankId: bank.id }, 'СБП recipient is not the borrower');
    throw new AppError('SBP_SOMEONE_ELSE', { recipient: result.recipientName });
  }
  const [row] = await ctx.db
    .insert(sbpPrechecks)
    .values({
      clientId: request.clientId,
      orderId: order.id,
      gatewayOrderId: result.orderId,
      gatewayPrecheckId: result.precheckId,
      bankId: bank.id,
      bankName: bank.name,
      phone: client.phone,
      recipientName: result.recipientName,
      amount,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('precheck not stored');
  return presentPrecheck(row);
}

async function borrowerOf(db: Db, clientId: number) {
  const [client] = await db
    .select({
      phone: clients.phone,
      surname: clients.surname,
      name: clients.name,
      patronymic: clients.patronymic,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new AppError('NOT_FOUND');
  return client;
}

/** The bank's refusal of the check is the client's to act on (another bank), not an outage. */
async function askBank<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      isPaymentGatewayError(error) &&
      error.kind === 'gateway' &&
      error.detail.startsWith('SBPCreditPrecheck')
    ) {
      log.info({ gateway: error.detail }, 'СБП recipient not found');
      throw new AppError('SBP_RECIPIENT_NOT_FOUND');
    }
    return callGateway(log, () => Promise.reject(error));
  }
}

/** A check of this order no payout has used yet. */
async function unusedPrecheck(
  db: Db,
  orderId: number,
  filter: { id?: number; confirmed?: boolean },
): Promise<SbpPrecheckRow | null> {
  const [row] = await db
    .select({ precheck: sbpPrechecks })
    .from(sbpPrechecks)
    .leftJoin(orderPayouts, eq(orderPayouts.sbpPrecheckId, sbpPrechecks.id))
    .where(
      and(
        eq(sbpPrechecks.orderId, orderId),
        isNull(orderPayouts.id),
        filter.id === undefined ? undefined : eq(sbpPrechecks.id, filter.id),
        filter.confirmed ? isNotNull(sbpPrechecks.confirmedAt) : undefined,
      ),
    )
    .orderBy(desc(sbpPrechecks.confirmedAt), desc(sbpPrechecks.id))
    .limit(1);
  return row?.precheck ?? null;
}

/** PUT /orders/{orderId}/payout_method: the active card, or the СБП recipient confirmed. */
export async function choosePayoutMethod(
  ctx: SbpContext,
  request: {
    clientId: number;
    orderId: number;
    choice: PayoutMethodRequest;
    onForeign: OrderAccessDenied;
  },
): Promise<Order> {
  const now = ctx.clock.now();
  const order = await ctx.db.transaction(async (tx) => {
    const locked = await lockOwnOrder(tx, request.clientId, request.orderId, request.onForeign);
    assertChoosable(locked);
    if (request.choice.method === 'sbp') {
      const id = request.choice.precheck_id;
      const precheck = await unusedPrecheck(tx, locked.id, { id });
      if (!precheck) throw new AppError('SBP_RECHECK');
      await tx.update(sbpPrechecks).set({ confirmedAt: now }).where(eq(sbpPrechecks.id, id));
    }
    const [updated] = await tx
      .update(loanOrders)
      .set({ payoutMethod: request.choice.method })
      .where(eq(loanOrders.id, locked.id))
      .returning();
    return updated ?? locked;
  });
  return presentOne(ctx.db, order, reckoningOf(ctx, now));
}

/** Where the claimed payout goes: the confirmed СБП recipient, or the active card. */
export async function destinationOf(
  tx: Transaction,
  order: LoanOrderRow,
): Promise<PayoutDestination> {
  if (order.payoutMethod === 'sbp') {
    const precheck = await unusedPrecheck(tx, order.id, { confirmed: true });
    if (!precheck || precheck.amount !== payoutAmountOf(order)) {
      throw new AppError('SBP_RECHECK');
    }
    // Checked again where money moves: the name may have changed since the check.
    if (!isBorrowersAccount(precheck.recipientName, await borrowerOf(tx, order.clientId))) {
      throw new AppError('SBP_SOMEONE_ELSE_AT_PAYOUT', { recipient: precheck.recipientName });
    }
    return { kind: 'sbp', precheck };
  }
  const card = await activeCardOf(tx, order.clientId);
  if (!card) throw new AppError('CARD_NOT_BOUND');
  return { kind: 'card', card };
}
