import {
  crmTicketAttachmentParamsSchema,
  crmTicketCloseResponseSchema,
  crmTicketIdParamsSchema,
  crmTicketReplyResponseSchema,
  crmTicketResponseSchema,
  crmTicketsQuerySchema,
  crmTicketsResponseSchema,
  errorResponses,
  TICKET_UPLOAD_DESCRIPTION,
} from '@zaymo/contract';
import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { sendFile } from '../../http/send-file';
import { auditStaffAction } from '../../http/staff-audit';
import {
  readTicketForm,
  refuseOversizedForm,
  registerTicketMultipart,
} from '../../http/ticket-form';
import {
  crmAttachmentDownload,
  crmTicketDetail,
  inboxTicket,
  presentCrmMessage,
  ticketsInbox,
} from '../../services/crm/tickets';
import { answerTicketWithFiles, closeTicket } from '../../services/tickets';

/** The console's calls: their own tag in the OpenAPI document. */
const CRM_TAGS = ['crm'];

/** The console's tickets inbox: list, conversation, answer, close. */
export const crmTicketsRoutes: RoutePlugin = async (app, { ctx }) => {
  await registerTicketMultipart(app);

  app.get(
    '/crm/tickets',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: обращения — сначала без ответа, затем по последнему сообщению',
        tags: CRM_TAGS,
        querystring: crmTicketsQuerySchema,
        response: { 200: crmTicketsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await ticketsInbox(ctx, request.query) }),
  );

  app.get(
    '/crm/tickets/:id',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: переписка по обращению с вложениями',
        description: 'Ответы не отмечаются прочитанными клиентом.',
        tags: CRM_TAGS,
        params: crmTicketIdParamsSchema,
        response: { 200: crmTicketResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: { ticket: await crmTicketDetail(ctx, request.params.id) } }),
  );

  app.post(
    '/crm/tickets/:id/messages',
    {
      config: { auth: 'staff', role: 'operator' },
      onRequest: refuseOversizedForm,
      schema: {
        summary: 'Консоль: ответ клиенту (multipart: text, attachments)',
        description:
          `${TICKET_UPLOAD_DESCRIPTION} Ответ подписан именем сотрудника, обращение получает ` +
          'статус «Есть ответ» (как у npm run crm:reply); записывается в журнал.',
        tags: CRM_TAGS,
        params: crmTicketIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          200: crmTicketReplyResponseSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const { staff } = currentStaff(request);
      const answer = await answerTicketWithFiles(
        ctx,
        { ticketId: request.params.id, operatorName: staff.name },
        () => readTicketForm(app, request),
      );
      await auditStaffAction(ctx, request, {
        action: 'ticket_answered',
        clientId: answer.ticket.clientId,
        details: {
          ticket_id: String(answer.ticket.id),
          operator: staff.name,
          attachments: String(answer.attachments.length),
        },
      });
      return {
        data: {
          message: presentCrmMessage(answer.message, answer.attachments),
          ticket: await inboxTicket(ctx, answer.ticket),
        },
      };
    },
  );

  app.post(
    '/crm/tickets/:id/close',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: закрыть обращение (записывается в журнал)',
        tags: CRM_TAGS,
        params: crmTicketIdParamsSchema,
        response: { 200: crmTicketCloseResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ticket, closed } = await closeTicket(ctx, request.params.id);
      if (closed) {
        await auditStaffAction(ctx, request, {
          action: 'ticket_closed',
          clientId: ticket.clientId,
          details: { ticket_id: String(ticket.id) },
        });
      }
      return { data: { ticket: await inboxTicket(ctx, ticket) } };
    },
  );

  app.get(
    '/crm/tickets/:id/attachments/:attachmentId',
    {
      config: { auth: 'staff', role: 'operator' },
      schema: {
        summary: 'Консоль: файл из обращения (url из переписки)',
        description:
          'PDF отдаётся для скачивания, фото — для показа; файл другого обращения — 404.',
        tags: CRM_TAGS,
        params: crmTicketAttachmentParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await crmAttachmentDownload(ctx, id, attachmentId);
      return sendFile(reply, { ...file, untrusted: true });
    },
  );
};
