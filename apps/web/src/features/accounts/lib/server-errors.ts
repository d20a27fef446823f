import type { ApiErrorCode } from '@zaymo/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/api-client';
import { showErrorNotice } from '@/lib/error-notice';
import { putServerFieldErrors } from '@/lib/server-errors';

type ServerErrorOptions<Values extends FieldValues> = {
  /** The fields of this form: the server's `fields` with these names go under them. */
  fields: readonly Path<Values>[];
  /**
   * A 400 about the one thing the client typed (a wrong code, a wrong password) is shown
   * under this field instead of a toast.
   */
  fallbackField?: Path<Values>;
};

/**
 * Shows a failed call: the server's per-field messages under their fields (focusing the first),
 * everything else as the generic error notice (spec §8). A 401 is already handled by the client.
 */
export function showServerErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  { fields, fallbackField }: ServerErrorOptions<Values>,
): void {
  if (hasErrorCode(error, 'UNAUTHORIZED')) return;
  if (putServerFieldErrors(error, setError, fields)) return;
  if (fallbackField && isRejectedInput(error) && error.message) {
    setError(fallbackField, { type: 'server', message: error.message }, { shouldFocus: true });
    return;
  }
  showErrorNotice(error);
}

/** Refusals of what was typed into the form that name no field of their own. */
const REJECTED_INPUT = [
  'VALIDATION',
  'BAD_REQUEST',
  'CREDENTIALS_WRONG',
  'CODE_NOT_ACCEPTED',
  'RESET_NO_EMAIL',
] as const satisfies readonly ApiErrorCode[];

function isRejectedInput(error: unknown): error is ApiError {
  return hasErrorCode(error, ...REJECTED_INPUT);
}
