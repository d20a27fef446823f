import { z } from 'zod';

export const BIRTH_DATE_MASK = '99.99.9999';

/**
 * «31.12.1990» → «1990-12-31»; null when it is not a real calendar date. The bare digits
 * «31121990» read the same: the mask is loaded on the field's first focus, and keys typed
 * before it attaches (a slow network, a busy phone) reach the form unformatted.
 */
export function birthDateToIso(text: string): string | null {
  const match = /^(\d{2})\.?(\d{2})\.?(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
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
