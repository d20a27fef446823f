import { kopecks, type Order, type PaymentType, type SbpPayment } from '@zaymo/contract';
import QRCode from 'qrcode';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import {
  cards,
  IN_FLIGHT_STATUSES,
  loanOrders,
  type CardRow,
  type LoanOrderRow,
  type PaymentOperationRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import {
  isPaymentGatewayError,
  type MoneyMove,
  type PaymentsGateway,
} from '../../integrations/payments';
import { callGateway } from '../payments/gateway-errors';
import { endInFlight, recordGatewayOrder } from '../payments/operations';
import { settlePayment } from '../settlement/settle';
import { openCardToken } from '../payments/token-vault';
import type { OrderAccessDenied } from '../loans/db';
import { presentOne, reckoningOf } from '../loans/present';
import {
  claimPayment,
  isOpenPage,
  operationByKey,
  type AgreementSignature,
  type ClaimInput,
} from './claim';
import { settleInterruptedPayment } from './interrupted';
import { closeOpenPage } from './page-payments';
import { approvedPaymentMessage } from './payment-message';

/*
 * POST /pay/payment/{contract}: pay a loan by a bound card (charged by token, settled at once) or
 * through the gateway's page (the answer holds its url; the return, GET /pay/callbackPayment, or
 * the gateway's notification settles it). Whatever settles it, settlePayment books the ledger
 * entry in the same transaction as the operation's status, once.
 */

type PayContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export type Payer =
  | { readonly kind: 'client'; readonly clientId: number; readonly onForeign: OrderAccessDenied }
  | { readonly kind: 'loanpay'; readonly orderId: number };

export interface PayLoanRequest {
  readonly payer: Payer;
  readonly contractNumber: string;
  readonly idempotencyKey: string;
  readonly type: PaymentType;
  /** sbp: by the СБП QR code or bank-app link (no card); card: a bound card or the card page. */
  readonly method?: PaymentMethodKind | undefined;
  readonly cardId?: number | undefined;
  readonly amount?: string | undefined;
  readonly prolongationDays?: number | undefined;
  readonly returnBaseUrl: string;
  /** For a prolongation: the signed agreement (signProlongation). */
  readonly agreement?: AgreementSignature | undefined;
}

export interface PayLoanAnswer {
  readonly status: 'approved' | 'declined' | 'pending' | 'redirect' | 'sbp';
  readonly url: string | null;
  readonly sbp?: SbpPayment | null;
  readonly message: string;
  readonly order: Order | null;
}

export type PaymentMethodKind = 'card' | 'sbp';

/** The СБП is payment system 2 of GET /payment_system/payment; anything else is a card. */
export const SBP_PAYMENT_SYSTEM_ID = 2;

export function methodOf(request: { payment_system_id: number }): PaymentMethodKind {
  return request.payment_system_id === SBP_PAYMENT_SYSTEM_ID ? 'sbp' : 'card';
}

export const PAYMENT_DECLINED_MESSAGE = 'Платёж не прошёл. Попробуйте другую карту';

/** The payer's loan by its contract number; another client's contract answers like a missing one. */
export async function payableOrder(
  ctx: PayContext,
  payer: Payer,
  contractNumber: string,
): Promise<LoanOrderRow> {
  const [order] = await ctx.db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.contractNumber, contractNumber));
  const own =
    order &&
    (payer.kind === 'client' ? order.clientId === payer.clientId : order.id === payer.orderId);
  if (order && own) return order;
  if (order && payer.kind === 'client') payer.onForeign(order.id);
  throw new AppError('ORDER_NOT_FOUND');
}

async function ownCard(ctx: PayContext, clientId: number, cardId: number): Promise<CardRow> {
  const [card] = await ctx.db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.clientId, clientId), isNull(cards.deletedAt)));
  if (!card) throw new AppError('CARD_NOT_FOUND');
  return card;
}

export function operationKeyOf(order: LoanOrderRow, idempotencyKey: string): string {
  return `loan:${order.clientId}:${idempotencyKey}`;
}

