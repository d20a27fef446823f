import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldMessagesOf, hasErrorCode } from '@/lib/api-client';
import { showErrorNotice } from '@/lib/error-notice';

/**
 * The server's messages for these fields of a form go under them, the first one focused; false
 * when the refusal names none of them.
 */
export function putServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  const serverFields = fieldMessagesOf(error);
  const named = fields.filter((field) => serverFields[field]);
  named.forEach((field, index) =>
    setError(field, { type: 'server', message: serverFields[field] }, { shouldFocus: index === 0 }),
  );
  return named.length > 0;
}

/**
 * A failed save: the server's messages for fields of this form go under those fields; anything
 * else (a refused file, a closed ticket, no network) is the generic error notice (spec §8). A 401
 * is already handled by the API client.
 */
export function showServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): void {
  if (hasErrorCode(error, 'UNAUTHORIZED')) return;
  if (!putServerFieldErrors(error, setError, fields)) showErrorNotice(error);
}
