import type { Kopecks } from '@zaymo/contract';

/*
 * The credit bureau (БКИ) as the lender needs it: a credit report before a decision (218-FZ
 * art. 6; the self-ban of art. 5.1, the debt load of 353-FZ art. 5.1, the high-cost-loan limits
 * of 545-FZ) and the events of the credit history it must report (218-FZ art. 5 parts 3.1 and 5,
 * Bank of Russia regulation 758-П). The wire format of one bureau lives in its own folder
 * (nbki/); the rest of the server sees only these types.
 */

export interface BureauPassport {
  readonly series: string;
  readonly number: string;
  /** YYYY-MM-DD */
  readonly issueDate: string;
  readonly issuedBy: string;
  readonly divisionCode: string;
}

/** Who the report or the history is about (the title part of 758-П: blocks 1, 3, 4). */
export interface BureauPerson {
  readonly surname: string;
  readonly name: string;
  readonly patronymic: string | null;
  /** YYYY-MM-DD */
  readonly birthDate: string;
  readonly birthPlace: string;
  readonly passport: BureauPassport;
}

/** The borrower's consent to the request (218-FZ art. 6 part 9; its form: Указание 5791-У). */
export interface BureauConsent {
  readonly acceptedAt: Date;
  /** The edition of the consent document the borrower accepted. */
  readonly version: string;
}

export interface ReportQuery {
  readonly person: BureauPerson;
  /** The loan asked for (inqAmount). */
  readonly amount: Kopecks;
  readonly consent: BureauConsent;
}

/** One obligation of the report (NBKI: AccountReplyRUTDF). */
export interface Obligation {
  /** УИд сделки, when the bureau gave one. */
  readonly uid: string | null;
  readonly openedOn: string | null;
  /** The day the obligation ended (repaid, …); null while it is open. */
  readonly closedOn: string | null;
  /** ПСК, % a year with three decimals («292.000»); null when the bureau has none. */
  readonly pskPercent: string | null;
  /** Average monthly payment as the bureau figures it; null when it has none. */
  readonly monthlyPayment: Kopecks | null;
  readonly outstanding: Kopecks;
  readonly overdue: Kopecks;
  readonly daysPastDue: number;
}

export interface CreditReport {
  /** false: the bureau holds no credit history of this person. */
  readonly found: boolean;
  /** An active self-ban on consumer loans (218-FZ art. 5.1), from the day it took effect. */
  readonly selfBan: { readonly since: string | null } | null;
  readonly obligations: readonly Obligation[];
}

/** What went over the wire, kept with the request (the password of the member left out). */
export interface BureauExchange {
  readonly request: string;
  readonly answer: string | null;
  /** The HTTP status, when an answer came. */
  readonly status: number | null;
}

export interface ReportAnswer {
  readonly report: CreditReport;
  readonly exchange: BureauExchange;
}

/** The bureau did not answer in time, answered 5xx, or the network failed: ask again later. */
export class BureauUnavailableError extends Error {
  override name = 'BureauUnavailableError';
  constructor(
    message: string,
    readonly exchange: BureauExchange,
  ) {
    super(message);
  }
}

/** The bureau answered with an error about the request itself (its code and text). */
export class BureauRefusedError extends Error {
  override name = 'BureauRefusedError';
  constructor(
    message: string,
    readonly code: string,
    readonly exchange: BureauExchange,
  ) {
    super(message);
  }
}

// ── The credit history we report (758-П) ────────────────────────────────────────────────────────

/**
 * Events of 758-П a lender of short consumer loans reports: 1.1 application, 1.2 approval,
 * 1.3 refusal, 1.4 contract made, 2.1 terms changed (prolongation), 2.2 money provided,
 * 2.3 debt changed (payment, overdue), 2.5 obligation ended.
 */
export const CREDIT_EVENT_CODES = ['1.1', '1.2', '1.3', '1.4', '2.1', '2.2', '2.3', '2.5'] as const;
export type CreditEventCode = (typeof CREDIT_EVENT_CODES)[number];

export interface DebtParts {
  readonly total: Kopecks;
  readonly principal: Kopecks;
  readonly interest: Kopecks;
  /** Penalty and other sums. */
  readonly other: Kopecks;
}

/** Block 55: the application (обращение). */
export interface ApplicationBlock {
  readonly amount: Kopecks;
  /** YYYY-MM-DD */
  readonly date: string;
  /** The approved offer is valid until this day (55.8); refusals and applications: null. */
  readonly approvedUntil: string | null;
  readonly approvedAmount: Kopecks | null;
  /** Block 57: the refusal's date and code (справочник 6.5). */
  readonly reject: { readonly date: string; readonly code: string } | null;
}

/** Blocks 17–22: the deal (its УИд, number, dates, sum, terms and ПСК). */
export interface DealBlock {
  readonly number: string;
  readonly openedOn: string;
  readonly amount: Kopecks;
  readonly dueDate: string;
  readonly interestDue: Kopecks;
  readonly pskPercent: string;
  readonly pskAmount: Kopecks;
}

/** Blocks 25–29: the debt after the event, overdue and payment when there are. */
export interface DebtBlock {
  readonly calcDate: string;
  readonly debt: DebtParts;
  readonly overdue: (DebtParts & { readonly since: string; readonly days: number }) | null;
  readonly payment:
    | (DebtParts & { readonly date: string; readonly onTime: boolean; readonly paidTotal: Kopecks })
    | null;
  /** Block 29: the average monthly payment (0 once the obligation ended). */
  readonly monthlyPayment: Kopecks;
}

export interface CreditEvent {
  /** Our id of the event: the bureau accepts a repeat of the same id once. */
  readonly id: string;
  readonly code: CreditEventCode;
  /** Moscow date and time of the event. */
  readonly date: string;
  readonly time: string;
  /** УИд сделки (= УИд обращения, 758-П): UUID with its check digit. */
  readonly dealUid: string;
  readonly person: BureauPerson;
  readonly application?: ApplicationBlock;
  readonly deal?: DealBlock;
  readonly debt?: DebtBlock;
  /** Block 23: a prolongation moved the due date. */
  readonly change?: { readonly date: string; readonly newDueDate: string };
  /** Block 38: how the obligation ended (справочник 3.8) and when. */
  readonly end?: { readonly date: string; readonly code: string };
}

export interface ReceiptError {
  readonly eventId: string;
  readonly code: string;
  readonly text: string;
}

/** The bureau's receipt of a document: accepted, partly accepted or not (758-П ch. 5). */
export interface Receipt {
  readonly status: 'accepted' | 'partial' | 'rejected';
  readonly incomingNumber: string | null;
  readonly errors: readonly ReceiptError[];
}

export interface SubmitAnswer {
  /** Our outgoing number of the document (regNumberDoc). */
  readonly documentNumber: string;
  readonly receipt: Receipt;
  readonly exchange: BureauExchange;
}

/** A qualified credit bureau. Any failure to answer throws BureauUnavailableError. */
export interface CreditBureau {
  /** «НБКИ», «Песочница НБКИ»: shown with each request in the console. */
  readonly name: string;
  requestReport(query: ReportQuery): Promise<ReportAnswer>;
  submitEvents(events: readonly CreditEvent[], documentNumber: string): Promise<SubmitAnswer>;
}
