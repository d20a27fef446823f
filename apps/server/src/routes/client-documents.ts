import {
  clientDocsResponseSchema,
  clientDocumentsResponseSchema,
  errorResponses,
  loanDocumentsParamsSchema,
} from '@zaymo/contract';
import { currentSession } from '../http/auth';
import { readsFor } from '../http/read-after-write';
import type { RoutePlugin } from '../http/route-plugin';
import { byGroup, clientDocuments, loanDocuments } from '../services/client-documents';
import { reportForeignOrder } from '../http/foreign-access';

const TAGS = ['Документы'];
const LINK_NOTE = 'link — путь от /api: GET /api/{link} с токеном отдаёт PDF.';

/**
 * The client's own documents (the documents page, a loan's documents popup). The company's
 * document lists and the PDFs themselves are in routes/documents.ts.
 */
export const clientDocumentsRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/documents/client_documents',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Все документы клиента: регистрация, заявки, договоры, пролонгации',
        description: `${LINK_NOTE} signature — как и когда документ подписан (АСП или согласие).`,
        tags: TAGS,
        response: { 200: clientDocumentsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      return { data: await readsFor(request, ctx)((db) => clientDocuments({ db }, clientId)) };
    },
  );

  app.get(
    '/documents/client_docs',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Документы клиента по группам (register_docs, orders_docs, contracts_docs, …)',
        description: LINK_NOTE,
        tags: TAGS,
        response: { 200: clientDocsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const documents = await readsFor(request, ctx)((db) => clientDocuments({ db }, clientId));
      return { data: byGroup(documents) };
    },
  );

  app.get(
    '/documents/loan_documents/:ids',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Документы займа (заявок через запятую: 12,15); чужая заявка — 404',
        description: LINK_NOTE,
        tags: TAGS,
        params: loanDocumentsParamsSchema,
        response: { 200: clientDocumentsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { clientId } = currentSession(request);
      const onForeign = reportForeignOrder(request);
      const documents = await readsFor(
        request,
        ctx,
      )((db) => loanDocuments({ db }, clientId, request.params.ids, onForeign));
      return { data: documents };
    },
  );
};
