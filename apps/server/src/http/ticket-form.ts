import fastifyMultipart from '@fastify/multipart';
import { MAX_ATTACHMENT_BYTES, MAX_TICKET_ATTACHMENTS } from '@zaymo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { cleanFileName } from '../services/files/attachment';
import type { TicketUpload } from '../services/tickets';
import { malformedForm } from './multipart';

/*
 * The multipart form of a ticket message (text fields + files in `attachments`), the same for
 * the client's cabinet (routes/tickets.ts) and the operator console (routes/crm/tickets.ts): one
 * set of limits and messages; the files themselves are checked by the tickets service.
 */

const MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);

/** Room for the text fields and the multipart boundaries around the largest allowed files. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;
const MAX_FORM_BYTES = MAX_TICKET_ATTACHMENTS * MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES;

/** Registers the multipart parser with the ticket form's limits (in the calling route plugin). */
export async function registerTicketMultipart(app: FastifyInstance): Promise<void> {
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
}

/** onRequest: a declared body too large is refused before a byte of it is read. */
export async function refuseOversizedForm(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_FORM_BYTES) throw formTooLarge();
}

function formTooLarge(): AppError {
  return new AppError('ATTACHMENTS_TOO_LARGE', {
    files: MAX_TICKET_ATTACHMENTS,
    megabytes: MEGABYTES,
  });
}

/** The text fields and every file part, whatever their order; file names are cleaned. */
export async function readTicketForm(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<TicketUpload> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
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
    const file = { name: fileName, megabytes: MEGABYTES };
    return new AppError('ATTACHMENT_TOO_LARGE', file, { cause: error });
  }
  if (error instanceof errors.FilesLimitError) {
    return new AppError('ATTACHMENTS_TOO_MANY', { max: MAX_TICKET_ATTACHMENTS }, { cause: error });
  }
  if (error instanceof errors.FieldsLimitError || error instanceof errors.PartsLimitError) {
    return new AppError('FORM_TOO_MANY_FIELDS', { cause: error });
  }
  return malformedForm(error);
}
