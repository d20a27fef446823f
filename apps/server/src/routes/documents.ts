import { currentSession } from '../http/auth';
import type { RoutePlugin } from '../http/route-plugin';
import { pdfFile, sendFile } from '../http/send-file';
import { isOpenDocumentPath, isRegistrationKind } from '../services/documents/catalogue';
import {
  clientDocument,
  contractDocuments,
  preorderDocuments,
  publicDocument,
  registerDocuments,
} from '../services/documents/files';
import { reportForeignOrder } from '../http/foreign-access';
import { route } from '../http/route';

export const documentsRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /documents/register_documents', () => ({ data: registerDocuments() }));

  route(app, 'GET /documents/preorder_documents', (request) => ({
    data: preorderDocuments(request.query),
  }));

  route(app, 'GET /documents/contract_documents', async (request) => {
    const { clientId } = currentSession(request);
    const orderId = request.query.order_id;
    const onForeign = reportForeignOrder(request);
    return { data: await contractDocuments(ctx, clientId, orderId, onForeign) };
  });

  route(
    app,
    'GET /documents/file/:kind',
    async (request, reply) => {
      const { kind } = request.params;
      if (isRegistrationKind(kind)) {
        const bytes = await publicDocument(ctx.config.company, kind);
        return sendFile(reply, { ...pdfFile(kind, bytes), cache: 'public' });
      }
      const session = currentSession(request);
      const { order_id: orderId, payment_id: paymentId, month, ...choice } = request.query;
      const pdf = await clientDocument(ctx, {
        clientId: session.clientId,
        kind,
        orderId,
        paymentId,
        month,
        choice,
        onForeign: reportForeignOrder(request),
      });
      return sendFile(reply, pdfFile(kind, pdf));
    },
    { publicWhen: (request) => isOpenDocumentPath((request.params as { kind?: unknown }).kind) },
  );
};
