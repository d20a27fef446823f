import { creditHolidayNoticePdf } from '../credit-holidays/notice';
import {
  kopecks,
  parseMoney,
  type CompanySettings,
  type DocumentKind,
  type DocumentLink,
  moscowDate,
} from '@zaymo/contract';
import type { AppContext } from '../../context';
import { renderDocument } from '../../documents/pdf';
import { AppError } from '../../errors';
import { PUBLIC_DOCUMENTS } from '../accounts/consents';
import { findIdentity, loadClient } from '../identity/store';
import { clientSnapshot } from '../loans/client-snapshot';
import { hasRepaidLoan, ownOrder, type Db, type OrderAccessDenied } from '../loans/db';
import { signedProlongationAgreementPdf } from '../servicing/agreement';
import { assertLoanChoice, chosenInsurances, tariffForOrder } from '../loans/tariffs';
import {
  contractKinds,
  documentLink,
  editionOf,
  isRegistrationKind,
  kindsOfGroup,
  PREORDER_KINDS,
} from './catalogue';
import { insuranceRefusalPdf } from './insurance-refusal';
import { closureCertificatePdf } from './closure';
import { loanStatementPdf } from './statement';
import { combinedInsurance, contractExtrasOf, previewData } from './data';
import { loadDocumentsSource, renderOrderDocument } from './render';

type DocumentsContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** The calculator choice of a pre-order document, as the query carries it. */
export interface CalculatorChoiceQuery {
  readonly tariff_id?: number | undefined;
  readonly amount?: string | undefined;
  readonly period?: number | undefined;
  readonly insurance_ids?: string | undefined;
}

export function registerDocuments(): DocumentLink[] {
  return kindsOfGroup('register_docs').map((kind) => documentLink(kind));
}

/** The pre-order documents; the calculator choice, when given, rides along in their links. */
export function preorderDocuments(choice: CalculatorChoiceQuery): DocumentLink[] {
  const query = Object.fromEntries(
    Object.entries(choice)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, String(value)]),
  );
  return PREORDER_KINDS.map((kind) => documentLink(kind, query));
}

/** The contract of the client's order, with the order id in each link, marked checked. */
export async function contractDocuments(
  ctx: DocumentsContext,
  clientId: number,
  orderId: number,
  onForeign: OrderAccessDenied,
): Promise<(DocumentLink & { checked: boolean })[]> {
  const order = await ownOrder(ctx.db, clientId, orderId, onForeign);
  if (order.contractNumber === null) throw new AppError('CONTRACT_NOT_READY');
  const source = await loadDocumentsSource(ctx.db, order);
  return contractKinds(contractExtrasOf(source)).map((kind) => ({
    ...documentLink(kind, { order_id: String(order.id) }),
    checked: true,
  }));
}

const publicPdfs = new Map<string, Promise<Buffer>>();

/**
 * The one renderer of the documents that are the same for everyone (registration documents,
 * GET /documents/public/:kind and /documents/file/:kind): their edition from the catalogue,
 * rendered once per process.
 */
export function publicDocument(company: CompanySettings, kind: DocumentKind): Promise<Buffer> {
  if (!isRegistrationKind(kind) && !PUBLIC_DOCUMENTS.has(kind)) throw new AppError('UNAUTHORIZED');
  const key = `${company.legal_name}:${kind}`;
  const cached = publicPdfs.get(key);
  if (cached) return cached;
  const pdf = renderDocument(kind, { company, client: {}, ...editionOf(kind) });
  publicPdfs.set(key, pdf);
  pdf.catch(() => publicPdfs.delete(key));
  return pdf;
}

export interface DocumentRequest {
  readonly clientId: number;
  readonly kind: DocumentKind;
  readonly orderId?: number | undefined;
  /** prolongation_agreement: the loan payment whose signed additional agreement is asked for. */
  readonly paymentId?: number | undefined;
  /** loan_statement: the month, YYYY-MM; the current one when absent. */
  readonly month?: string | undefined;
  readonly choice: CalculatorChoiceQuery;
  readonly onForeign: OrderAccessDenied;
}

