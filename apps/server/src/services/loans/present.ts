import {
  addDays,
  kopecks,
  moscowDate,
  ORDER_STATUS,
  orderSchema,
  toMoneyString,
  type AddOnRefusalRules,
  type LoanLimits,
  type Order,
} from '@zaymo/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  bureauRequests,
  cards,
  creditHistoryEvents,
  orderInsurances,
  orderPayouts,
  orderReviews,
  sbpPrechecks,
  type LoanOrderRow,
} from '../../db/schema';
import type { AppContext } from '../../context';
import { maskPhone } from '../../russian';
import { contractDateOf, coolingOffEndOf, storedQuoteOn } from './contract-dates';
import type { Db } from './db';
import { insuranceFactsOf, presentLoanInsurance, type InsuranceFacts } from './insurance';
import { loanPosition, type LoanPosition } from './ledger';
import { loadLoansTerms, type LoadedTerms } from './terms';
import { OPEN_LOAN_STATUSES } from './status-machine';

/** The moment the figures are for and the limits the accrual job books with. */
export interface Reckoning {
  readonly now: Date;
  readonly limits: LoanLimits;
  readonly addOnRefusal: AddOnRefusalRules;
}

export function reckoningOf(
  ctx: Pick<AppContext, 'clock' | 'config'>,
  now: Date = ctx.clock.now(),
): Reckoning {
  return {
    now,
    limits: ctx.config.loans.servicing.limits,
    addOnRefusal: ctx.config.loans.addOnRefusal,
  };
}

function money(value: bigint): string {
  return toMoneyString(kopecks(value));
}

