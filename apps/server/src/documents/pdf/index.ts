export { renderDocument } from './render';
export { maskPhone } from './format';
export type {
  ClientDetails,
  ClosedLoan,
  ClosureCertificateData,
  CreditHolidayNoticeData,
  CommonDocumentData,
  ContractDocumentData,
  DocumentData,
  DocumentDataByKind,
  InsuranceApplicationData,
  DebtLoadNoticeData,
  InsuranceChoice,
  LoanApplicationData,
  LoanRequest,
  LoanStatementData,
  StatementMovement,
  LoanTerms,
  PassportDetails,
  ProlongationAgreementData,
  ProlongationTerms,
  SignatureRecord,
} from './types';
