import {
  errorResponses,
  ticketAttachmentParamsSchema,
  ticketIdParamsSchema,
  ticketReplyResponseSchema,
  ticketResponseSchema,
  ticketsListResponseSchema,
} from '@zaymo/contract';
import type { FastifyRequest } from 'fastify';
import { currentSession } from '../http/auth';
import { reportForeignTicket } from '../http/foreign-access';
import type { RoutePlugin } from '../http/route-plugin';
import { sendFile } from '../http/send-file';
import {
  readTicketForm,
  refuseOversizedForm,
  registerTicketMultipart,
  TICKET_UPLOAD_DESCRIPTION as UPLOAD_DESCRIPTION,
} from '../http/ticket-form';
import {
  attachmentDownload,
  createTicket,
  listTickets,
  MAX_TICKETS_PER_DAY,
  openTicket,
  replyToTicket,
  type TicketActor,
} from '../services/tickets';

export { FORM_TOO_LARGE_MESSAGE, NOT_MULTIPART_MESSAGE } from '../http/ticket-form';

const TAGS = ['Обращения'];

function actorOf(request: FastifyRequest): TicketActor {
  const { clientId, operatorName } = currentSession(request);
  return { clientId, operatorName };
}

export const ticketsRoutes: RoutePlugin = async (app, { ctx }) => {
  await registerTicketMultipart(app);

  app.get(
    '/tickets/get',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Обращения клиента: последние по активности — первыми',
        description: 'Статус, тема, последнее сообщение и отметка о непрочитанном ответе.',
        tags: TAGS,
        response: { 200: ticketsListResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listTickets(ctx.db, currentSession(request).clientId) }),
  );

  app.post(
    '/tickets/auth_create',
    {
      config: { auth: 'client' },
      onRequest: refuseOversizedForm,
      schema: {
        summary: 'Новое обращение (multipart: category, subject, text, attachments)',
        description: `${UPLOAD_DESCRIPTION} Не больше ${MAX_TICKETS_PER_DAY} обращений в сутки.`,
        tags: TAGS,
        consumes: ['multipart/form-data'],
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    async (request) => {
      const readForm = () => readTicketForm(app, request);
      const ticket = await createTicket(ctx, actorOf(request), readForm, request.log);
      return { data: { ticket } };
    },
  );

  app.get(
    '/tickets/attachments/:id',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Файл из обращения; чужой файл — 404',
        description: 'PDF отдаётся для скачивания (attachment), фото — для показа (inline).',
        tags: TAGS,
        params: ticketAttachmentParamsSchema,
        produces: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
        response: errorResponses(400, 401, 404),
      },
    },
    async (request, reply) => {
      const { clientId } = currentSession(request);
      const file = await attachmentDownload(
        ctx,
        clientId,
        request.params.id,
        reportForeignTicket(request),
      );
      return sendFile(reply, { ...file, untrusted: true });
    },
  );

  app.get(
    '/tickets/:id',
    {
      config: { auth: 'client' },
      schema: {
        summary: 'Переписка по обращению с вложениями; чужое обращение — 404',
        description: 'Открытие клиентом отмечает ответы прочитанными (оператор CRM — нет).',
        tags: TAGS,
        params: ticketIdParamsSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const ticket = await openTicket(
        ctx,
        actorOf(request),
        request.params.id,
        reportForeignTicket(request),
      );
      return { data: { ticket } };
    },
  );

  app.post(
    '/tickets/:id/messages',
    {
      config: { auth: 'client' },
      onRequest: refuseOversizedForm,
      schema: {
        summary: 'Ответ клиента в обращении (multipart: text, attachments)',
        description: `${UPLOAD_DESCRIPTION} Обращение с ответом снова становится открытым; в закрытое написать нельзя (409).`,
        tags: TAGS,
        params: ticketIdParamsSchema,
        consumes: ['multipart/form-data'],
        response: {
          200: ticketReplyResponseSchema,
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
    },
    async (request) => {
      const reply = await replyToTicket(
        ctx,
        actorOf(request),
        request.params.id,
        reportForeignTicket(request),
        () => readTicketForm(app, request),
      );
      return { data: reply };
    },
  );
};
