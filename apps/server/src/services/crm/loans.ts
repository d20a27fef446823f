import {
  ORDER_STATUS,
  kopecks,
  toMoneyString,
  type CrmOrder,
  type OrderStatusName,
} from '@zaymo/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import {
  cards,
  loanLedger,
  loanOrders,
  loanPayments,
  orderReviews,
  orderScorings,
  paymentOperations,
  staff,
  type LoanOrderRow,
} from '../../db/schema';
import { coolingOffEndOf } from '../loans/contract-dates';
import { insuranceFactsOf, presentLoanInsurance } from '../loans/insurance';
import { findClient } from './client-card';

/*
 * The console's view of a client's orders and loans: each order with its way
 * so far, the scoring rules' outcomes, every ledger movement and every gateway operation.
 */

type LoansContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const STATUS_NAMES = new Map<number, OrderStatusName>(
  Object.entries(ORDER_STATUS).map(([name, id]) => [id, name as OrderStatusName]),
);

const money = (value: bigint): string => toMoneyString(kopecks(value));

/** A manual review of the order: when it joined the queue and, once decided, by whom and why. */
interface ReviewStep {
  createdAt: Date;
  decidedAt: Date | null;
  staffName: string | null;
  reason: string | null;
}

type Step = CrmOrder['status_history'][number];

type DatedStep = Omit<Step, 'at'> & { at: Date };

/** The order's steps, oldest first, from the moments the order row keeps. */
const INCOME_BASES = ['confirmed', 'declared', 'regional_average'] as const;
type IncomeBasis = (typeof INCOME_BASES)[number];

const isIncomeBasis = (value: string | null): value is IncomeBasis =>
  INCOME_BASES.some((basis) => basis === value);

/** The ПДН scoring stored on the order; null for an order scored before it was kept. */
function debtLoadOf(order: LoanOrderRow) {
  const { debtLoadPercent, debtLoadPayments, debtLoadIncome, debtLoadIncomeBasis } = order;
  if (debtLoadPercent === null || debtLoadPayments === null || debtLoadIncome === null) return null;
  if (!isIncomeBasis(debtLoadIncomeBasis)) return null;
  return {
    percent: debtLoadPercent,
    monthly_payments: money(debtLoadPayments),
    income: money(debtLoadIncome),
    income_basis: debtLoadIncomeBasis,
    income_region: order.debtLoadIncomeRegion,
    notice: order.debtLoadNotice,
  };
}

function statusHistory(order: LoanOrderRow, review: ReviewStep | undefined): Step[] {
  const refused = order.contractNumber === null && order.statusId === ORDER_STATUS.REFUSED;
  const decided: DatedStep | null = order.decidedAt && {
    status: refused ? 'REFUSED' : 'APPROVED',
    at: order.decidedAt,
    ...(review?.decidedAt ? { by: review.staffName ?? '', reason: review.reason ?? '' } : {}),
  };
  const steps: (DatedStep | null | undefined)[] = [
    { status: 'NEW', at: order.createdAt },
    review && { status: 'MANUAL_REVIEW', at: review.createdAt },
    decided,
    order.signedAt && { status: 'SIGNED', at: order.signedAt },
    order.givenAt && { status: 'GIVEN', at: order.givenAt },
    order.repaidAt && { status: 'REPAID', at: order.repaidAt },
    // The refusal is the order's last change: nothing moves it on from there.
    order.statusId === ORDER_STATUS.REJECTED_BY_CLIENT
      ? { status: 'REJECTED_BY_CLIENT', at: order.updatedAt }
      : null,
  ];
  return steps
    .filter((step): step is DatedStep => Boolean(step))
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((step) => ({ ...step, at: step.at.toISOString() }));
}

async function reviewsOf(ctx: LoansContext, orderIds: number[]): Promise<Map<number, ReviewStep>> {
  const rows = await ctx.db
    .select({
      orderId: orderReviews.orderId,
      createdAt: orderReviews.createdAt,
      decidedAt: orderReviews.decidedAt,
      reason: orderReviews.reason,
      staffName: staff.name,
    })
    .from(orderReviews)
    .leftJoin(staff, eq(staff.id, orderReviews.staffId))
    .where(inArray(orderReviews.orderId, orderIds));
  return new Map(rows.map(({ orderId, ...review }) => [orderId, review]));
}

