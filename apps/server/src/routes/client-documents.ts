import { currentSession } from '../http/auth';
import { readsFor } from '../http/read-after-write';
import type { RoutePlugin } from '../http/route-plugin';
import { byGroup, clientDocuments, loanDocuments } from '../services/client-documents';
import { reportForeignOrder } from '../http/foreign-access';
import { route } from '../http/route';

/**
 * The client's own documents (the documents page, a loan's documents popup). The company's
 * document lists and the PDFs themselves are in routes/documents.ts.
 */
export const clientDocumentsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /documents/client_documents', async (request) => {
    const { clientId } = currentSession(request);
    return { data: await readsFor(request, ctx)((db) => clientDocuments({ db }, clientId)) };
  });

  route(app, 'GET /documents/client_docs', async (request) => {
    const { clientId } = currentSession(request);
    const documents = await readsFor(request, ctx)((db) => clientDocuments({ db }, clientId));
    return { data: byGroup(documents) };
  });

  route(app, 'GET /documents/loan_documents/:ids', async (request) => {
    const { clientId } = currentSession(request);
    const onForeign = reportForeignOrder(request);
    const documents = await readsFor(
      request,
      ctx,
    )((db) => loanDocuments({ db }, clientId, request.params.ids, onForeign));
    return { data: documents };
  });
};
