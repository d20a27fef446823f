import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { requestBaseUrl } from '../../http/public-url';
import { pdfFile, sendFile } from '../../http/send-file';
import { readsFor } from '../../http/read-after-write';
import { auditStaffAction } from '../../http/staff-audit';
import { securityEvent } from '../../logging';
import { CrmLinkError, issueOperatorLinkFor } from '../../services/crm-links';
import { clientCard, clientPassport, findClient } from '../../services/crm/client-card';
import { clientOrders } from '../../services/crm/loans';
import { searchClients } from '../../services/crm/search';
import { clientDocument } from '../../services/documents/files';
import { clientFileDownload } from '../../services/files/files';
import type { AuditRecord } from '../../services/staff/audit';
import { route } from '../../http/route';

/** The console's clients: search, card, passport, operator link. */
export const crmClientsRoutes: RoutePlugin = async (app, { ctx }) => {
  const audit = (request: FastifyRequest, record: AuditRecord) =>
    auditStaffAction(ctx, request, record);

  route(app, 'GET /crm/clients', async (request) => {
    const clients = await readsFor(request, ctx)((db) => searchClients({ db }, request.query.q));
    return { data: { clients } };
  });

  route(app, 'GET /crm/clients/:id', async (request) => {
    const card = await clientCard(ctx, request.params.id);
    await audit(request, { action: 'client_viewed', clientId: card.id });
    return { data: card };
  });

  route(app, 'GET /crm/clients/:id/loans', async (request) => ({
    data: { orders: await clientOrders(ctx, request.params.id) },
  }));

  route(app, 'POST /crm/clients/:id/passport', async (request) => {
    const passport = await clientPassport(ctx, request.params.id);
    await audit(request, { action: 'passport_revealed', clientId: request.params.id });
    return { data: passport };
  });

  route(app, 'POST /crm/clients/:id/operator-link', async (request) => {
    const { staff, sessionId } = currentStaff(request);
    const client = await findClient(ctx, request.params.id);
    try {
      const link = await issueOperatorLinkFor(ctx, client, {
        operatorName: staff.name,
        baseUrl: requestBaseUrl(ctx.config, request),
        openedBy: { staffId: staff.id, staffSessionId: sessionId },
      });
      await audit(request, {
        action: 'operator_link_issued',
        clientId: client.id,
        details: { operator: link.operatorName, expires_at: link.expiresAt.toISOString() },
      });
      securityEvent(request.log, 'operator_link_issued', {
        operator: link.operatorName,
        staffId: staff.id,
        clientId: client.id,
        expiresAt: link.expiresAt.toISOString(),
      });
      return { data: { url: link.url, expires_at: link.expiresAt.toISOString() } };
    } catch (error) {
      if (error instanceof CrmLinkError)
        throw new AppError('OPERATOR_LINK_REFUSED', { reason: error.message });
      throw error;
    }
  });

  route(app, 'GET /crm/clients/:id/files/:fileId', async (request, reply) => {
    const { id, fileId } = request.params;
    const photo = await clientFileDownload(ctx, id, fileId);
    return sendFile(reply, { ...photo, untrusted: true });
  });

  route(app, 'GET /crm/clients/:id/documents/file/:kind', async (request, reply) => {
    const { id: clientId, kind } = request.params;
    await findClient(ctx, clientId);
    const { order_id: orderId, payment_id: paymentId, ...choice } = request.query;
    const pdf = await clientDocument(ctx, {
      clientId,
      kind,
      orderId,
      paymentId,
      choice,
      onForeign: (foreignOrderId) =>
        securityEvent(request.log, 'access_denied', {
          resource: 'order',
          orderId: foreignOrderId,
          clientId,
          staffId: currentStaff(request).staff.id,
        }),
    });
    return sendFile(reply, pdfFile(kind, pdf));
  });
};
