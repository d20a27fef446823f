import type { AppContext } from '../../context';
import type { TicketAttachmentRow } from '../../db/schema';
import { AppError } from '../../errors';
import { readStoredFile } from '../files/storage';
import { attachmentById } from './store';
import type { TicketAccessDenied } from './tickets';

export interface AttachmentDownload {
  contentType: string;
  /** Made by the server, never the client's name: «ticket-file-12.pdf». */
  fileName: string;
  /** PDFs are downloaded, images shown: a PDF a client sent is never opened inline by us. */
  disposition: 'attachment' | 'inline';
  bytes: Buffer;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** GET /tickets/attachments/{id}: the owner's file; another client's answers 404. */
export async function attachmentDownload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  clientId: number,
  attachmentId: number,
  onForeign: TicketAccessDenied,
): Promise<AttachmentDownload> {
  const row = await attachmentById(ctx.db, attachmentId);
  if (row && row.clientId !== clientId) onForeign('ticket_attachment', attachmentId);
  if (!row || row.clientId !== clientId) {
    throw new AppError('FILE_NOT_FOUND');
  }
  return attachmentFile(ctx, row);
}

/** The stored file of an attachment the caller may see, named and disposed as above. */
export async function attachmentFile(
  ctx: Pick<AppContext, 'config'>,
  row: TicketAttachmentRow,
): Promise<AttachmentDownload> {
  return {
    contentType: row.contentType,
    fileName: `ticket-file-${row.id}.${EXTENSIONS[row.contentType] ?? 'bin'}`,
    disposition: row.contentType === 'application/pdf' ? 'attachment' : 'inline',
    bytes: await readBytes(ctx.config.filesDir, row),
  };
}

async function readBytes(folder: string, row: TicketAttachmentRow): Promise<Buffer> {
  try {
    return await readStoredFile(folder, row.storageName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('FILE_NOT_FOUND', { cause: error });
    }
    throw error;
  }
}
