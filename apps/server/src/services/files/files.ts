import { createHash } from 'node:crypto';
import {
  ACCEPTED_IMAGE_TYPES,
  photoKindSchema,
  type ClientFile,
  type PhotoKind,
} from '@zaymo/contract';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import type { Transaction } from '../../db/locks';
import { clientFiles, type ClientFileRow } from '../../db/schema';
import { AppError } from '../../errors';
import { hasAnyOrder } from '../identity/orders-lock';
import { reencodeImage, type ImageType } from './image';
import { readStoredFile, removeStoredFile, writeStoredFile } from './storage';

type Db = Database | Transaction;

/** The passport's photos are locked together with its data once an order exists. */
const PASSPORT_PHOTOS: readonly PhotoKind[] = ['passport_main', 'passport_registration'];
/** Re-encodes the upload, writes it under a new random name and records it for the client. */
export async function storeClientImage(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  clientId: number,
  kind: PhotoKind,
  upload: Buffer,
): Promise<ClientFileRow> {
  if (PASSPORT_PHOTOS.includes(kind) && (await hasAnyOrder(ctx.db, clientId))) {
    throw new AppError('PASSPORT_PHOTOS_LOCKED');
  }
  const image = await reencodeImage(upload);
  const folder = ctx.config.filesDir;
  const storageName = await writeStoredFile(folder, image.bytes);
  try {
    const [row] = await ctx.db
      .insert(clientFiles)
      .values({
        clientId,
        kind,
        storageName,
        contentType: image.contentType,
        size: image.bytes.length,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(image.bytes).digest('hex'),
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!row) throw new Error('client_files row not returned');
    return row;
  } catch (error) {
    await removeStoredFile(folder, storageName);
    throw error;
  }
}

/** The client's own file; another client's id answers 404 exactly like a missing one. */
export async function findClientFile(
  ctx: Pick<AppContext, 'db'>,
  clientId: number,
  fileId: number,
): Promise<ClientFileRow> {
  const [row] = await ctx.db
    .select()
    .from(clientFiles)
    .where(and(eq(clientFiles.id, fileId), eq(clientFiles.clientId, clientId)));
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row;
}

/** The newest file of each kind: a retaken photo replaces the earlier one. */
export async function latestClientFiles(db: Db, clientId: number): Promise<ClientFileRow[]> {
  return db
    .selectDistinctOn([clientFiles.kind])
    .from(clientFiles)
    .where(eq(clientFiles.clientId, clientId))
    .orderBy(clientFiles.kind, desc(clientFiles.id));
}

export async function readClientFile(
  ctx: Pick<AppContext, 'config'>,
  row: ClientFileRow,
): Promise<Buffer> {
  try {
    return await readStoredFile(ctx.config.filesDir, row.storageName);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AppError('FILE_NOT_FOUND', { cause: error });
    }
    throw error;
  }
}

const contentTypeSchema = z.enum(ACCEPTED_IMAGE_TYPES);

export function presentClientFile(row: ClientFileRow): ClientFile {
  return {
    id: row.id,
    kind: photoKindSchema.parse(row.kind),
    content_type: contentTypeSchema.parse(row.contentType),
    size: row.size,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

const EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** A name made by the server for Content-Disposition: «passport_main-12.jpg». */
export function downloadName(row: ClientFileRow): string {
  const extension = EXTENSIONS[contentTypeSchema.parse(row.contentType)];
  return `${photoKindSchema.parse(row.kind)}-${row.id}.${extension}`;
}

/**
 * A client's photo as a route sends it (the cabinet's own, the console's of any client): the
 * bytes, their type, the server's name; missing or another client's is 404.
 */
export async function clientFileDownload(
  ctx: Pick<AppContext, 'db' | 'config'>,
  clientId: number,
  fileId: number,
): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const row = await findClientFile(ctx, clientId, fileId);
  const bytes = await readClientFile(ctx, row);
  return { bytes, contentType: row.contentType, fileName: downloadName(row) };
}

export function dataUrl(contentType: string, bytes: Buffer): string {
  return `data:${contentType};base64,${bytes.toString('base64')}`;
}
