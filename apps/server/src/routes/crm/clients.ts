import {
  crmClientCardResponseSchema,
  crmClientIdParamsSchema,
  crmClientLoansResponseSchema,
  crmClientSearchQuerySchema,
  crmClientSearchResponseSchema,
  crmOperatorLinkResponseSchema,
  crmPassportResponseSchema,
  documentFileParamsSchema,
  documentFileQuerySchema,
  errorResponses,
} from '@zaymo/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
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

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];

const crmFileParamsSchema = crmClientIdParamsSchema.extend({
  fileId: z.coerce.number().int().positive(),
});
const crmDocumentParamsSchema = crmClientIdParamsSchema.extend(documentFileParamsSchema.shape);

/** The console's clients: search, card, passport, operator link. */
export const crmClientsRoutes: RoutePlugin = async (app, { ctx }) => {
  const audit = (request: FastifyRequest, record: AuditRecord) =>
    auditStaffAction(ctx, request, record);

  app.get(
    '/crm/clients',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: поиск клиента',
        description:
          'По телефону (начало номера), ФИО (начала слов: «Иван Петр»), номеру договора ' +
          '(«ЗМ-000042»), серии и номеру паспорта. Не больше 50 клиентов.',
        tags: CRM_TAGS,
        querystring: crmClientSearchQuerySchema,
        response: { 200: crmClientSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const clients = await readsFor(request, ctx)((db) => searchClients({ db }, request.query.q));
      return { data: { clients } };
    },
  );

  app.get(
    '/crm/clients/:id',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: карточка клиента',
        description: 'Паспорт замаскирован (показ — POST …/passport); карты — только маска.',
        tags: CRM_TAGS,
        params: crmClientIdParamsSchema,
        response: { 200: crmClientCardResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const card = await clientCard(ctx, request.params.id);
      await audit(request, { action: 'client_viewed', clientId: card.id });
      return { data: card };
    },
  );

  app.get(
    '/crm/clients/:id/loans',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: заявки и займы клиента с движениями и платежами',
        tags: CRM_TAGS,
        params: crmClientIdParamsSchema,
        response: { 200: crmClientLoansResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: { orders: await clientOrders(ctx, request.params.id) } }),
  );

  app.post(
    '/crm/clients/:id/passport',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: показать паспорт целиком (записывается в журнал)',
        tags: CRM_TAGS,
        params: crmClientIdParamsSchema,
        response: { 200: crmPassportResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const passport = await clientPassport(ctx, request.params.id);
      await audit(request, { action: 'passport_revealed', clientId: request.params.id });
      return { data: passport };
    },
  );

  app.post(
    '/crm/clients/:id/operator-link',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: открыть кабинет клиента в режиме оператора',
        description:
          'Ссылка на короткую сессию оператора с именем сотрудника (как npm run crm:link); ' +
          'записывается в журнал.',
        tags: CRM_TAGS,
        params: crmClientIdParamsSchema,
        response: {
          200: crmOperatorLinkResponseSchema,
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
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
        if (error instanceof CrmLinkError) throw new AppError('UNPROCESSABLE', error.message);
        throw error;
      }
    },
  );

  app.get(
    '/crm/clients/:id/files/:fileId',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: фотография клиента (изображение)',
        tags: CRM_TAGS,
        params: crmFileParamsSchema,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const photo = await clientFileDownload(ctx, id, fileId);
      return sendFile(reply, { ...photo, untrusted: true });
    },
  );

  app.get(
    '/crm/clients/:id/documents/file/:kind',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: документ клиента в PDF (url из карточки)',
        tags: CRM_TAGS,
        params: crmDocumentParamsSchema,
        querystring: documentFileQuerySchema,
        produces: ['application/pdf'],
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
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
    },
  );
};
