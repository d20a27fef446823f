import { AppError, isAppError } from '../errors';

/**
 * Whatever else the multipart parser throws (no boundary, no parts, a body cut off) is the
 * request's fault: 400 with a Russian message, never a 500.
 */
export function malformedForm(error: unknown): AppError {
  if (isAppError(error)) return error;
  return new AppError('FORM_MALFORMED', { cause: error });
}
