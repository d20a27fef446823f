import {
  addDays,
  kopecks,
  prolongedLoan,
  type CompanySettings,
  type Kopecks,
  type LedgerEntry,
  type LoanLimits,
  type LoanTerms as AccrualTerms,
  type Psk,
  moscowDate,
} from '@zaymo/contract';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { renderDocument, type SignatureRecord } from '../../documents/pdf';
import {
  loanLedger,
  loanPayments,
  paymentOperations,
  type LoanOrderRow,
  type LoanPaymentRow,
  type PaymentOperationStatus,
} from '../../db/schema';
import { AppError } from '../../errors';
import { editionOf } from '../documents/catalogue';
import { clientDetails, loanTerms } from '../documents/data';
import { loadClient } from '../identity/store';
import { ownOrder, type Db, type OrderAccessDenied } from '../loans/db';
import { approvedHolidaysOf } from '../credit-holidays/store';
import { holidayOfRow } from '../credit-holidays/rules';
import { ledgerOf, loanTermsOf, toLedgerEntry } from '../loans/ledger';

/** The terms printed in a prolongation agreement (the additional agreement, prolongation_docs). */
export interface AgreementTerms {
  readonly days: number;
  readonly price: Kopecks;
  readonly newDueDate: string;
  readonly agreementNumber: number;
  readonly contractDate: string;
  /** What repays the prolonged loan on the new due date. */
  readonly sumDue: Kopecks;
  /** ПСК of the prolonged loan, over every flow of the contract. */
  readonly psk: Psk;
}

/**
 * The prolonged loan's sum due and ПСК (loan-math's prolongedLoan) from the ledger as it stood
 * when the agreement was quoted: `entries` accrued up to `date`, `loan` with the due date then.
 */
export function prolongedFigures(
  input: { entries: readonly LedgerEntry[]; terms: AccrualTerms | null },
  agreement: { days: number; date: string },
  limits: LoanLimits,
): Pick<AgreementTerms, 'sumDue' | 'psk'> {
  if (!input.terms) throw new AppError('LOAN_NOT_ACTIVE');
  const { entries, terms } = input;
  const { sumDue, psk } = prolongedLoan({ entries, loan: terms, ...agreement, limits });
  return { sumDue, psk };
}

/** The PDF of the additional agreement, as shown before signing and as signed (with the record). */
export function renderProlongationAgreement(
  company: CompanySettings,
  order: LoanOrderRow,
  terms: AgreementTerms,
  options: { now: Date; signature?: SignatureRecord },
): Promise<Buffer> {
  const edition = editionOf('prolongation_agreement');
  return renderDocument('prolongation_agreement', {
    company,
    client: clientDetails(order.clientSnapshot),
    version: edition.version,
    date: moscowDate(options.now),
    loan: loanTerms(order, terms.contractDate),
    prolongation: {
      days: terms.days,
      price: kopecks(terms.price),
      newDueDate: terms.newDueDate,
      agreementNumber: terms.agreementNumber,
      sumDue: terms.sumDue,
      psk: terms.psk,
    },
    ...(options.signature ? { signature: options.signature } : {}),
  });
}

/** A signed additional agreement: its loan_payments row with the price the client paid. */
export interface SignedAgreement {
  readonly payment: LoanPaymentRow & {
    prolongationDays: number;
    prolongationDueDate: string;
    agreementSignedAt: Date;
  };
  readonly price: Kopecks;
  /** The payment's status: the agreement is in force once it is approved. */
  readonly status: PaymentOperationStatus;
}

/** The order's signed prolongation agreements, oldest first (their numbers are 1, 2, …). */
export async function signedAgreements(db: Db, orderId: number): Promise<SignedAgreement[]> {
  const rows = await db
    .select({
      payment: loanPayments,
      price: paymentOperations.amount,
      status: paymentOperations.status,
    })
    .from(loanPayments)
    .innerJoin(paymentOperations, eq(paymentOperations.id, loanPayments.paymentOperationId))
    .where(and(eq(loanPayments.orderId, orderId), isNotNull(loanPayments.agreementSignedAt)))
    .orderBy(asc(loanPayments.id));
  return rows.flatMap(({ payment, price, status }) => {
    const { prolongationDays: days, prolongationDueDate: due, agreementSignedAt: at } = payment;
    if (days === null || due === null || at === null) return [];
    const signed = { ...payment, prolongationDays: days, prolongationDueDate: due };
    return [{ payment: { ...signed, agreementSignedAt: at }, price: kopecks(price), status }];
  });
}

