import type { TFunction } from 'i18next';
import type { ClientDocument, DocumentGroup } from '@zaymo/contract';

/** The groups of spec §9 in the order a client meets them. */
export const GROUP_ORDER: readonly DocumentGroup[] = [
  'register_docs',
  'orders_docs',
  'contracts_docs',
  'prolongation_docs',
];

export type LoanDocuments = {
  orderId: number;
  contractNumber: string | null;
  documents: ClientDocument[];
};

/** A group's documents by loan, in the order the server gives them (newest loan first). */
export function byLoan(documents: readonly ClientDocument[]): LoanDocuments[] {
  const loans = new Map<number, LoanDocuments>();
  for (const document of documents) {
    if (document.order_id === null) continue;
    const loan = loans.get(document.order_id) ?? {
      orderId: document.order_id,
      contractNumber: document.contract_number,
      documents: [],
    };
    loan.documents.push(document);
    loan.contractNumber ??= document.contract_number;
    loans.set(document.order_id, loan);
  }
  return [...loans.values()];
}

/** «Договор № З-000042», or «Заявка № 42» before there is a contract. */
export function loanTitle(
  loan: Pick<LoanDocuments, 'orderId' | 'contractNumber'>,
  t: TFunction<'documents'>,
): string {
  return loan.contractNumber
    ? t('loan.contract', { number: loan.contractNumber })
    : t('loan.order', { id: loan.orderId });
}