function isoOrNull(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

type PayoutCard = NonNullable<Order['payout_card']>;
type PayoutSbp = NonNullable<Order['payout_sbp']>;

interface OrderExtras {
  readonly insuranceIds: readonly number[];
  readonly payoutCard?: PayoutCard | null;
  readonly payoutSbp?: PayoutSbp | null;
  /** A specialist checks the order by hand (the console's manual-review queue). */
  readonly inReview?: boolean;
  /** The bureau's last word on the order was none: it is asked again. */
  readonly waitingForBureau?: boolean;
  /** The Moscow day the bureau acknowledged the loan's closure. */
  readonly closureReportedOn?: string | null;
  /** An open loan's ledger and terms; nothing for an order that is not a loan now. */
  readonly loan?: LoadedTerms | undefined;
  readonly insurance?: InsuranceFacts;
  readonly at: Reckoning;
}

function presentBalance(order: LoanOrderRow, extras: OrderExtras): Order['balance'] {
  if (!OPEN_LOAN_STATUSES.includes(order.statusId) || !extras.loan) return null;
  const { terms, rows } = extras.loan;
  const position = loanPosition(terms, rows, extras.at.now, extras.at.limits);
  if (!position) return null;
  const { principal, interest, penalty, total } = position.balance;
  return {
    principal: money(principal),
    interest: money(interest),
    penalty: money(penalty),
    total: money(total),
    days_to_due: position.daysToDue,
    due_date_total: position.onDueDate && money(position.onDueDate.total),
    charged: money(position.charged),
    charges_cap: money(position.chargesCap),
    schedule: [scheduledPayment(position, extras.at.now)],
  };
}

/** The payment that ends the loan: on the due date, or today once it is overdue. */
function scheduledPayment(position: LoanPosition, now: Date) {
  const due = position.onDueDate ?? position.balance;
  return {
    date: position.onDueDate ? position.dueDate : moscowDate(now),
    principal: money(due.principal),
    interest: money(due.interest),
    penalty: money(due.penalty),
    total: money(due.total),
  };
}

/**
 * The quote the client reads: an approved offer is quoted for a contract of today (the cap
 * regime of the day it would be signed and paid out); a signed one keeps its signing-day quote.
 */
function presentQuote(order: LoanOrderRow, contractDate: string | null) {
  const quote =
    order.statusId === ORDER_STATUS.APPROVED && contractDate
      ? storedQuoteOn(order, contractDate)
      : order;
  return {
    return_sum: money(quote.returnSum),
    psk: { percent: quote.pskPercent, amount: money(quote.pskAmount) },
  };
}

/** A signed loan's cooling-off (353-FZ art. 7 part 9.3): its end, and whether it runs now. */
function presentCoolingOff(order: LoanOrderRow, now: Date) {
  const until = coolingOffEndOf(order);
  if (!until) return {};
  const running = order.statusId === ORDER_STATUS.SIGNED && now < until;
  return { cooling_off_until: until.toISOString(), cooling_off_running: running };
}

/** A ПДН above the notice threshold (353-FZ art. 5.1): the borrower signs the notice. */
function presentDebtLoad(order: LoanOrderRow) {
  if (!order.debtLoadNotice || order.debtLoadPercent === null) return {};
  return { debt_load_notice: { percent: order.debtLoadPercent } };
}

/** The insurance of a paid-out loan and its refusal (353-ФЗ ст. 7 ч. 2.7); nothing without one. */
function presentInsurance(order: LoanOrderRow, extras: OrderExtras) {
  const { addOnRefusal, now } = extras.at;
  const insurance = presentLoanInsurance(order, extras.insurance, addOnRefusal, now);
  return insurance ? { insurance } : {};
}

/** An order as the API shows it; the schema check keeps the answer to the contract. */
export function presentOrder(order: LoanOrderRow, extras: OrderExtras): Order {
  const contractDate = contractDateOf(order, extras.at.now);
  return orderSchema.parse({
    id: order.id,
    status_id: order.statusId,
    contract_number: order.contractNumber,
    amount: money(order.amount),
    period: order.period,
    day_percent: order.dayPercent,
    tariff_id: order.tariffId,
    insurance_ids: [...extras.insuranceIds],
    ...presentQuote(order, contractDate),
    ...presentInsurance(order, extras),
    created_at: order.createdAt.toISOString(),
    due_date: order.dueDate,
    contract_date: contractDate,
    contract_due_date: contractDate && addDays(contractDate, order.period),
    signed_at: isoOrNull(order.signedAt),
    ...presentCoolingOff(order, extras.at.now),
    ...presentDebtLoad(order),
    given_at: isoOrNull(order.givenAt),
    repaid_at: isoOrNull(order.repaidAt),
    status_reason: order.statusReason,
    ...(extras.inReview ? { manual_review: true } : {}),
    ...(extras.waitingForBureau && !extras.inReview ? { credit_check_pending: true } : {}),
    ...(extras.closureReportedOn ? { closure_reported_on: extras.closureReportedOn } : {}),
    balance: presentBalance(order, extras),
    payout_card: extras.payoutCard ?? null,
    payout_method: order.payoutMethod,
    payout_sbp: extras.payoutSbp ?? null,
  });
}

/** The card of each order's live payout (pending or approved: at most one per order). */
async function payoutCardsOf(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, PayoutCard>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderPayouts.orderId, id: cards.id, panMasked: cards.panMasked })
    .from(orderPayouts)
    .innerJoin(cards, eq(cards.id, orderPayouts.cardId))
    .where(
      and(
        inArray(orderPayouts.orderId, [...orderIds]),
        inArray(orderPayouts.status, ['pending', 'approved']),
      ),
    );
  return new Map(rows.map((row) => [row.orderId, { id: row.id, pan_masked: row.panMasked }]));
}

/** The confirmed СБП recipient of each order that pays out by phone (its latest check). */
async function payoutSbpOf(
  db: Db,
  orders: readonly LoanOrderRow[],
): Promise<Map<number, PayoutSbp>> {
  const ids = orders.filter((order) => order.payoutMethod === 'sbp').map((order) => order.id);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sbpPrechecks)
    .where(and(inArray(sbpPrechecks.orderId, ids), isNotNull(sbpPrechecks.confirmedAt)))
    .orderBy(asc(sbpPrechecks.confirmedAt));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        bank_name: row.bankName,
        recipient_name: row.recipientName,
        phone_masked: maskPhone(row.phone),
      },
    ]),
  );
}

