import { approvedHolidaysOf } from './credit-holidays/store';
import {
  type ClientDocument,
  type DocumentGroup,
  type DocumentKind,
  moscowDate,
} from '@zaymo/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { clientConsents, insuranceRefusals, type LoanOrderRow } from '../db/schema';
import { REGISTRATION_CONSENTS } from './accounts/consents';
import { contractKinds, documentLink, kindsOfGroup, PREORDER_KINDS } from './documents/catalogue';
import { isClosed } from './documents/closure';
import { contractExtrasOf, type OrderDocumentsSource } from './documents/data';
import { loadDocumentsSource } from './documents/render';
import { signedAgreements } from './servicing/agreement';
import { ordersOfClient, ownOrder, type Db, type OrderAccessDenied } from './loans/db';

/**
 * Every document of a client, for the documents page and a loan's documents popup: the
 * registration documents with the consents given at sign-up, then each order's application and,
 * once approved, its contract and signed prolongation agreements, and once repaid in full the
 * closure certificate — newest order first. Built from the documents and loans services:
 * the catalogue says which documents exist, the order's source says what was accepted and signed.
 */

type DocumentsContext = Pick<AppContext, 'db'>;

/** GET /documents/client_documents. */
export async function clientDocuments(
  ctx: DocumentsContext,
  clientId: number,
): Promise<ClientDocument[]> {
  const registration = await registrationDocuments(ctx.db, clientId);
  const orders = await ordersOfClient(ctx.db, clientId);
  return [...registration, ...(await documentsOfOrders(ctx.db, orders))];
}

/** GET /documents/loan_documents/{ids}: the documents of these orders; another's is a 404. */
export async function loanDocuments(
  ctx: DocumentsContext,
  clientId: number,
  orderIds: readonly number[],
  onForeign: OrderAccessDenied,
): Promise<ClientDocument[]> {
  const orders: LoanOrderRow[] = [];
  for (const orderId of orderIds) orders.push(await ownOrder(ctx.db, clientId, orderId, onForeign));
  return documentsOfOrders(ctx.db, orders);
}

/** GET /documents/client_docs: the same list by the four groups of spec §9. */
export function byGroup(
  documents: readonly ClientDocument[],
): Record<DocumentGroup, ClientDocument[]> {
  const groups: Record<DocumentGroup, ClientDocument[]> = {
    register_docs: [],
    orders_docs: [],
    contracts_docs: [],
    prolongation_docs: [],
  };
  for (const document of documents) groups[document.group].push(document);
  return groups;
}

/** The consents given at sign-up, and still standing, are the client's acceptance of these documents. */
async function registrationDocuments(db: Db, clientId: number): Promise<ClientDocument[]> {
  const consents = await db
    .select()
    .from(clientConsents)
    .where(eq(clientConsents.clientId, clientId))
    .orderBy(asc(clientConsents.id));
  return kindsOfGroup('register_docs').map((kind) => {
    const codes = REGISTRATION_CONSENTS.filter((c) => c.document === kind).map((c) => c.code);
    const latest = consents.findLast((row) => codes.includes(row.code));
    const accepted = latest?.action === 'given' ? latest : undefined;
    return {
      ...entry(kind, 'register_docs', null),
      signature: accepted ? acceptance(accepted.acceptedAt) : null,
    };
  });
}

async function documentsOfOrders(
  db: Db,
  orders: readonly LoanOrderRow[],
): Promise<ClientDocument[]> {
  const documents: ClientDocument[] = [];
  // One order at a time: PGlite answers one query at a time anyway.
  for (const order of orders) {
    documents.push(...orderDocuments(await loadDocumentsSource(db, order)));
    documents.push(...(await prolongationDocuments(db, order)));
    documents.push(...closureDocuments(order));
    documents.push(...(await insuranceRefusalDocuments(db, order)));
    documents.push(...(await holidayNoticeDocuments(db, order)));
  }
  return documents;
}

