import { DATE_MASK, displayDateToIso, formatByMask } from '@zaymo/web-kit';
import { z } from 'zod';

/**
 * «31.12.1990» → «1990-12-31»; null when it is not a real calendar date. The bare digits
 * «31121990» read the same: the mask is loaded on the field's first focus, and keys typed
 * before it attaches (a slow network, a busy phone) reach the form unformatted.
 */
export function birthDateToIso(text: string): string | null {
  const typed = text.trim();
  if (!/^\d{2}\.?\d{2}\.?\d{4}$/.test(typed)) return null;
  return displayDateToIso(formatByMask(DATE_MASK, typed));
}

/** The loan lookup form, with Russian messages. */
export const loanpayFormSchema = z.object({
  contract_number: z.string().trim().min(1, 'Введите номер договора').max(64),
  birth_date: z.string().transform((text, context) => {
    const iso = birthDateToIso(text);
    if (iso === null) {
      context.addIssue({ code: 'custom', message: 'Введите дату рождения в формате ДД.ММ.ГГГГ' });
      return z.NEVER;
    }
    return iso;
  }),
});
