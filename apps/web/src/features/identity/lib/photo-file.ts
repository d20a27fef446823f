import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@zaymo/contract';

export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

export type PhotoFileProblem = 'tooBig' | 'wrongType';

/** The checks the server makes too, done first so a phone does not send 30 MB for nothing. */
export function checkPhotoFile(file: Pick<File, 'size' | 'type'>): PhotoFileProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooBig';
  return null;
}
