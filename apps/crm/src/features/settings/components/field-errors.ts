import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { fieldMessagesOf } from '@zaymo/web-kit';

/** The server's 400 per field, shown under those fields; true when any was shown. */
export function showFieldErrors<Values extends FieldValues>(
  error: unknown,
  form: UseFormReturn<Values, unknown, FieldValues>,
  fields: readonly Path<Values>[],
): boolean {
  const messages = fieldMessagesOf(error);
  let shown = false;
  for (const name of fields) {
    const message = messages[name];
    if (message) {
      form.setError(name, { message });
      shown = true;
    }
  }
  return shown;
}
