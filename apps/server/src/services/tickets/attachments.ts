import { createHash } from 'node:crypto';
import { MAX_TICKET_ATTACHMENTS } from '@zaymo/contract';
import { AppError } from '../../errors';
import { prepareAttachment, type PreparedAttachment } from '../files/attachment';
import { removeStoredFile, writeStoredFile } from '../files/storage';
import type { StoredAttachment } from './store';

/** A file part of a ticket form: its bytes and the client's file name (already cleaned). */
export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** What a multipart ticket form carried: its text fields and its files, in order. */
export interface TicketUpload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Every file checked before any is stored: one bad file refuses the whole message. */
export async function prepareAttachments(
  files: readonly UploadedFile[],
): Promise<PreparedAttachment[]> {
  if (files.length > MAX_TICKET_ATTACHMENTS) {
    throw new AppError('ATTACHMENTS_TOO_MANY', { max: MAX_TICKET_ATTACHMENTS });
  }
  const prepared: PreparedAttachment[] = [];
  // One at a time: re-encoding is CPU-heavy and the files of one message are few.
  for (const file of files) prepared.push(await prepareAttachment(file.name, file.bytes));
  return prepared;
}

/** Writes the files under names the server makes; if one write fails, none is left behind. */
export async function writeAttachments(
  folder: string,
  prepared: readonly PreparedAttachment[],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const file of prepared) {
      stored.push({
        storageName: await writeStoredFile(folder, file.bytes),
        originalName: file.name,
        contentType: file.contentType,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
      });
    }
    return stored;
  } catch (error) {
    await removeAttachments(folder, stored);
    throw error;
  }
}

export async function removeAttachments(
  folder: string,
  stored: readonly StoredAttachment[],
): Promise<void> {
  await Promise.all(stored.map((file) => removeStoredFile(folder, file.storageName)));
}
