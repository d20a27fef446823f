import type { DocumentKind } from '@zaymo/contract';
import type { DocumentContent } from '../content';
import type { DocumentDataByKind } from '../types';
import { aspAgreement } from './asp-agreement';
import { bkiConsent } from './bki-consent';
import { closureCertificate } from './closure-certificate';
import { creditHolidayNotice } from './credit-holiday-notice';
import { debtLoadNotice } from './debt-load-notice';
import { individualTerms } from './individual-terms';
import { insuranceApplication } from './insurance-application';
import { insuranceRefusal } from './insurance-refusal';
import { loanApplication } from './loan-application';
import { loanStatement } from './loan-statement';
import { marketingConsent } from './marketing-consent';
import { paymentSchedule } from './payment-schedule';
import { personalDataConsent } from './personal-data-consent';
import { privacyPolicy } from './privacy-policy';
import { prolongationAgreement } from './prolongation-agreement';
import { termsOfService } from './terms-of-service';

type ContentBuilders = {
  readonly [K in DocumentKind]: (data: DocumentDataByKind[K]) => DocumentContent;
};

const BUILDERS: ContentBuilders = {
  personal_data_consent: personalDataConsent,
  terms_of_service: termsOfService,
  asp_agreement: aspAgreement,
  privacy_policy: privacyPolicy,
  marketing_consent: marketingConsent,
  loan_application: loanApplication,
  bki_consent: bkiConsent,
  individual_terms: individualTerms,
  payment_schedule: paymentSchedule,
  insurance_application: insuranceApplication,
  debt_load_notice: debtLoadNotice,
  prolongation_agreement: prolongationAgreement,
  closure_certificate: closureCertificate,
  loan_statement: loanStatement,
  insurance_refusal: insuranceRefusal,
  credit_holiday_notice: creditHolidayNotice,
};

/** The title and blocks of a document of this kind, before layout. */
export function buildContent<K extends DocumentKind>(
  kind: K,
  data: DocumentDataByKind[K],
): DocumentContent {
  const build: ContentBuilders[K] = BUILDERS[kind];
  return build(data);
}
