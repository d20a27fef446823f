import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldMessagesOf, hasErrorCode } from '@/lib/api-client';
import { showErrorNotice } from '@/lib/error-notice';

/**
 * A failed save: the server's messages for fields of this form go under those fields (the
 * first one focused); anything else is the generic error notice (spec §8). A 401 is already
 * handled by the API client.
 */
export function showServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): void {
  if (hasErrorCode(error, 'UNAUTHORIZED')) return;
  const perField = fieldMessages(error, fields);
  perField.forEach(([field, message], index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  if (perField.length === 0) showErrorNotice(error);
}

function fieldMessages<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
): [Path<Values>, string][] {
  const serverFields = fieldMessagesOf(error);
  return fields.flatMap((field): [Path<Values>, string][] => {
    const message = serverFields[field];
    return message ? [[field, message]] : [];
  });
}