/**
 * GET /documents/file/prolongation_agreement?order_id=&payment_id= — the signed additional
 * agreement, re-rendered from what was stored at signing (terms, time, IP, the code hash's prefix)
 * with its signature block. The terms are those signProlongation printed: the number counts the
 * earlier signed agreements, the price is the payment's amount (the quote it was claimed at).
 * Another client's order is a 404 (onForeign), and so is a payment that is not a signed one.
 */
export async function signedProlongationAgreementPdf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: { clientId: number; orderId: number; paymentId: number; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  const agreements = await signedAgreements(ctx.db, order.id);
  const index = agreements.findIndex((row) => row.payment.id === input.paymentId);
  const agreement = agreements[index];
  if (!agreement) throw new AppError('DOCUMENT_NOT_FOUND');
  const { payment } = agreement;
  const client = await loadClient(ctx.db, input.clientId);
  const terms: AgreementTerms = {
    days: payment.prolongationDays,
    price: agreement.price,
    newDueDate: payment.prolongationDueDate,
    agreementNumber: (await earlierSigned(ctx.db, payment)) + 1,
    contractDate: await contractDateOf(ctx.db, order),
    ...(await figuresAtSigning(ctx, order, payment)),
  };
  return renderProlongationAgreement(ctx.config.company, order, terms, {
    now: payment.agreementSignedAt,
    signature: {
      signedAt: payment.agreementSignedAt.toISOString(),
      codeHashPrefix: (payment.agreementCodeHash ?? '').slice(0, 16),
      ip: payment.agreementIp ?? '',
      phone: client.phone,
    },
  });
}

/**
 * The figures as signed: the ledger rows booked by the signing moment (the quote synced the
 * accrual up to that day first), without the agreement's own payment, and the due date then in
 * force (the new one less the days, as quoteProlongation moved it).
 */
async function figuresAtSigning(
  ctx: Pick<AppContext, 'db' | 'config'>,
  order: LoanOrderRow,
  payment: SignedAgreement['payment'],
): Promise<Pick<AgreementTerms, 'sumDue' | 'psk'>> {
  const rows = await ledgerOf(ctx.db, order.id);
  const signedAt = payment.agreementSignedAt;
  const before = rows.filter(
    (row) =>
      row.createdAt.getTime() <= signedAt.getTime() &&
      row.paymentOperationId !== payment.paymentOperationId,
  );
  // The holidays approved by the signing: the figures the client signed, not today's.
  const holidays = (await approvedHolidaysOf(ctx.db, order.id))
    .filter((row) => row.decidedAt && row.decidedAt.getTime() <= signedAt.getTime())
    .map(holidayOfRow);
  const terms = loanTermsOf(order, rows, holidays);
  const dueDate = addDays(payment.prolongationDueDate, -payment.prolongationDays);
  return prolongedFigures(
    { entries: before.map(toLedgerEntry), terms: terms ? { ...terms, dueDate } : null },
    { days: payment.prolongationDays, date: moscowDate(signedAt) },
    ctx.config.loans.servicing.limits,
  );
}

/** As agreementNumber counted at signing: the signed rows stored before this one. */
async function earlierSigned(db: Db, payment: LoanPaymentRow): Promise<number> {
  const rows = await db
    .select({ id: loanPayments.id })
    .from(loanPayments)
    .where(
      and(
        eq(loanPayments.orderId, payment.orderId),
        isNotNull(loanPayments.agreementSignedAt),
        lt(loanPayments.id, payment.id),
      ),
    );
  return rows.length;
}

/** The payout's date, as agreementTerms takes it from the ledger. */
async function contractDateOf(db: Db, order: LoanOrderRow): Promise<string> {
  const [payout] = await db
    .select({ date: loanLedger.entryDate })
    .from(loanLedger)
    .where(and(eq(loanLedger.orderId, order.id), eq(loanLedger.kind, 'payout')))
    .orderBy(asc(loanLedger.id))
    .limit(1);
  return payout?.date ?? addDays(order.dueDate ?? moscowDate(order.createdAt), -order.period);
}
