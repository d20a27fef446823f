import { addDays, toMoneyString, type CompanySettings, moscowDate } from '@zaymo/contract';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext, RequestMeta } from '../../context';
import { loanOrders, loanPayments, type LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { loadSessionClient } from '../accounts/clients';
import { editionOf } from '../documents/catalogue';
import { sha256Hex } from '../documents/render';
import { ownOrder, type OrderAccessDenied } from '../loans/db';
import type { ClientSession } from '../sessions';
import { consumeSmsCode, hashSmsCode, type CodeBinding } from '../sms-codes';
import { syncLockedLoan, type SyncedLoan } from './accrual';
import { prolongedFigures, renderProlongationAgreement, type AgreementTerms } from './agreement';
import { prolongationQuote, type AgreementSignature } from './claim';
import { OPEN_LOAN_STATUSES } from '../loans/status-machine';

/*
 * Prolongation (decisions §3): the options (days from configuration) with their price — the
 * accrued interest and penalty — and new due date; the additional agreement as PDF; its signing
 * with the SMS code of purpose «sign». The payment then goes through payLoan (type prolongation).
 */

type ProlongationContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

export interface ProlongationOption {
  readonly days: number;
  readonly price: string;
  readonly new_due_date: string;
}

/** The loan accrued up to today (booked), read in one short locked transaction. */
export async function syncedLoan(ctx: ProlongationContext, orderId: number): Promise<SyncedLoan> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, orderId))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND');
    return syncLockedLoan(tx, order, ctx.clock.now(), ctx.config.loans.servicing.limits);
  });
}

function openLoan(loan: SyncedLoan): SyncedLoan {
  if (!OPEN_LOAN_STATUSES.includes(loan.order.statusId)) {
    throw new AppError('LOAN_CLOSED');
  }
  return loan;
}

/** GET /loans/{orderId}/prolongation. */
export async function prolongationOptions(
  ctx: ProlongationContext,
  clientId: number,
  orderId: number,
  onForeign: OrderAccessDenied,
): Promise<ProlongationOption[]> {
  await ownOrder(ctx.db, clientId, orderId, onForeign);
  const loan = openLoan(await syncedLoan(ctx, orderId));
  const today = moscowDate(ctx.clock.now());
  return ctx.config.loans.servicing.prolongationDays.map((days) => {
    const quote = prolongationQuote(loan, days, today);
    return { days, price: toMoneyString(quote.price), new_due_date: quote.newDueDate };
  });
}

function assertOffered(ctx: ProlongationContext, days: number): void {
  if (!ctx.config.loans.servicing.prolongationDays.includes(days)) {
    throw new AppError('PROLONGATION_DAYS_NOT_OFFERED', { field: 'prolongation' });
  }
}

async function agreementNumber(ctx: ProlongationContext, orderId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ count: count() })
    .from(loanPayments)
    .where(and(eq(loanPayments.orderId, orderId), isNotNull(loanPayments.agreementSignedAt)));
  return (row?.count ?? 0) + 1;
}

/** The agreement's terms for `days`, quoted today. */
export async function agreementTerms(
  ctx: ProlongationContext,
  order: LoanOrderRow,
  days: number,
): Promise<AgreementTerms> {
  assertOffered(ctx, days);
  const loan = openLoan(await syncedLoan(ctx, order.id));
  const today = moscowDate(ctx.clock.now());
  const quote = prolongationQuote(loan, days, today);
  const payout = loan.entries.find((entry) => entry.kind === 'payout');
  return {
    days,
    price: quote.price,
    newDueDate: quote.newDueDate,
    agreementNumber: await agreementNumber(ctx, order.id),
    contractDate:
      payout?.date ?? addDays(order.dueDate ?? moscowDate(ctx.clock.now()), -order.period),
    ...prolongedFigures(loan, { days, date: today }, ctx.config.loans.servicing.limits),
  };
}

/** GET /loans/{orderId}/prolongation/agreement?days= — the unsigned agreement as PDF. */
export async function prolongationAgreementPdf(
  ctx: ProlongationContext,
  input: { clientId: number; orderId: number; days: number; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  const terms = await agreementTerms(ctx, order, input.days);
  return renderProlongationAgreement(ctx.config.company, order, terms, { now: ctx.clock.now() });
}

/**
 * What an agreement code signs: the order, the prolongation agreement of exactly these days with
 * its edition and printed terms (number, new due date, price). A code for 7 days signs no 14-day
 * agreement, and no contract.
 */
export function agreementSigningSubject(order: LoanOrderRow, terms: AgreementTerms): string {
  const printed = [
    `prolongation_agreement@${editionOf('prolongation_agreement').version}`,
    terms.agreementNumber,
    terms.contractDate,
    terms.days,
    terms.newDueDate,
    terms.price,
  ].join('|');
  const digest = sha256Hex(Buffer.from(printed)).slice(0, 32);
  return `order:${order.id}:prolongation:${terms.days}:${digest}`;
}

function agreementCodeBinding(
  client: { id: number; phone: string },
  order: LoanOrderRow,
  terms: AgreementTerms,
): CodeBinding {
  return {
    phone: client.phone,
    purpose: 'sign',
    clientId: client.id,
    subject: agreementSigningSubject(order, terms),
  };
}

/** POST /sms/send purpose sign with prolongation days: the code for that agreement. */
export async function agreementCodeBindingFor(
  ctx: ProlongationContext,
  client: { id: number; phone: string },
  input: { orderId: number; days: number; onForeign: OrderAccessDenied },
): Promise<CodeBinding> {
  const order = await ownOrder(ctx.db, client.id, input.orderId, input.onForeign);
  return agreementCodeBinding(client, order, await agreementTerms(ctx, order, input.days));
}

/**
 * Signs the additional agreement: the code (purpose «sign») is checked and used up, the PDF is
 * rendered with the signature record and hashed. Returns what loan_payments keeps about it.
 */
export async function signProlongation(
  ctx: ProlongationContext,
  session: ClientSession,
  input: { order: LoanOrderRow; days: number; code: string; company: CompanySettings },
  meta: RequestMeta,
): Promise<AgreementSignature> {
  const terms = await agreementTerms(ctx, input.order, input.days);
  const client = await loadSessionClient(ctx, session);
  const binding = agreementCodeBinding(client, input.order, terms);
  await consumeSmsCode(ctx, binding, input.code, meta);
  const signedAt = ctx.clock.now();
  const codeHash = hashSmsCode(ctx.config.appSecret, binding, input.code);
  const signature = {
    signedAt: signedAt.toISOString(),
    codeHashPrefix: codeHash.slice(0, 16),
    ip: meta.ip,
    phone: client.phone,
  };
  const pdf = await renderProlongationAgreement(input.company, input.order, terms, {
    now: signedAt,
    signature,
  });
  return { codeHash, signedAt, ip: meta.ip, sha256: sha256Hex(pdf) };
}
