import {
  applyProlongation,
  balanceOf,
  kopecks,
  lateRepaymentWriteOff,
  ORDER_STATUS,
  overpaymentOf,
  paymentEntry,
  type LedgerEntry,
  type LoanLimits,
  type PaymentEntry,
  type WriteOffEntry,
  moscowDate,
} from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/locks';
import {
  loanLedger,
  loanOrders,
  loanPayments,
  type LoanOrderRow,
  type LoanPaymentRow,
  type PaymentOperationRow,
} from '../../db/schema';
import { queuePayment, queueProlongation } from '../credit-history/events';
import { assertTransition, OPEN_LOAN_STATUSES } from '../loans/status-machine';
import { syncLockedLoan, type SyncedLoan } from './accrual';
import { queueRefund } from './refunds';

/*
 * The ledger side of an approved loan payment, inside the transaction that marks the payment
 * operation approved (and records the gateway's notification, when one settles it). The entry
 * key «payment:<operation id>» is unique per order: a payment is booked once, whatever repeats.
 * Money the loan did not need (an overpayment, or a payment that settled after the loan closed)
 * stays unallocated on the entry and is queued, in the same transaction, to go back to the card
 * (refunds.ts); the ledger is never edited, only added to.
 */

export interface BookingOptions {
  readonly now: Date;
  readonly limits: LoanLimits;
  readonly log?: FastifyBaseLogger;
}

export function paymentEntryKey(operationId: number): string {
  return `payment:${operationId}`;
}

async function loanPaymentOf(tx: Transaction, operationId: number): Promise<LoanPaymentRow | null> {
  const [row] = await tx
    .select()
    .from(loanPayments)
    .where(eq(loanPayments.paymentOperationId, operationId));
  return row ?? null;
}

async function lockOrder(tx: Transaction, orderId: number): Promise<LoanOrderRow | null> {
  const [row] = await tx.select().from(loanOrders).where(eq(loanOrders.id, orderId)).for('update');
  return row ?? null;
}

async function insertEntry(
  tx: Transaction,
  orderId: number,
  entry: PaymentEntry | WriteOffEntry,
  operationId: number,
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(loanLedger)
    .values({
      orderId,
      entryKey: entry.id,
      kind: entry.kind,
      amount: entry.amount,
      entryDate: entry.date,
      allocatedPenalty: entry.allocation.penalty,
      allocatedInterest: entry.allocation.interest,
      allocatedPrincipal: entry.allocation.principal,
      paymentOperationId: operationId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: loanLedger.id });
  return inserted.length > 0;
}

export async function markRepaid(tx: Transaction, order: LoanOrderRow, now: Date): Promise<void> {
  assertTransition(order.statusId, ORDER_STATUS.REPAID);
  await tx
    .update(loanOrders)
    .set({ statusId: ORDER_STATUS.REPAID, repaidAt: now, updatedAt: now })
    .where(and(eq(loanOrders.id, order.id), inArray(loanOrders.statusId, [...OPEN_LOAN_STATUSES])));
}

async function moveDueDate(
  tx: Transaction,
  order: LoanOrderRow,
  dueDate: string,
  now: Date,
): Promise<void> {
  // A prolonged overdue loan owes nothing but principal again: back to GIVEN.
  if (order.statusId === ORDER_STATUS.EXPIRED) assertTransition(order.statusId, ORDER_STATUS.GIVEN);
  await tx
    .update(loanOrders)
    .set({ dueDate, statusId: ORDER_STATUS.GIVEN, updatedAt: now })
    .where(eq(loanOrders.id, order.id));
}

/** The prolongation the client signed, if its price is still what was paid; else null. */
function prolongationEntries(
  loan: SyncedLoan,
  payment: LoanPaymentRow,
  operation: PaymentOperationRow,
  today: string,
): { entry: PaymentEntry; dueDate: string } | null {
  if (payment.type !== 'prolongation' || !payment.prolongationDays || !loan.terms) return null;
  const paid = applyProlongation(paymentEntryKey(operation.id), {
    balance: balanceOf(loan.entries),
    loan: loan.terms,
    days: payment.prolongationDays,
    date: today,
  });
  const [entry] = paid.entries;
  if (!entry || entry.amount !== operation.amount) return null;
  return { entry, dueDate: payment.prolongationDueDate ?? paid.loan.dueDate };
}

