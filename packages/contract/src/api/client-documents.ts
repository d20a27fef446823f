import { z } from 'zod';
import type { DocumentGroup } from '../documents';
import { documentGroupSchema, documentKindSchema, documentLinkSchema } from './documents';

/**
 * The client's own documents (spec §7 client_documents, client_docs, loan_documents/{ids}): each
 * entry is a spec §3 document (`link`, `name`) with its group, the loan it belongs to and how the
 * client signed it. Paths are relative to /api; GET /{link} answers the PDF (bearer token).
 */

/**
 * asp — signed with a one-time SMS code (аналог собственноручной подписи: the contract, an
 * additional agreement); acceptance — accepted with a tick in the cabinet (простая электронная
 * подпись: registration consents, the application); issued — made out by the company to the
 * client (the closure certificate), `signed_at` the time it was issued.
 */
export const DOCUMENT_SIGNATURE_METHODS = ['asp', 'acceptance', 'issued'] as const;
export type DocumentSignatureMethod = (typeof DOCUMENT_SIGNATURE_METHODS)[number];

export const clientDocumentSchema = documentLinkSchema.extend({
  kind: documentKindSchema,
  group: documentGroupSchema,
  /** The order (loan) the document belongs to; null for the registration documents. */
  order_id: z.number().int().nullable(),
  /** The contract number once the order is approved («З-000042»); null before. */
  contract_number: z.string().nullable(),
  signature: z
    .object({ method: z.enum(DOCUMENT_SIGNATURE_METHODS), signed_at: z.string() })
    .nullable(),
  /** Spec §3: contract documents are marked checked. */
  checked: z.boolean().optional(),
});
export type ClientDocument = z.infer<typeof clientDocumentSchema>;

/** GET /documents/client_documents and GET /documents/loan_documents/{ids}: a flat list. */
export const clientDocumentsResponseSchema = z.object({ data: z.array(clientDocumentSchema) });
export type ClientDocumentsResponse = z.infer<typeof clientDocumentsResponseSchema>;

/** GET /documents/client_docs: the same documents by the four groups of spec §9. */
const documentList = z.array(clientDocumentSchema);
export const clientDocsResponseSchema = z.object({
  data: z.object({
    register_docs: documentList,
    orders_docs: documentList,
    contracts_docs: documentList,
    prolongation_docs: documentList,
  } satisfies Record<DocumentGroup, typeof documentList>),
});
export type ClientDocsResponse = z.infer<typeof clientDocsResponseSchema>;

/** GET /documents/loan_documents/{ids}: one or more order ids, comma-joined («12,15»). */
export const loanDocumentsParamsSchema = z.object({
  ids: z
    .string()
    .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15}){0,19}$/, 'Неверный список заявок')
    .transform((ids) => [...new Set(ids.split(',').map(Number))]),
});
