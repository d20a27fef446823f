import { AppError, isAppError } from '../errors';

export const MALFORMED_FORM_MESSAGE =
  'Форма пришла повреждённой или пустой. Обновите страницу и отправьте её ещё раз';

/**
 * Whatever else the multipart parser throws (no boundary, no parts, a body cut off) is the
 * request's fault: 400 with a Russian message, never a 500.
 */
export function malformedForm(error: unknown): AppError {
  if (isAppError(error)) return error;
  return new AppError('BAD_REQUEST', MALFORMED_FORM_MESSAGE, { cause: error });
}
