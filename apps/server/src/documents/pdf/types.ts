import type {
  CompanySettings,
  DocumentKind,
  IsoDate,
  Kopecks,
  LoanLimits,
  Psk,
} from '@zaymo/contract';

/** Passport details as the identity step collects them; any part may still be missing. */
export interface PassportDetails {
  readonly series?: string;
  readonly number?: string;
  readonly issueDate?: IsoDate;
  readonly issuedBy?: string;
  readonly divisionCode?: string;
}

/** Registration documents are produced before identity is filled: everything is optional. */
export interface ClientDetails {
  readonly fullName?: string;
  readonly birthDate?: IsoDate;
  readonly passport?: PassportDetails;
  readonly registrationAddress?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly inn?: string;
}

/**
 * How the client signed (decisions §3, АСП). Only the last digits of the code or a prefix of
 * its hash are printed, and the phone is always masked.
 */
export interface SignatureRecord {
  /** ISO instant, printed in Moscow time. */
  readonly signedAt: string;
  /** Default «АСП (SMS-код)». */
  readonly method?: string;
  /** The code's last digits: «12» prints «код подтверждения ****12». */
  readonly codeLastDigits?: string;
  /** Or the first characters of the stored code hash (at most 16 are printed). */
  readonly codeHashPrefix?: string;
  readonly ip: string;
  readonly phone: string;
}

/** Fields every document takes. */
export interface CommonDocumentData {
  readonly company: CompanySettings;
  readonly client: ClientDetails;
  /** The document's edition, recorded with consents and signatures: «1.0 от 01.03.2026». */
  readonly version: string;
  /** The date printed on the document. */
  readonly date: IsoDate;
  readonly signature?: SignatureRecord;
}

/** A loan as quoted for the contract (quoteLoan in the contract gives all but the number). */
export interface LoanTerms {
  readonly contractNumber: string;
  readonly principal: Kopecks;
  readonly days: number;
  /** Percent a day on the wire: '0.8'. */
  readonly dailyRatePercent: string;
  readonly contractDate: IsoDate;
  readonly dueDate: IsoDate;
  readonly interest: Kopecks;
  readonly totalToReturn: Kopecks;
  readonly psk: Psk;
  /** A loan with a cooling-off: the instant (ISO) the money goes out at the earliest. */
  readonly payoutNotBefore?: string;
  /** The legal limits in force (charges cap, penalty); DEFAULT_LOAN_LIMITS when absent. */
  readonly limits?: LoanLimits;
}

/** The loan the client asks for, before there is a contract. */
export interface LoanRequest {
  readonly orderNumber?: string;
  readonly principal: Kopecks;
  readonly days: number;
  readonly dailyRatePercent: string;
}

export interface InsuranceChoice {
  readonly name: string;
  readonly price: Kopecks;
}

export interface ProlongationTerms {
  readonly days: number;
  /** What the client pays to prolong: the interest accrued so far. */
  readonly price: Kopecks;
  readonly newDueDate: IsoDate;
  /** Number of the agreement under this contract; 1 when absent. */
  readonly agreementNumber?: number;
  /** What repays the prolonged loan on the new due date (principal and interest to it). */
  readonly sumDue: Kopecks;
  /** ПСК of the prolonged loan. */
  readonly psk: Psk;
}

export interface LoanApplicationData extends CommonDocumentData {
  readonly request: LoanRequest;
  readonly insurance?: InsuranceChoice;
}

export interface ContractDocumentData extends CommonDocumentData {
  readonly loan: LoanTerms;
  /** Mentioned in the individual terms when the client chose it. */
  readonly insurance?: InsuranceChoice;
}

/** The ПДН the notice states (353-FZ art. 5.1; computed by 6579-У). */
export interface DebtLoad {
  /** «62.00» */
  readonly percent: string;
  /** The monthly payments of every loan, this one included, and the income they weigh on. */
  readonly monthlyPayments: Kopecks;
  readonly income: Kopecks;
  /** The income is the region's average because the declared one is not confirmed. */
  readonly regionalAverage: boolean;
  /** The subject of the registration address whose average it is; null: the country's. */
  readonly region: string | null;
}

export interface DebtLoadNoticeData extends CommonDocumentData {
  readonly loan: LoanTerms;
  readonly debtLoad: DebtLoad;
}

