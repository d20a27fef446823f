import { kopecks, ORDER_STATUS, type CompanySettings, moscowDate } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { renderDocument, type ClosureCertificateData } from '../../documents/pdf';
import { and, eq, isNotNull } from 'drizzle-orm';
import { creditHistoryEvents, type LoanLedgerRow, type LoanOrderRow } from '../../db/schema';
import { AppError } from '../../errors';
import { ownOrder, type Db, type OrderAccessDenied } from '../loans/db';
import { ledgerOf } from '../loans/ledger';
import { editionOf } from './catalogue';
import { clientDetails } from './data';
import { loadDocumentsSource } from './render';

/*
 * «Справка о погашении займа» (closure_certificate): the company's statement that a loan is
 * repaid in full. It exists once the order is REPAID; its figures come from the ledger, and it is
 * dated the day of full repayment, so every download gives the same bytes.
 */

const PAID_KINDS: ReadonlySet<string> = new Set(['payment', 'prolongation_fee']);

export function isClosed(order: LoanOrderRow): boolean {
  return order.statusId === ORDER_STATUS.REPAID;
}

/** What the payments paid of the debt (not an overpayment, which is owed back). */
function allocated(row: LoanLedgerRow): bigint {
  return (
    (row.allocatedPenalty ?? 0n) + (row.allocatedInterest ?? 0n) + (row.allocatedPrincipal ?? 0n)
  );
}

/** The ledger's date of the last payment: the day the debt was closed. */
function repaidOn(order: LoanOrderRow, payments: readonly LoanLedgerRow[]): string {
  const dates = payments.map((row) => row.entryDate).sort();
  return dates.at(-1) ?? moscowDate(order.repaidAt ?? order.updatedAt);
}

export function closureCertificateData(
  company: CompanySettings,
  order: LoanOrderRow,
  input: {
    contractDate: string;
    rows: readonly LoanLedgerRow[];
    bureauReportedOn?: string | null;
  },
): ClosureCertificateData {
  const reversed = new Set(input.rows.flatMap((row) => (row.reverses ? [row.reverses] : [])));
  const payments = input.rows.filter(
    (row) => PAID_KINDS.has(row.kind) && !reversed.has(row.entryKey),
  );
  const payout = input.rows.find((row) => row.kind === 'payout');
  const date = repaidOn(order, payments);
  return {
    company,
    client: clientDetails(order.clientSnapshot),
    version: editionOf('closure_certificate').version,
    date,
    loan: {
      contractNumber: order.contractNumber ?? String(order.id),
      contractDate: input.contractDate,
      principal: kopecks(payout?.amount ?? order.amount),
      repaidOn: date,
      totalPaid: kopecks(payments.reduce((sum, row) => sum + allocated(row), 0n)),
    },
    bureauReportedOn: input.bureauReportedOn ?? null,
  };
}

/** The Moscow day the bureau acknowledged the loan's closure (event 2.5), or null. */
async function closureReportedOn(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ at: creditHistoryEvents.acknowledgedAt })
    .from(creditHistoryEvents)
    .where(
      and(
        eq(creditHistoryEvents.orderId, orderId),
        eq(creditHistoryEvents.kind, 'closure'),
        isNotNull(creditHistoryEvents.acknowledgedAt),
      ),
    );
  return row?.at ? moscowDate(row.at) : null;
}

/** GET /documents/file/closure_certificate?order_id= — another's order 404, an open loan 409. */
export async function closureCertificatePdf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  input: { clientId: number; orderId: number; onForeign: OrderAccessDenied },
): Promise<Buffer> {
  const order = await ownOrder(ctx.db, input.clientId, input.orderId, input.onForeign);
  if (!isClosed(order)) throw new AppError('CLOSURE_NOT_READY');
  const source = await loadDocumentsSource(ctx.db, order);
  const rows = await ledgerOf(ctx.db, order.id);
  // The date the contract documents print: the signing day (data.ts contractData).
  const contractDate = moscowDate(source.signature?.signedAt ?? order.givenAt ?? order.createdAt);
  const bureauReportedOn = await closureReportedOn(ctx.db, order.id);
  const data = closureCertificateData(ctx.config.company, order, {
    contractDate,
    rows,
    bureauReportedOn,
  });
  return renderDocument('closure_certificate', data);
}