/** The ACCEPTED orders a specialist has yet to decide (one query, only when there are any). */
async function inReviewOf(db: Db, orders: readonly LoanOrderRow[]): Promise<Set<number>> {
  const ids = orders
    .filter((order) => order.statusId === ORDER_STATUS.ACCEPTED)
    .map((order) => order.id);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ orderId: orderReviews.orderId })
    .from(orderReviews)
    .where(and(inArray(orderReviews.orderId, ids), isNull(orderReviews.decision)));
  return new Set(rows.map((row) => row.orderId));
}

/** ACCEPTED orders whose latest bureau request got no answer (the scoring asks again). */
async function waitingForBureauOf(db: Db, orders: readonly LoanOrderRow[]): Promise<Set<number>> {
  const ids = orders
    .filter((order) => order.statusId === ORDER_STATUS.ACCEPTED)
    .map((order) => order.id);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ orderId: bureauRequests.orderId, outcome: bureauRequests.outcome })
    .from(bureauRequests)
    .where(inArray(bureauRequests.orderId, ids))
    .orderBy(desc(bureauRequests.id));
  const latest = new Map<number, string>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row.outcome);
  return new Set([...latest].filter(([, outcome]) => outcome === 'unavailable').map(([id]) => id));
}

/** REPAID orders whose closure (event 2.5) the bureau acknowledged: the Moscow day it did. */
async function closureReportedOf(
  db: Db,
  orders: readonly LoanOrderRow[],
): Promise<Map<number, string>> {
  const ids = orders
    .filter((order) => order.statusId === ORDER_STATUS.REPAID)
    .map((order) => order.id);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: creditHistoryEvents.orderId, at: creditHistoryEvents.acknowledgedAt })
    .from(creditHistoryEvents)
    .where(
      and(
        inArray(creditHistoryEvents.orderId, ids),
        eq(creditHistoryEvents.kind, 'closure'),
        isNotNull(creditHistoryEvents.acknowledgedAt),
      ),
    );
  return new Map(rows.flatMap((row) => (row.at ? [[row.orderId, moscowDate(row.at)]] : [])));
}

async function insuranceIdsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, number[]>> {
  const byOrder = new Map<number, number[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderInsurances.orderId, insuranceId: orderInsurances.insuranceId })
    .from(orderInsurances)
    .where(inArray(orderInsurances.orderId, [...orderIds]))
    .orderBy(asc(orderInsurances.insuranceId));
  for (const row of rows)
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row.insuranceId]);
  return byOrder;
}

/** Several orders with one query for each of their facts (ledgers, holidays…), not one per order. */
export async function presentOrders(
  db: Db,
  orders: readonly LoanOrderRow[],
  at: Reckoning,
): Promise<Order[]> {
  const ids = orders.map((order) => order.id);
  const insurances = await insuranceIdsOf(db, ids);
  const openLoans = orders.filter((order) => OPEN_LOAN_STATUSES.includes(order.statusId));
  const loans = await loadLoansTerms(db, openLoans);
  const payoutCards = await payoutCardsOf(db, ids);
  const payoutSbp = await payoutSbpOf(db, orders);
  const inReview = await inReviewOf(db, orders);
  const waitingForBureau = await waitingForBureauOf(db, orders);
  const closureReported = await closureReportedOf(db, orders);
  const insured = orders.filter((order) => order.insuranceTotal > 0n).map((order) => order.id);
  const insuranceFacts = await insuranceFactsOf(db, insured);
  return orders.map((order) =>
    presentOrder(order, {
      inReview: inReview.has(order.id),
      waitingForBureau: waitingForBureau.has(order.id),
      closureReportedOn: closureReported.get(order.id) ?? null,
      insuranceIds: insurances.get(order.id) ?? [],
      payoutCard: payoutCards.get(order.id) ?? null,
      payoutSbp: payoutSbp.get(order.id) ?? null,
      loan: loans.get(order.id),
      insurance: insuranceFacts.get(order.id),
      at,
    }),
  );
}

export async function presentOne(db: Db, order: LoanOrderRow, at: Reckoning): Promise<Order> {
  const [presented] = await presentOrders(db, [order], at);
  if (!presented) throw new Error('order not presented');
  return presented;
}
