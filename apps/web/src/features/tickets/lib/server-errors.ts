import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldMessagesOf } from '@zaymo/web-kit';
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
  return fieldMessagesOf(error);
}
