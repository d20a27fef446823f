import { createHash } from 'node:crypto';
import type { CompanySettings, DocumentKind } from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import { renderDocument, type SignatureRecord } from '../../documents/pdf';
import {
  orderDocumentAcceptances,
  orderInsurances,
  orderSignatures,
  type LoanOrderRow,
  type SignedDocument,
} from '../../db/schema';
import { AppError } from '../../errors';
import type { Db } from '../loans/db';
import { contractKinds, editionOf } from './catalogue';
import {
  bkiConsentData,
  contractData,
  contractExtrasOf,
  debtLoadNoticeData,
  loanApplicationData,
  type OrderDocumentsSource,
} from './data';

/** Everything an order's documents are made of, read once. */
export async function loadDocumentsSource(
  db: Db,
  order: LoanOrderRow,
): Promise<OrderDocumentsSource> {
  const insurances = await db
    .select({ name: orderInsurances.name, price: orderInsurances.price })
    .from(orderInsurances)
    .where(eq(orderInsurances.orderId, order.id))
    .orderBy(orderInsurances.insuranceId);
  const acceptances = await db
    .select()
    .from(orderDocumentAcceptances)
    .where(eq(orderDocumentAcceptances.orderId, order.id));
  // An order sent back to signing keeps its old records for audit; only a signed order has one.
  const [signature] = order.signedAt
    ? await db
        .select()
        .from(orderSignatures)
        .where(eq(orderSignatures.orderId, order.id))
        .orderBy(desc(orderSignatures.signedAt), desc(orderSignatures.id))
        .limit(1)
    : [];
  return { order, insurances, acceptances, signature: signature ?? null };
}

export interface RenderOptions {
  readonly company: CompanySettings;
  readonly now: Date;
  /** For the signing itself: the record about to be stored. */
  readonly signature?: SignatureRecord;
}

/** One document of an order as PDF: pre-order documents always, the contract once approved. */
export function renderOrderDocument(
  kind: DocumentKind,
  source: OrderDocumentsSource,
  options: RenderOptions,
): Promise<Buffer> {
  const { company } = options;
  switch (kind) {
    case 'loan_application':
      return renderDocument(kind, loanApplicationData(source, company));
    case 'bki_consent':
      return renderDocument(kind, bkiConsentData(source, company));
    case 'individual_terms':
    case 'payment_schedule':
    case 'insurance_application':
      return renderContractDocument(kind, source, options);
    case 'debt_load_notice':
      return renderDebtLoadNotice(source, options);
    // The company's documents and those of a loan's later life are rendered elsewhere.
    case 'personal_data_consent':
    case 'privacy_policy':
    case 'marketing_consent':
    case 'terms_of_service':
    case 'asp_agreement':
    case 'prolongation_agreement':
    case 'closure_certificate':
    case 'loan_statement':
    case 'insurance_refusal':
    case 'credit_holiday_notice':
      throw new AppError('DOCUMENT_NOT_FOUND');
  }
}

function renderContractDocument(
  kind: 'individual_terms' | 'payment_schedule' | 'insurance_application',
  source: OrderDocumentsSource,
  options: RenderOptions,
): Promise<Buffer> {
  if (source.order.contractNumber === null) throw new AppError('CONTRACT_NOT_READY');
  if (!contractKinds(contractExtrasOf(source)).includes(kind)) {
    throw new AppError('DOCUMENT_NOT_FOUND');
  }
  const data = contractData(kind, source, options.company, options);
  if (kind !== 'insurance_application') return renderDocument(kind, data);
  const { insurance } = data;
  if (!insurance) throw new AppError('DOCUMENT_NOT_FOUND');
  return renderDocument(kind, { ...data, insurance });
}

function renderDebtLoadNotice(source: OrderDocumentsSource, options: RenderOptions) {
  if (source.order.contractNumber === null) throw new AppError('CONTRACT_NOT_READY');
  const data = debtLoadNoticeData(source, options.company, options);
  if (!data) throw new AppError('DOCUMENT_NOT_FOUND');
  return renderDocument('debt_load_notice', data);
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The contract documents as the client signs them: rendered with the signature record, hashed.
 * Re-rendering later with the stored record gives the same bytes, so the hashes can be checked.
 */
export async function signedContractDocuments(
  source: OrderDocumentsSource,
  options: RenderOptions & { signature: SignatureRecord },
): Promise<SignedDocument[]> {
  const kinds = contractKinds(contractExtrasOf(source));
  const rendered = await Promise.all(
    kinds.map((kind) => renderOrderDocument(kind, source, options)),
  );
  return kinds.map((kind, index) => ({
    kind,
    version: editionOf(kind).version,
    sha256: sha256Hex(rendered[index] ?? Buffer.alloc(0)),
  }));
}
