import fastifyMultipart from '@fastify/multipart';
import {
  errorResponses,
  MAX_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
  ticketAttachmentParamsSchema,
  ticketIdParamsSchema,
  ticketReplyResponseSchema,
  ticketResponseSchema,
  ticketsListResponseSchema,
} from '@zaymo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentSession } from '../http/auth';
import { AppError } from '../errors';
import { reportForeignTicket } from '../http/foreign-access';
import { malformedForm } from '../http/multipart';
import type { RoutePlugin } from '../http/route-plugin';
import { sendFile } from '../http/send-file';
import { attachmentMessages, cleanFileName } from '../services/files/attachment';
import {
  attachmentDownload,
  createTicket,
  listTickets,
  MAX_TICKETS_PER_DAY,
  openTicket,
  replyToTicket,
  TOO_MANY_FILES_MESSAGE,
  type TicketActor,
  type TicketUpload,
} from '../services/tickets';

const TAGS = ['Обращения'];
const MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);

/** Room for the text fields and the multipart boundaries around the largest allowed files. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
const MAX_FORM_BYTES = MAX_TICKET_ATTACHMENTS * MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES;

export const NOT_MULTIPART_MESSAGE = 'Отправьте обращение формой multipart/form-data';
export const FORM_TOO_LARGE_MESSAGE = `Вложения слишком большие: до ${MAX_TICKET_ATTACHMENTS} файлов по ${MEGABYTES} МБ`;
const TOO_MANY_FIELDS_MESSAGE =
  'В форме обращения лишние поля. Обновите страницу и отправьте снова';

const UPLOAD_DESCRIPTION =
  `multipart/form-data: текстовые поля и до ${MAX_TICKET_ATTACHMENTS} файлов в поле attachments — ` +
  `фото JPEG, PNG, WebP или PDF, до ${MEGABYTES} МБ каждый. Тип определяется по содержимому; ` +
  'фото перекодируются без метаданных, PDF хранятся как есть после проверки; файлы хранятся ' +
  'под именами, выданными сервером.';

/** A declared body too large is refused before a byte of it is read. */
async function refuseOversizedForm(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_FORM_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', FORM_TOO_LARGE_MESSAGE);
}

/** The text fields and every file part, whatever their order; file names are cleaned. */
async function readTicketForm(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART_MESSAGE);
  const upload: TicketUpload = { fields: {}, files: [] };
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        fileName = cleanFileName(part.filename);
        upload.files.push({ name: fileName, bytes: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(app, error, fileName);
  }
  return upload;
}

function formError(app: FastifyInstance, error: unknown, fileName: string): unknown {
  const errors = app.multipartErrors;
  if (error instanceof errors.RequestFileTooLargeError) {
    const message = attachmentMessages.tooBig(fileName, MEGABYTES);
    return new AppError('PAYLOAD_TOO_LARGE', message, { cause: error });
  }
  if (error instanceof errors.FilesLimitError) {
    return new AppError('BAD_REQUEST', TOO_MANY_FILES_MESSAGE, { cause: error });
  }
  if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
    return new AppError('BAD_REQUEST', TOO_MANY_FIELDS_MESSAGE, { cause: error });
  }
  return malformedForm(error);
}

function actorOf(request: FastifyRequest): TicketActor {
  const { clientId, operatorName } = currentSession(request);
  return { clientId, operatorName };
}

export const ticketsRoutes: RoutePlugin = async (app, { ctx }) => {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: MAX_ATTACHMENT_BYTES,
      files: MAX_TICKET_ATTACHMENTS,
      fields: 8,
      parts: MAX_TICKET_ATTACHMENTS + 8,
      fieldSize: 64 * 1024,
    },
  });

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
