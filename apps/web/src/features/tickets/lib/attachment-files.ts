import {
  ACCEPTED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_TICKET_ATTACHMENTS,
} from '@zaymo/contract';

export const MAX_ATTACHMENT_MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);
/** For the file dialog: the types the server accepts (it checks the bytes again). */
export const ATTACHMENT_ACCEPT = ACCEPTED_ATTACHMENT_TYPES.join(',');

export type AttachmentProblem =
  { kind: 'wrongType' | 'tooBig' | 'empty'; name: string } | { kind: 'tooMany' };

type Candidate = Pick<File, 'name' | 'size' | 'type'>;

/** The checks the server makes too, done first so nothing is sent in vain. */
export function problemOf(file: Candidate): AttachmentProblem | null {
  if (!(ACCEPTED_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return { kind: 'wrongType', name: file.name };
  }
  if (file.size === 0) return { kind: 'empty', name: file.name };
  if (file.size > MAX_ATTACHMENT_BYTES) return { kind: 'tooBig', name: file.name };
  return null;
}

/**
 * Adds the chosen files to those already attached: the fitting ones up to five in all, and a
 * problem for each refused one (and one for going over five).
 */
export function addAttachments<F extends Candidate>(
  current: readonly F[],
  chosen: readonly F[],
): { files: F[]; problems: AttachmentProblem[] } {
  const files = [...current];
  const problems: AttachmentProblem[] = [];
  let overflow = false;
  for (const file of chosen) {
    const problem = problemOf(file);
    if (problem) problems.push(problem);
    else if (files.length < MAX_TICKET_ATTACHMENTS) files.push(file);
    else overflow = true;
  }
  if (overflow) problems.push({ kind: 'tooMany' });
  return { files, problems };
}
