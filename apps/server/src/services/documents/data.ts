import { kopecks, type CompanySettings, moscowDate } from '@zaymo/contract';
import type {
  ClientDetails,
  CommonDocumentData,
  ContractDocumentData,
  DebtLoadNoticeData,
  InsuranceChoice,
  LoanApplicationData,
  LoanRequest,
  LoanTerms,
  SignatureRecord,
} from '../../documents/pdf';
import type {
  ClientSnapshot,
  LoanOrderRow,
  OrderDocumentAcceptanceRow,
  OrderSignatureRow,
} from '../../db/schema';
import { contractTermsOn, payoutDayOf, payoutMomentOf } from '../loans/contract-dates';
import { editionOf, type ContractExtras } from './catalogue';

/** The data of an order's documents: the frozen client, the quote, acceptances, the signature. */

export interface OrderInsurance {
  readonly name: string;
  readonly price: bigint;
}

export interface OrderDocumentsSource {
  readonly order: LoanOrderRow;
  readonly insurances: readonly OrderInsurance[];
  readonly acceptances: readonly OrderDocumentAcceptanceRow[];
  readonly signature: OrderSignatureRow | null;
}

/** Which optional contract documents the order has (catalogue.ts). */
export function contractExtrasOf(source: OrderDocumentsSource): ContractExtras {
  return { insurance: source.insurances.length > 0, debtLoadNotice: source.order.debtLoadNotice };
}

export const ACCEPTANCE_METHOD =
  'Отметка о согласии в личном кабинете (простая электронная подпись)';
const SIGNATURE_HASH_PREFIX = 16;

export function clientDetails(snapshot: ClientSnapshot): ClientDetails {
  const { passport } = snapshot;
  return {
    fullName: snapshot.fullName,
    ...(snapshot.birthDate ? { birthDate: snapshot.birthDate } : {}),
    ...(passport ? { passport } : {}),
    ...(snapshot.registrationAddress ? { registrationAddress: snapshot.registrationAddress } : {}),
    phone: snapshot.phone,
    ...(snapshot.email ? { email: snapshot.email } : {}),
    ...(snapshot.inn ? { inn: snapshot.inn } : {}),
  };
}

/** Several insurances make one application: names together, prices summed. */
export function combinedInsurance(list: readonly OrderInsurance[]): InsuranceChoice | undefined {
  if (list.length === 0) return undefined;
  return {
    name: list.map((item) => item.name).join(', '),
    price: kopecks(list.reduce((sum, item) => sum + item.price, 0n)),
  };
}

function common(
  company: CompanySettings,
  snapshot: ClientSnapshot,
  kind: Parameters<typeof editionOf>[0],
  date: string,
): CommonDocumentData {
  return { company, client: clientDetails(snapshot), version: editionOf(kind).version, date };
}

export function loanRequest(order: LoanOrderRow): LoanRequest {
  return {
    orderNumber: String(order.id),
    principal: kopecks(order.amount),
    days: order.period,
    dailyRatePercent: order.dayPercent,
  };
}

/**
 * The terms of a contract signed at `signedAt`: dated the day its money may go out, which for a
 * loan with a cooling-off is also named as a moment.
 */
function signedLoanTerms(order: LoanOrderRow, signedAt: Date): LoanTerms {
  const terms = loanTerms(order, payoutDayOf(order, signedAt));
  if (order.coolingOffHours === 0) return terms;
  return { ...terms, payoutNotBefore: payoutMomentOf(order, signedAt).toISOString() };
}

/**
 * The order's terms for a contract of `contractDate`: the due date and the quote (cap regime)
 * of that date — the same derivation the order, the payout and the ledger use.
 */
export function loanTerms(order: LoanOrderRow, contractDate: string): LoanTerms {
  const terms = contractTermsOn(order, contractDate);
  return {
    contractNumber: order.contractNumber ?? `№ ${order.id}`,
    principal: kopecks(order.amount),
    days: order.period,
    dailyRatePercent: order.dayPercent,
    contractDate,
    dueDate: terms.dueDate,
    interest: terms.interest,
    totalToReturn: terms.totalToReturn,
    psk: terms.psk,
  };
}

