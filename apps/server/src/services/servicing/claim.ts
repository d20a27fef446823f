import {
  balanceOf,
  kopecks,
  parseMoney,
  quoteProlongation,
  toMoneyString,
  type Balance,
  type Kopecks,
  type PaymentType,
  endOfMoscowDay,
  moscowDate,
} from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Transaction } from '../../db/locks';
import {
  IN_FLIGHT_STATUSES,
  loanOrders,
  loanPayments,
  paymentOperations,
  type LoanOrderRow,
  type LoanPaymentType,
  type PaymentOperationRow,
} from '../../db/schema';
import { AppError } from '../../errors';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { syncLockedLoan, type SyncedLoan } from './accrual';

/*
 * Claiming a loan payment: under the order's row lock, a repeated Idempotency-Key finds its
 * operation (the unique payment_operations.idempotency_key backs this up), the loan is accrued up
 * to today, the sum is decided (full = today's total, part = the client's sum, prolongation = the
 * quoted price) and the operation is recorded before any money moves.
 *
 * At most one payment per loan is in flight (new or pending) at a time: the row lock serialises
 * claims, and the partial unique index payment_operations_one_payment_in_flight_idx holds it in
 * the database across instances. So a sum is always decided against a debt that no other payment
 * is about to reduce, and concurrent repayments can never collect more than the debt. The
 * caller asks the gateway about the payment in flight before claiming again: a page the client
 * left open is closed (closeOpenPage), a charge cut off by a crash is settled
 * (settleInterruptedPayment); one still under way answers 409.
 */

type ClaimContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const MIN_PART_PAYMENT: Kopecks = kopecks(100n);

export interface ClaimInput {
  readonly orderId: number;
  readonly operationKey: string;
  readonly type: PaymentType;
  readonly amount?: string | undefined;
  readonly prolongationDays?: number | undefined;
  readonly cardId: number | null;
  readonly agreement?: AgreementSignature | undefined;
}

export interface AgreementSignature {
  readonly codeHash: string;
  readonly signedAt: Date;
  readonly ip: string;
  readonly sha256: string;
}

export type Claim =
  | { readonly kind: 'repeat'; readonly operation: PaymentOperationRow }
  | { readonly kind: 'new'; readonly operation: PaymentOperationRow; readonly order: LoanOrderRow }
  /** An earlier gateway page of this loan is still open: close it (closeOpenPage), then retry. */
  | { readonly kind: 'page-open'; readonly operation: PaymentOperationRow }
  /** Another payment of this loan is in flight: settle it if it was cut off, then retry. */
  | { readonly kind: 'in-flight'; readonly operation: PaymentOperationRow };

/** The loan's payment that may still move money, if any. */
export async function inFlightPaymentOf(
  db: ClaimContext['db'] | Transaction,
  orderId: number,
): Promise<PaymentOperationRow | null> {
  const [row] = await db
    .select()
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.loanOrderId, orderId),
        eq(paymentOperations.kind, 'payment'),
        inArray(paymentOperations.status, [...IN_FLIGHT_STATUSES]),
      ),
    );
  return row ?? null;
}

/** A registered gateway page (no card charge): the client may have left it without paying. */
export function isOpenPage(operation: PaymentOperationRow): boolean {
  return (
    operation.cardId === null && operation.status === 'pending' && operation.gatewayOrderId !== null
  );
}

export async function operationByKey(
  db: ClaimContext['db'] | Transaction,
  key: string,
): Promise<PaymentOperationRow | null> {
  const [row] = await db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.idempotencyKey, key));
  return row ?? null;
}

function partAmount(text: string | undefined, balance: Balance): Kopecks {
  const amount = text === undefined ? null : parseMoney(text);
  const most = balance.total;
  if (amount === null || amount < MIN_PART_PAYMENT || amount > most) {
    const range = { most: toMoneyString(most) };
    throw new AppError('PART_PAYMENT_OUT_OF_RANGE', range, { field: 'amount' });
  }
  return amount;
}

/** The price quoted for a prolongation: the accrued interest and penalty. */
export function prolongationQuote(loan: SyncedLoan, days: number, today: string) {
  if (!loan.terms) throw new AppError('LOAN_CLOSED');
  return quoteProlongation({
    balance: balanceOf(loan.entries),
    loan: loan.terms,
    days,
    date: today,
  });
}

interface Decided {
  readonly amount: Kopecks;
  readonly type: LoanPaymentType;
  readonly dueDate: string | null;
}

function decideAmount(loan: SyncedLoan, input: ClaimInput, today: string): Decided {
  const balance = balanceOf(loan.entries);
  if (input.type === 'prolongation' && input.prolongationDays) {
    const quote = prolongationQuote(loan, input.prolongationDays, today);
    if (quote.price <= 0n) {
      throw new AppError('PROLONGATION_TOO_EARLY');
    }
    return { amount: quote.price, type: 'prolongation', dueDate: quote.newDueDate };
  }
  if (input.type === 'part') {
    return { amount: partAmount(input.amount, balance), type: 'part', dueDate: null };
  }
  return { amount: balance.total, type: 'full', dueDate: null };
}

async function insertOperation(
  tx: Transaction,
  order: LoanOrderRow,
  input: ClaimInput,
  decided: Decided,
  now: Date,
): Promise<PaymentOperationRow> {
  const [operation] = await tx
    .insert(paymentOperations)
    .values({
      kind: 'payment',
      clientId: order.clientId,
      reference: `loan-${order.id}-${randomUUID()}`,
      idempotencyKey: input.operationKey,
      amount: decided.amount,
      status: 'new',
      cardId: input.cardId,
      loanOrderId: order.id,
      // A page's sum is today's: it is not paid after the Moscow day ends (the debt grows).
      expiresAt: input.cardId === null ? endOfMoscowDay(now) : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!operation) throw new Error('payment operation not created');
  await tx.insert(loanPayments).values({
    orderId: order.id,
    paymentOperationId: operation.id,
    type: decided.type,
    prolongationDays: decided.type === 'prolongation' ? (input.prolongationDays ?? null) : null,
    prolongationDueDate: decided.dueDate,
    agreementCodeHash: input.agreement?.codeHash ?? null,
    agreementSignedAt: input.agreement?.signedAt ?? null,
    agreementIp: input.agreement?.ip ?? null,
    agreementSha256: input.agreement?.sha256 ?? null,
    createdAt: now,
  });
  return operation;
}

export async function claimPayment(ctx: ClaimContext, input: ClaimInput): Promise<Claim> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, input.orderId))
      .for('update');
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const repeated = await operationByKey(tx, input.operationKey);
    if (repeated) return { kind: 'repeat', operation: repeated };
    const now = ctx.clock.now();
    const loan = await syncLockedLoan(tx, order, now, ctx.config.loans.servicing.limits);
    if (!OPEN_LOAN_STATUSES.includes(loan.order.statusId)) {
      throw new AppError('LOAN_CLOSED');
    }
    const inFlight = await inFlightPaymentOf(tx, order.id);
    if (inFlight) {
      return { kind: isOpenPage(inFlight) ? 'page-open' : 'in-flight', operation: inFlight };
    }
    const decided = decideAmount(loan, input, moscowDate(now));
    const operation = await insertOperation(tx, loan.order, input, decided, now);
    return { kind: 'new', operation, order: loan.order };
  });
}