async function answerFor(
  ctx: PayContext,
  operation: PaymentOperationRow,
  orderId: number,
): Promise<PayLoanAnswer> {
  const [order] = await ctx.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  const presented = order ? await presentOne(ctx.db, order, reckoningOf(ctx)) : null;
  if (operation.status === 'approved') {
    const message = await approvedPaymentMessage(ctx, operation, presented);
    return { status: 'approved', url: null, message, order: presented };
  }
  if (operation.status === 'declined' || operation.status === 'failed') {
    const message = operation.message ?? PAYMENT_DECLINED_MESSAGE;
    return { status: 'declined', url: null, message, order: presented };
  }
  const message = 'Платёж обрабатывается. Обновите страницу через минуту';
  return { status: 'pending', url: null, message, order: presented };
}

async function settleMove(
  ctx: PayContext,
  operation: PaymentOperationRow,
  move: Pick<MoneyMove, 'orderId' | 'operationId' | 'status' | 'reasonCode'>,
): Promise<PaymentOperationRow> {
  return ctx.db.transaction((tx) => settlePayment(tx, ctx, operation.id, move));
}

async function markFailed(ctx: PayContext, operation: PaymentOperationRow, message: string) {
  await endInFlight(ctx, operation.id, 'failed', message);
}

/** Charges a bound card by its token; a gateway failure with an unknown outcome stays pending. */
async function chargeCard(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { operation: PaymentOperationRow; order: LoanOrderRow; card: CardRow },
): Promise<PaymentOperationRow> {
  const { operation, order, card } = input;
  try {
    const move = await gateway.chargeByToken({
      token: openCardToken(card.tokenSealed, ctx.config.appSecret),
      amount: kopecks(operation.amount),
      reference: operation.reference,
      description: `Погашение по договору ${order.contractNumber ?? order.id}`,
      onRegistered: (gatewayOrderId) =>
        recordGatewayOrder(ctx, operation.id, gatewayOrderId, 'PAYMENT_IN_FLIGHT'),
    });
    return await settleMove(ctx, operation, move);
  } catch (error) {
    if (!isPaymentGatewayError(error)) throw error;
    log.warn({ gateway: error.detail, kind: error.kind, orderId: order.id }, 'loan charge failed');
    if (error.outcomeUnknown) return operation;
    await markFailed(ctx, operation, PAYMENT_DECLINED_MESSAGE);
    return { ...operation, status: 'failed', message: PAYMENT_DECLINED_MESSAGE };
  }
}

/**
 * The gateway order of a page or СБП payment lives until the end of the Moscow day its sum was
 * quoted for (the operation's expires_at): the gateway refuses to take the money later, when the
 * debt has grown. Whole seconds, rounded down so it never outlives the day; at least one.
 */
function lifetimeOf(ctx: PayContext, operation: PaymentOperationRow): number | undefined {
  if (!operation.expiresAt) return undefined;
  const left = operation.expiresAt.getTime() - ctx.clock.now().getTime();
  return Math.max(1, Math.floor(left / 1000));
}

async function startPage(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { operation: PaymentOperationRow; order: LoanOrderRow; returnUrl: string },
): Promise<string> {
  const { operation, order, returnUrl } = input;
  const page = await callGateway(log, () =>
    gateway.purchasePageStart({
      amount: kopecks(operation.amount),
      reference: operation.reference,
      description: `Погашение по договору ${order.contractNumber ?? order.id}`,
      returnUrl,
      failUrl: returnUrl,
      lifetimeSeconds: lifetimeOf(ctx, operation),
    }),
  );
  await recordGatewayOrder(ctx, operation.id, page.orderId, 'PAYMENT_IN_FLIGHT');
  return page.url;
}

export const SBP_SCAN_MESSAGE =
  'Отсканируйте QR-код камерой телефона или откройте ссылку в приложении банка и подтвердите платёж';

/**
 * A СБП payment: the gateway registers the order and gives its NSPK link (PurchaseSBPQRLink),
 * drawn here as a QR code. Until paid it is an open page like the card page (no card, expires
 * at the end of the Moscow day), so every rule of open pages holds for it: one in flight per
 * loan, closed before the next payment, settled by the gateway's operation whenever it comes.
 */
