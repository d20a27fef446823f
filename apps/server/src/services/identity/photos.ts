import { IDENTITY_STEPS, uploadFileFieldsSchema, type ClientFile } from '@zaymo/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { parseRequestPart } from '../../validation';
import {
  dataUrl,
  latestClientFiles,
  presentClientFile,
  readClientFile,
  storeClientImage,
} from '../files/files';
import { FIRST_STEP } from './rules';
import { loadClient } from './store';

type FilesContext = Pick<AppContext, 'db' | 'config' | 'clock'>;

/** What a multipart upload carried: the `kind` field and the bytes of the `file` part. */
export interface PhotoUpload {
  kind: unknown;
  bytes: Buffer | null;
}

/**
 * POST /files/validate: a photo for step 5 (or a retake later). The step is checked before the
 * upload is read, so a client who has not reached the photos sends nothing in vain.
 */
export async function uploadIdentityPhoto(
  ctx: FilesContext,
  clientId: number,
  readUpload: () => Promise<PhotoUpload>,
): Promise<ClientFile> {
  const client = await loadClient(ctx.db, clientId);
  if ((client.step ?? FIRST_STEP) < IDENTITY_STEPS.photos) {
    throw new AppError('IDENTITY_STEP_SKIPPED');
  }
  const upload = await readUpload();
  const { kind } = parseRequestPart(uploadFileFieldsSchema, { kind: upload.kind });
  if (!upload.bytes) throw new AppError('PHOTO_MISSING');
  return presentClientFile(await storeClientImage(ctx, clientId, kind, upload.bytes));
}

export type PhotoPreview = ClientFile & { data_url: string };

/** GET /files/base64: the newest photo of each kind as a data URL, for previews. */
export async function photoPreviews(
  ctx: Pick<AppContext, 'db' | 'config'>,
  clientId: number,
): Promise<PhotoPreview[]> {
  const rows = await latestClientFiles(ctx.db, clientId);
  return Promise.all(
    rows.map(async (row) => ({
      ...presentClientFile(row),
      data_url: dataUrl(row.contentType, await readClientFile(ctx, row)),
    })),
  );
}
