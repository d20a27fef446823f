import type { AttachmentType } from '@zaymo/contract';
import { AppError, isAppError } from '../../errors';
import { detectImageType, reencodeImage } from './image';

/**
 * Files clients attach to their messages (support tickets): images, re-encoded like the identity
 * photos, or PDF documents, stored as sent after a basic check of their structure. The type is
 * told by the bytes; the name the client's file had is kept for display only.
 */

const PDF_HEADER = Buffer.from('%PDF-');
const PDF_END = Buffer.from('%%EOF');
/** Writers may put a line break or a few bytes of padding after the end marker. */
const PDF_END_WINDOW = 1024;
const MAX_NAME_LENGTH = 100;
const FALLBACK_NAME = 'файл';

/** The type told by the file's first bytes: an image type of the photos, or a PDF. */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const image = detectImageType(bytes);
  if (image) return image;
  return startsWith(bytes, PDF_HEADER) ? 'application/pdf' : null;
}

function startsWith(bytes: Uint8Array, prefix: Buffer): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** A complete PDF starts with «%PDF-» and ends with «%%EOF»; a cut-off upload does not. */
export function isCompletePdf(bytes: Buffer): boolean {
  if (!startsWith(bytes, PDF_HEADER)) return false;
  const tail = bytes.subarray(Math.max(0, bytes.length - PDF_END_WINDOW));
  return tail.includes(PDF_END);
}

export interface PreparedAttachment {
  name: string;
  bytes: Buffer;
  contentType: AttachmentType;
}

/**
 * Checks one attachment by its bytes: an image is re-encoded without metadata and anything
 * appended, a PDF must be complete. Refusals name the file, so the client knows which one.
 */
export async function prepareAttachment(name: string, bytes: Buffer): Promise<PreparedAttachment> {
  if (bytes.length === 0) throw new AppError('ATTACHMENT_EMPTY', { name });
  const type = detectAttachmentType(bytes);
  if (!type) throw new AppError('ATTACHMENT_WRONG_TYPE', { name });
  if (type === 'application/pdf') {
    if (!isCompletePdf(bytes)) throw new AppError('ATTACHMENT_BROKEN_PDF', { name });
    return { name, bytes, contentType: type };
  }
  const image = await reencodeImage(bytes).catch((error: unknown) => {
    throw isAppError(error) ? namedImageError(name, error) : error;
  });
  return { name, bytes: image.bytes, contentType: image.contentType };
}

function namedImageError(name: string, error: AppError): AppError {
  return new AppError(
    'ATTACHMENT_IMAGE_REFUSED',
    { name, reason: error.message },
    { cause: error },
  );
}

/**
 * The client's file name, safe to show and to put in JSON: no folders («../../etc/passwd» →
 * «passwd»), no control characters or quotes, at most 100 characters with the extension kept.
 * It never becomes part of a path: files are stored under names the server makes.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return FALLBACK_NAME;
  return shorten(cleaned);
}

function shorten(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const keep = MAX_NAME_LENGTH - Array.from(extension).length - 1;
  return `${characters.slice(0, keep).join('')}…${extension}`;
}
