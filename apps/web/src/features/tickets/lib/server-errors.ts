import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';
import { showErrorNotice } from '@/lib/error-notice';

/**
 * A refused call: the server's per-field messages go under their fields; anything else (a
 * refused file, a closed ticket, no network) is the §8 error notice.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  const messages = fieldMessages(error);
  const known = fields.filter((field) => messages[field]);
  for (const field of known) setError(field, { message: messages[field] });
  if (known.length === 0) showErrorNotice(error);
}

function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const { data } = error;
  if (typeof data !== 'object' || data === null || !('fields' in data)) return {};
  const { fields } = data;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