export async function clientOrders(ctx: LoansContext, clientId: number): Promise<CrmOrder[]> {
  await findClient(ctx, clientId);
  const orders = await ctx.db
    .select()
    .from(loanOrders)
    .where(eq(loanOrders.clientId, clientId))
    .orderBy(desc(loanOrders.id));
  if (orders.length === 0) return [];
  const orderIds = orders.map((order) => order.id);
  const scorings = await ctx.db
    .select()
    .from(orderScorings)
    .where(inArray(orderScorings.orderId, orderIds));
  const reviews = await reviewsOf(ctx, orderIds);
  const ledger = await ctx.db
    .select()
    .from(loanLedger)
    .where(inArray(loanLedger.orderId, orderIds))
    .orderBy(asc(loanLedger.entryDate), asc(loanLedger.id));
  const operations = await ctx.db
    .select({
      operation: paymentOperations,
      panMasked: cards.panMasked,
      paymentType: loanPayments.type,
    })
    .from(paymentOperations)
    .leftJoin(cards, eq(cards.id, paymentOperations.cardId))
    .leftJoin(loanPayments, eq(loanPayments.paymentOperationId, paymentOperations.id))
    .where(inArray(paymentOperations.loanOrderId, orderIds))
    .orderBy(asc(paymentOperations.id));
  const insurances = await insuranceFactsOf(ctx.db, orderIds);
  const now = ctx.clock.now();
  return orders.map((order) => {
    const scoring = scorings.find((row) => row.orderId === order.id);
    const ofOrder = operations
      .filter(({ operation }) => operation.loanOrderId === order.id)
      .map(({ operation, panMasked, paymentType }) => ({
        id: operation.id,
        kind: operation.kind,
        status: operation.status,
        amount: money(operation.amount),
        gateway: operation.gateway,
        gateway_order_id: operation.gatewayOrderId,
        gateway_operation_id: operation.gatewayOperationId,
        reference: operation.reference,
        message: operation.message,
        payment_type: paymentType,
        card_pan_masked: panMasked,
        created_at: operation.createdAt.toISOString(),
        updated_at: operation.updatedAt.toISOString(),
      }));
    return {
      id: order.id,
      status_id: order.statusId,
      status: STATUS_NAMES.get(order.statusId) ?? String(order.statusId),
      status_reason: order.statusReason,
      contract_number: order.contractNumber,
      amount: money(order.amount),
      period: order.period,
      day_percent: order.dayPercent,
      return_sum: money(order.returnSum),
      insurance_total: money(order.insuranceTotal),
      insurance: presentLoanInsurance(
        order,
        insurances.get(order.id),
        ctx.config.loans.addOnRefusal,
        now,
      ),
      payout_method: order.payoutMethod,
      due_date: order.dueDate,
      moratorium_until: order.moratoriumUntil,
      cooling_off_until: coolingOffEndOf(order)?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
      status_history: statusHistory(order, reviews.get(order.id)),
      scoring: scoring
        ? {
            approved: scoring.approved,
            rules: scoring.rules,
            forced_by: scoring.forcedBy,
            decided_at: scoring.decidedAt.toISOString(),
          }
        : null,
      debt_load: debtLoadOf(order),
      ledger: ledger
        .filter((entry) => entry.orderId === order.id)
        .map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          amount: money(entry.amount),
          entry_date: entry.entryDate,
          allocated:
            entry.allocatedPrincipal === null &&
            entry.allocatedInterest === null &&
            entry.allocatedPenalty === null
              ? null
              : {
                  penalty: money(entry.allocatedPenalty ?? 0n),
                  interest: money(entry.allocatedInterest ?? 0n),
                  principal: money(entry.allocatedPrincipal ?? 0n),
                },
          reverses: entry.reverses,
          payment_operation_id: entry.paymentOperationId,
          created_at: entry.createdAt.toISOString(),
        })),
      payments: ofOrder.filter((operation) => operation.kind !== 'payout'),
      payouts: ofOrder.filter((operation) => operation.kind === 'payout'),
    };
  });
}
