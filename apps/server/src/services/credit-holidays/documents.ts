import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { readStoredFile } from '../files/storage';
import { holidayDocument } from './store';

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** GET /crm/credit-holidays/:id/documents/:fileId: a document the client attached. */
export async function holidayDocumentFile(
  ctx: Pick<AppContext, 'db' | 'config'>,
  holidayId: number,
  fileId: number,
) {
  const row = await holidayDocument(ctx.db, holidayId, fileId);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return {
    contentType: row.contentType,
    fileName: `credit-holiday-${holidayId}-${row.id}.${EXTENSIONS[row.contentType] ?? 'bin'}`,
    disposition:
      row.contentType === 'application/pdf' ? ('attachment' as const) : ('inline' as const),
    bytes: await readStoredFile(ctx.config.filesDir, row.storageName),
  };
}