/** How a pre-order document was accepted: the tick in the cabinet, its time and address. */
function acceptanceSignature(
  source: OrderDocumentsSource,
  kind: string,
): SignatureRecord | undefined {
  const accepted = source.acceptances.find((row) => row.kind === kind);
  if (!accepted) return undefined;
  return {
    signedAt: accepted.acceptedAt.toISOString(),
    method: ACCEPTANCE_METHOD,
    ip: accepted.ip,
    phone: source.order.clientSnapshot.phone,
  };
}

/** The АСП record printed on the signed contract documents. */
export function contractSignature(row: OrderSignatureRow): SignatureRecord {
  return {
    signedAt: row.signedAt.toISOString(),
    codeHashPrefix: row.codeHash.slice(0, SIGNATURE_HASH_PREFIX),
    ip: row.ip,
    phone: row.phone,
  };
}

function preorderBase(
  kind: 'loan_application' | 'bki_consent',
  source: OrderDocumentsSource,
  company: CompanySettings,
): CommonDocumentData {
  const { order } = source;
  const signature = acceptanceSignature(source, kind);
  return {
    ...common(company, order.clientSnapshot, kind, moscowDate(order.createdAt)),
    ...(signature ? { signature } : {}),
  };
}

export function bkiConsentData(
  source: OrderDocumentsSource,
  company: CompanySettings,
): CommonDocumentData {
  return preorderBase('bki_consent', source, company);
}

export function loanApplicationData(
  source: OrderDocumentsSource,
  company: CompanySettings,
): LoanApplicationData {
  const insurance = combinedInsurance(source.insurances);
  return {
    ...preorderBase('loan_application', source, company),
    request: loanRequest(source.order),
    ...(insurance ? { insurance } : {}),
  };
}

/**
 * A contract document: dated the signing day once signed (so the signed bytes never change),
 * today before that; its terms run from the day the money may go out (the cooling-off's end).
 */
export function contractData(
  kind: 'individual_terms' | 'payment_schedule' | 'insurance_application',
  source: OrderDocumentsSource,
  company: CompanySettings,
  options: { now: Date; signature?: SignatureRecord },
): ContractDocumentData {
  const signature =
    options.signature ?? (source.signature ? contractSignature(source.signature) : undefined);
  const signedAt = signature ? new Date(signature.signedAt) : options.now;
  const insurance = combinedInsurance(source.insurances);
  return {
    ...common(company, source.order.clientSnapshot, kind, moscowDate(signedAt)),
    loan: signedLoanTerms(source.order, signedAt),
    ...(insurance ? { insurance } : {}),
    ...(signature ? { signature } : {}),
  };
}

/** The notice of a ПДН above 50 % (353-FZ art. 5.1), from the figures the scoring kept. */
export function debtLoadNoticeData(
  source: OrderDocumentsSource,
  company: CompanySettings,
  options: { now: Date; signature?: SignatureRecord },
): DebtLoadNoticeData | null {
  const { order } = source;
  const { debtLoadPercent: percent, debtLoadPayments: payments, debtLoadIncome: income } = order;
  if (!order.debtLoadNotice || percent === null || payments === null || income === null) {
    return null;
  }
  const { loan, ...common } = contractData('individual_terms', source, company, options);
  return {
    ...common,
    version: editionOf('debt_load_notice').version,
    loan,
    debtLoad: {
      percent,
      income: kopecks(income),
      monthlyPayments: kopecks(payments),
      regionalAverage: order.debtLoadIncomeBasis === 'regional_average',
      region: order.debtLoadIncomeRegion,
    },
  };
}

/** Before the order exists: the client's current details and the calculator choice. */
export function previewData(
  company: CompanySettings,
  snapshot: ClientSnapshot,
  kind: 'loan_application' | 'bki_consent',
  today: string,
): CommonDocumentData {
  return common(company, snapshot, kind, today);
}