async function startSbp(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: { operation: PaymentOperationRow; order: LoanOrderRow; returnUrl: string },
): Promise<SbpPayment> {
  const { operation, order, returnUrl } = input;
  const start = await callGateway(log, () =>
    gateway.sbpQrStart({
      amount: kopecks(operation.amount),
      reference: operation.reference,
      description: `Погашение по договору ${order.contractNumber ?? order.id}`,
      returnUrl,
      failUrl: returnUrl,
      lifetimeSeconds: lifetimeOf(ctx, operation),
    }),
  );
  await recordGatewayOrder(ctx, operation.id, start.orderId, 'PAYMENT_IN_FLIGHT');
  const svg = await QRCode.toString(start.link, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { order_id: start.orderId, link: start.link, qr_svg: svg };
}

export async function payLoan(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  request: PayLoanRequest,
): Promise<PayLoanAnswer> {
  const order = await payableOrder(ctx, request.payer, request.contractNumber);
  const operationKey = operationKeyOf(order, request.idempotencyKey);
  const earlier = await operationByKey(ctx.db, operationKey);
  if (earlier) return answerFor(ctx, await unlessInterrupted(ctx, gateway, log, earlier), order.id);
  const sbp = request.method === 'sbp';
  const card =
    !sbp && request.cardId !== undefined && request.payer.kind === 'client'
      ? await ownCard(ctx, request.payer.clientId, request.cardId)
      : null;
  const claim = await claimEndingEarlier(ctx, gateway, log, {
    orderId: order.id,
    operationKey,
    type: request.type,
    amount: request.amount,
    prolongationDays: request.prolongationDays,
    cardId: card?.id ?? null,
    agreement: request.agreement,
  });
  if (claim.kind === 'repeat') {
    return answerFor(ctx, await unlessInterrupted(ctx, gateway, log, claim.operation), order.id);
  }
  if (card) {
    const settled = await chargeCard(ctx, gateway, log, { ...claim, card });
    return answerFor(ctx, settled, order.id);
  }
  const returnUrl = `${request.returnBaseUrl}${returnPathFor(request.payer)}`;
  if (sbp) {
    const payment = await startSbp(ctx, gateway, log, { ...claim, returnUrl });
    return {
      status: 'sbp',
      url: payment.link,
      sbp: payment,
      message: SBP_SCAN_MESSAGE,
      order: null,
    };
  }
  const url = await startPage(ctx, gateway, log, { ...claim, returnUrl });
  return { status: 'redirect', url, message: 'Перейдите на страницу оплаты', order: null };
}

/**
 * Claims the payment. The loan's payment in flight is ended first: a gateway page left open is
 * settled (if paid there) or closed, a charge cut off by a crash is settled by what the gateway
 * did; one still under way answers 409. So a loan has one payment in flight and its sum is
 * decided against the real debt.
 */
async function claimEndingEarlier(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  input: ClaimInput,
) {
  const first = await claimPayment(ctx, input);
  if (first.kind === 'page-open') {
    await callGateway(log, () => closeOpenPage(ctx, gateway, log, first.operation));
  } else if (first.kind === 'in-flight') {
    const ended = await callGateway(log, () =>
      settleInterruptedPayment(ctx, gateway, first.operation),
    );
    if (!ended) throw new AppError('PAYMENT_IN_FLIGHT');
  } else return first;
  const second = await claimPayment(ctx, input);
  if (second.kind === 'page-open' || second.kind === 'in-flight') {
    throw new AppError('PAYMENT_IN_FLIGHT');
  }
  return second;
}

/**
 * The same payment asked for again (same Idempotency-Key) while it is still in flight: a card
 * charge whose request was cut off is settled now; an open page or one under way stays as it is.
 */
async function unlessInterrupted(
  ctx: PayContext,
  gateway: PaymentsGateway,
  log: FastifyBaseLogger,
  operation: PaymentOperationRow,
): Promise<PaymentOperationRow> {
  const inFlight = (IN_FLIGHT_STATUSES as readonly string[]).includes(operation.status);
  if (!inFlight || isOpenPage(operation)) return operation;
  const ended = await callGateway(log, () => settleInterruptedPayment(ctx, gateway, operation));
  if (!ended) return operation;
  return (await operationByKey(ctx.db, operation.idempotencyKey)) ?? operation;
}

/** The page that shows the outcome after the gateway: the loan list, or the guest payment page. */
function returnPathFor(payer: Payer): string {
  return payer.kind === 'loanpay' ? '/pay/loanpay' : '/loan';
}
