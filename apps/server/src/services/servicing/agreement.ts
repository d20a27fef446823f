import { kopecks, type CompanySettings, type Kopecks } from '@zaymo/contract';
import { renderDocument, type SignatureRecord } from '../../documents/pdf';
import type { LoanOrderRow } from '../../db/schema';
import { editionOf } from '../documents/catalogue';
import { clientDetails, loanTerms } from '../documents/data';
import { moscowDate } from '../identity/dates';

/** The terms printed in a prolongation agreement (the additional agreement, prolongation_docs). */
export interface AgreementTerms {
  readonly days: number;
  readonly price: Kopecks;
  readonly newDueDate: string;
  readonly agreementNumber: number;
  readonly contractDate: string;
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
    },
    ...(options.signature ? { signature: options.signature } : {}),
  });
}
