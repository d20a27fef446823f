import {
  DOCUMENT_KINDS,
  documentKindInfo,
  documentKindsOfGroup,
  type DocumentGroup,
  type DocumentKind,
  type DocumentLink,
} from '@zaymo/contract';
import { AppError } from '../../errors';
import { PUBLIC_DOCUMENTS } from '../accounts/consents';

/**
 * Which documents exist, in which edition, and where each is fetched. A new edition of a
 * document gets a new version here; acceptances and signatures keep the version they were for.
 */

export interface Edition {
  readonly version: string;
  /** The date printed on this edition, YYYY-MM-DD. */
  readonly date: string;
}

const LOAN_DOCUMENTS_EDITION: Edition = { version: '1.0 от 01.03.2026', date: '2026-03-01' };

/** Registration documents share the sign-up consents' editions. */
export function editionOf(kind: DocumentKind): Edition {
  return PUBLIC_DOCUMENTS.get(kind) ?? LOAN_DOCUMENTS_EDITION;
}

export function kindsOfGroup(group: DocumentGroup): DocumentKind[] {
  return documentKindsOfGroup(group).map((info) => info.code);
}

/** What the client accepts with an order: the application and the consent to a bureau request. */
export const PREORDER_KINDS: readonly DocumentKind[] = kindsOfGroup('orders_docs');

/** Which of the contract's optional documents an order has. */
export interface ContractExtras {
  /** An insurance was chosen: its application. */
  readonly insurance: boolean;
  /** The ПДН is above the notice threshold (353-FZ art. 5.1): the notice of the risk. */
  readonly debtLoadNotice: boolean;
}

const OPTIONAL_CONTRACT_KINDS: Partial<Record<DocumentKind, keyof ContractExtras>> = {
  insurance_application: 'insurance',
  debt_load_notice: 'debtLoadNotice',
};

/**
 * The contract's documents the client signs, the debt-load notice first; the optional ones only
 * when the order has them. (The closure certificate of the same group is the company's.)
 */
export function contractKinds(extras: ContractExtras): DocumentKind[] {
  return kindsOfGroup('contracts_docs').filter((kind) => {
    const info = documentKindInfo(kind);
    const condition = OPTIONAL_CONTRACT_KINDS[kind];
    return info.signedByClient && (condition ? extras[condition] : !info.optional);
  });
}

export function isRegistrationKind(kind: DocumentKind): boolean {
  return documentKindInfo(kind).group === 'register_docs';
}

/**
 * Whether GET /documents/file/:kind needs no session, from the raw path segment (before
 * validation): a registration document, or no document kind at all (validation answers 400).
 */
export function isOpenDocumentPath(kind: unknown): boolean {
  const info = DOCUMENT_KINDS.find((entry) => entry.code === kind);
  return info === undefined || info.group === 'register_docs';
}

/** A link under the API base (GET /{link}): «documents/file/individual_terms?order_id=42». */
export function fileLink(kind: DocumentKind, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `documents/file/${kind}${search ? `?${search}` : ''}`;
}

export function documentLink(kind: DocumentKind, query: Record<string, string> = {}): DocumentLink {
  return { link: fileLink(kind, query), name: documentKindInfo(kind).title };
}

/** The pre-order documents named in an order: all of them, and nothing unknown. */
export function assertPreorderAccepted(accepted: readonly string[]): void {
  const unknown = accepted.filter((kind) => !PREORDER_KINDS.some((known) => known === kind));
  if (unknown.length > 0) {
    throw new AppError('DOCUMENT_NOT_OFFERED', { field: 'accepted_documents' });
  }
  const missing = PREORDER_KINDS.filter((kind) => !accepted.includes(kind));
  if (missing.length === 0) return;
  const titles = missing.map((kind) => `«${documentKindInfo(kind).title}»`).join(', ');
  throw new AppError('DOCUMENTS_NOT_ACCEPTED', { titles }, { field: 'accepted_documents' });
}