export interface InsuranceApplicationData extends CommonDocumentData {
  readonly loan: LoanTerms;
  readonly insurance: InsuranceChoice;
}

export interface ProlongationAgreementData extends CommonDocumentData {
  readonly loan: LoanTerms;
  readonly prolongation: ProlongationTerms;
}

/** A loan repaid in full, as its closure certificate states it. */
export interface ClosedLoan {
  readonly contractNumber: string;
  readonly contractDate: IsoDate;
  readonly principal: Kopecks;
  /** The day the last payment closed the debt (its ledger date). */
  readonly repaidOn: IsoDate;
  /** Everything paid against the debt: principal, interest, penalty. */
  readonly totalPaid: Kopecks;
}

export interface ClosureCertificateData extends CommonDocumentData {
  readonly loan: ClosedLoan;
  /** The day the credit bureau acknowledged our report of the repayment; null before. */
  readonly bureauReportedOn: string | null;
}

/** The client's refusal of a loan's insurance (353-ФЗ ст. 7 ч. 2.7), as filed. */
export interface InsuranceRefusalData extends CommonDocumentData {
  readonly refusal: {
    readonly contractNumber: string;
    readonly contractDate: IsoDate;
    readonly insurances: readonly string[];
    readonly premium: Kopecks;
    /** The ISO instant the client filed it in the cabinet. */
    readonly appliedAt: string;
    readonly ip: string;
    /** The last day the law allows for the refund. */
    readonly refundDueBy: IsoDate;
    readonly cardMasked: string | null;
  };
}

/** The notice of a credit holiday given: the ground, the period and the new schedule. */
export interface CreditHolidayNoticeData extends CommonDocumentData {
  readonly contractNumber: string;
  readonly contractDate: IsoDate;
  readonly ground: 'income_drop' | 'service';
  readonly from: IsoDate;
  readonly until: IsoDate;
  readonly dueDateBefore: IsoDate;
  readonly dueDateAfter: IsoDate;
  /** The sum due on the new due date if nothing is paid before it. */
  readonly dueOnNewDate: Kopecks;
  /** Percent a day of the holiday's days; null — the contract's. */
  readonly holidayDayPercent: string | null;
  readonly contractDayPercent: string;
}

/** A movement of the loan in the statement's month, as the history shows it. */
export interface StatementMovement {
  readonly date: IsoDate;
  readonly title: string;
  readonly amount: Kopecks;
}

/** The debt at the statement's date, as the loan card shows it. */
export interface StatementFigures {
  readonly principal: Kopecks;
  readonly interest: Kopecks;
  readonly penalty: Kopecks;
  readonly total: Kopecks;
  readonly dueDate: IsoDate;
  /** Due on the due date if nothing is paid; null once overdue or closed. */
  readonly dueDateTotal: Kopecks | null;
  readonly charged: Kopecks;
  readonly chargesCap: Kopecks;
}

export interface LoanStatementData extends CommonDocumentData {
  readonly loan: {
    readonly contractNumber: string;
    readonly contractDate: IsoDate;
    readonly principal: Kopecks;
  };
  readonly period: { readonly from: IsoDate; readonly to: IsoDate };
  readonly movements: readonly StatementMovement[];
  readonly figures: StatementFigures;
}

/** What renderDocument needs for each kind. */
export interface DocumentDataByKind {
  personal_data_consent: CommonDocumentData;
  terms_of_service: CommonDocumentData;
  asp_agreement: CommonDocumentData;
  privacy_policy: CommonDocumentData;
  marketing_consent: CommonDocumentData;
  loan_application: LoanApplicationData;
  bki_consent: CommonDocumentData;
  individual_terms: ContractDocumentData;
  payment_schedule: ContractDocumentData;
  insurance_application: InsuranceApplicationData;
  debt_load_notice: DebtLoadNoticeData;
  prolongation_agreement: ProlongationAgreementData;
  closure_certificate: ClosureCertificateData;
  loan_statement: LoanStatementData;
  insurance_refusal: InsuranceRefusalData;
  credit_holiday_notice: CreditHolidayNoticeData;
}

export type DocumentData<K extends DocumentKind = DocumentKind> = DocumentDataByKind[K];