/**
 * A full repayment is quoted for its Moscow day (its gateway order lives until that day ends), but
 * the money may still arrive later: paid at 23:59, confirmed by the bank or notified after
 * midnight. The client paid what closed the loan on the day of the quote, so the charges of the
 * days between are written off (Civil Code art. 415) rather than left to accrue and go overdue.
 */
async function writeOffLateDays(
  tx: Transaction,
  loan: SyncedLoan,
  payment: LoanPaymentRow,
  operation: PaymentOperationRow,
  options: BookingOptions,
): Promise<WriteOffEntry | null> {
  if (payment.type !== 'full' || !OPEN_LOAN_STATUSES.includes(loan.order.statusId)) return null;
  const writeOff = lateRepaymentWriteOff(loan.entries, {
    id: `write_off:${operation.id}`,
    date: moscowDate(options.now),
    quotedOn: moscowDate(operation.createdAt),
    paid: kopecks(operation.amount),
  });
  if (!writeOff) return null;
  if (!(await insertEntry(tx, loan.order.id, writeOff, operation.id, options.now))) return null;
  options.log?.info(
    { orderId: loan.order.id, amount: writeOff.amount },
    'Полное погашение зачислено на другой день: начисления за дни между списаны',
  );
  return writeOff;
}

async function bookOn(
  tx: Transaction,
  synced: SyncedLoan,
  payment: LoanPaymentRow,
  operation: PaymentOperationRow,
  options: BookingOptions,
): Promise<void> {
  const today = moscowDate(options.now);
  const writeOff = await writeOffLateDays(tx, synced, payment, operation, options);
  const loan = writeOff ? { ...synced, entries: [...synced.entries, writeOff] } : synced;
  const prolonged = prolongationEntries(loan, payment, operation, today);
  const entry =
    prolonged?.entry ??
    paymentEntry(loan.entries, {
      id: paymentEntryKey(operation.id),
      date: today,
      amount: kopecks(operation.amount),
      dueDate: loan.terms?.dueDate ?? today,
    });
  if (!(await insertEntry(tx, loan.order.id, entry, operation.id, options.now))) return;
  if (payment.type === 'prolongation' && !prolonged) {
    options.log?.warn(
      { orderId: loan.order.id },
      'Пролонгация: цена изменилась, зачтено как платёж',
    );
  }
  if (prolonged) await moveDueDate(tx, loan.order, prolonged.dueDate, options.now);
  const entries: LedgerEntry[] = [...loan.entries, entry];
  const wasOpen = OPEN_LOAN_STATUSES.includes(loan.order.statusId);
  if (balanceOf(entries).total === 0n && wasOpen) await markRepaid(tx, loan.order, options.now);
  if (wasOpen) await queueCreditEvent(tx, loan.order, entries, entry, prolonged, options.now);
  const over = overpaymentOf(entry);
  if (over > 0n) {
    options.log?.warn({ orderId: loan.order.id, over }, 'Переплата по займу: вернём на карту');
    await queueRefund(tx, operation, over, options.now);
  }
}

/** The payment for the credit history: a prolongation (2.1), or a payment (2.3, and 2.5 if it closed the loan). */
function queueCreditEvent(
  tx: Transaction,
  order: LoanOrderRow,
  entries: readonly LedgerEntry[],
  entry: PaymentEntry,
  prolonged: { dueDate: string } | null,
  now: Date,
): Promise<void> {
  if (prolonged) return queueProlongation(tx, order, entries, entry, prolonged.dueDate, now);
  return queuePayment(tx, order, entries, entry, now);
}

/** Books an approved loan payment (no-op for other operations and for a repeat). */
export async function bookLoanPayment(
  tx: Transaction,
  operation: PaymentOperationRow,
  options: BookingOptions,
): Promise<void> {
  const payment = await loanPaymentOf(tx, operation.id);
  if (!payment) return;
  const order = await lockOrder(tx, payment.orderId);
  if (!order) return;
  const loan = await syncLockedLoan(tx, order, options.now, options.limits);
  if (!OPEN_LOAN_STATUSES.includes(loan.order.statusId)) {
    // Paid after the loan closed: the whole sum is an overpayment, returned to the card.
    options.log?.warn({ orderId: order.id }, 'Платёж по закрытому займу');
  }
  await bookOn(tx, loan, payment, operation, options);
}