/** The client's refusal of the loan's insurance (353-FZ art. 7 part 2.7), once filed. */
async function insuranceRefusalDocuments(db: Db, order: LoanOrderRow): Promise<ClientDocument[]> {
  if (order.insuranceTotal === 0n) return [];
  const [refusal] = await db
    .select({ appliedAt: insuranceRefusals.appliedAt })
    .from(insuranceRefusals)
    .where(eq(insuranceRefusals.orderId, order.id));
  if (!refusal) return [];
  return [
    {
      ...entry('insurance_refusal', 'contracts_docs', order),
      signature: acceptance(refusal.appliedAt),
    },
  ];
}

/** The notice of each credit holiday approved, issued by the company on approval. */
async function holidayNoticeDocuments(db: Db, order: LoanOrderRow): Promise<ClientDocument[]> {
  const approved = await approvedHolidaysOf(db, order.id);
  return approved.map((row) => ({
    ...entry('credit_holiday_notice', 'contracts_docs', order),
    signature: { method: 'issued' as const, signed_at: iso(row.decidedAt ?? row.createdAt) },
  }));
}

/** The closure certificate of a loan repaid in full, issued by the company on repayment. */
function closureDocuments(order: LoanOrderRow): ClientDocument[] {
  if (!isClosed(order)) return [];
  const issuedAt = order.repaidAt ?? order.updatedAt;
  return [
    {
      ...entry('closure_certificate', 'contracts_docs', order),
      signature: { method: 'issued', signed_at: iso(issuedAt) },
    },
  ];
}

/**
 * Each signed additional agreement of the order whose payment was approved (in force), as
 * prolongation_docs; its link serves it as signed.
 */
async function prolongationDocuments(db: Db, order: LoanOrderRow): Promise<ClientDocument[]> {
  const agreements = await signedAgreements(db, order.id);
  const inForce = agreements.filter((agreement) => agreement.status === 'approved');
  return inForce.map(({ payment }) => {
    const query = { order_id: String(order.id), payment_id: String(payment.id) };
    const [year, month, day] = moscowDate(payment.agreementSignedAt).split('-');
    const name =
      `Дополнительное соглашение о пролонгации на ${payment.prolongationDays} дней ` +
      `от ${day}.${month}.${year}`;
    return {
      ...entry('prolongation_agreement', 'prolongation_docs', order),
      link: documentLink('prolongation_agreement', query).link,
      name,
      signature: { method: 'asp' as const, signed_at: iso(payment.agreementSignedAt) },
      checked: true,
    };
  });
}

function orderDocuments(source: OrderDocumentsSource): ClientDocument[] {
  const { order, acceptances, signature } = source;
  const application = PREORDER_KINDS.map((kind) => {
    const accepted = acceptances.find((row) => row.kind === kind);
    return {
      ...entry(kind, 'orders_docs', order),
      signature: accepted ? acceptance(accepted.acceptedAt) : null,
    };
  });
  if (order.contractNumber === null) return application;
  const contract = contractKinds(contractExtrasOf(source)).map((kind) => ({
    ...entry(kind, 'contracts_docs', order),
    signature: signature ? { method: 'asp' as const, signed_at: iso(signature.signedAt) } : null,
    checked: true,
  }));
  return [...application, ...contract];
}

function entry(
  kind: DocumentKind,
  group: DocumentGroup,
  order: LoanOrderRow | null,
): Omit<ClientDocument, 'signature'> {
  const link = order ? documentLink(kind, { order_id: String(order.id) }) : documentLink(kind);
  return {
    ...link,
    kind,
    group,
    order_id: order?.id ?? null,
    contract_number: order?.contractNumber ?? null,
  };
}

function acceptance(at: Date): ClientDocument['signature'] {
  return { method: 'acceptance', signed_at: iso(at) };
}

function iso(at: Date): string {
  return at.toISOString();
}