/** GET /documents/file/{kind} for a signed-in client: of their order, or a preview before it. */
export async function clientDocument(
  ctx: DocumentsContext,
  request: DocumentRequest,
): Promise<Buffer> {
  const { kind } = request;
  if (isRegistrationKind(kind)) return publicDocument(ctx.config.company, kind);
  if (kind === 'prolongation_agreement') {
    const { orderId, paymentId } = request;
    if (orderId === undefined || paymentId === undefined) {
      throw new AppError('DOCUMENT_NOT_FOUND');
    }
    const { clientId, onForeign } = request;
    return signedProlongationAgreementPdf(ctx, { clientId, orderId, paymentId, onForeign });
  }
  if (kind === 'loan_statement') {
    const { clientId, orderId, month, onForeign } = request;
    if (orderId === undefined) throw new AppError('DOCUMENT_NOT_FOUND');
    return loanStatementPdf(ctx, { clientId, orderId, month, onForeign });
  }
  if (kind === 'credit_holiday_notice') {
    const { clientId, orderId, onForeign } = request;
    if (orderId === undefined) throw new AppError('DOCUMENT_NOT_FOUND');
    return creditHolidayNoticePdf(ctx, { clientId, orderId, onForeign });
  }
  if (kind === 'closure_certificate' || kind === 'insurance_refusal') {
    const { clientId, orderId, onForeign } = request;
    if (orderId === undefined) throw new AppError('DOCUMENT_NOT_FOUND');
    const pdf = kind === 'closure_certificate' ? closureCertificatePdf : insuranceRefusalPdf;
    return pdf(ctx, { clientId, orderId, onForeign });
  }
  if (request.orderId !== undefined) {
    const order = await ownOrder(ctx.db, request.clientId, request.orderId, request.onForeign);
    const source = await loadDocumentsSource(ctx.db, order);
    return renderOrderDocument(kind, source, { company: ctx.config.company, now: ctx.clock.now() });
  }
  if (kind === 'loan_application' || kind === 'bki_consent') {
    return previewDocument(ctx, request.clientId, kind, request.choice);
  }
  throw new AppError('DOCUMENT_NEEDS_ORDER', { field: 'order_id' });
}

async function previewDocument(
  ctx: DocumentsContext,
  clientId: number,
  kind: 'loan_application' | 'bki_consent',
  choice: CalculatorChoiceQuery,
): Promise<Buffer> {
  const snapshot = clientSnapshot(
    await loadClient(ctx.db, clientId),
    await findIdentity(ctx.db, clientId),
  );
  const today = moscowDate(ctx.clock.now());
  const base = previewData(ctx.config.company, snapshot, kind, today);
  if (kind === 'bki_consent') return renderDocument(kind, base);
  const request = await previewRequest(ctx.db, clientId, choice);
  return renderDocument(kind, { ...base, ...request });
}

async function previewRequest(db: Db, clientId: number, choice: CalculatorChoiceQuery) {
  const amount = choice.amount === undefined ? null : parseMoney(choice.amount);
  if (choice.tariff_id === undefined || amount === null || choice.period === undefined) {
    throw new AppError('DOCUMENT_NEEDS_CHOICE', { field: 'amount' });
  }
  const tariff = await tariffForOrder(db, choice.tariff_id, await hasRepaidLoan(db, clientId));
  assertLoanChoice(tariff, amount, choice.period);
  const ids = choice.insurance_ids ? choice.insurance_ids.split(',').map(Number) : [];
  const insurance = combinedInsurance(await chosenInsurances(db, ids));
  return {
    request: {
      principal: kopecks(amount),
      days: choice.period,
      dailyRatePercent: tariff.dayPercent,
    },
    ...(insurance ? { insurance } : {}),
  };
}
