import { z } from 'zod';
import { isValidPersonalInn, PERSONAL_INN_LENGTH } from '../inn';

/**
 * The borrower's ИНН (353-FZ art. 7 as amended by 9-FZ of 13.02.2025, from 01.09.2025): the
 * questionnaire asks for it, the server checks its two check digits and asks the ФНС whether it
 * is the number of the person in the passport, and the contract shows it.
 */

export const INN_MASK = '9999 9999 9999';

export const personalInnSchema = z
  .string({ error: 'Укажите ИНН' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d+$/, 'ИНН — только цифры')
      .length(PERSONAL_INN_LENGTH, `ИНН физического лица — ${PERSONAL_INN_LENGTH} цифр`)
      .refine(isValidPersonalInn, 'ИНН с ошибкой: не сходятся контрольные цифры. Сверьте номер'),
  );

/** PUT /clients/inn */
export const saveInnRequestSchema = z.object({ inn: personalInnSchema });
export type SaveInnRequest = z.infer<typeof saveInnRequestSchema>;

export const clientInnSchema = z.object({
  /** 12 digits, or null before the client gave it. */
  inn: z.string().nullable(),
  /** When the ФНС confirmed that the ИНН is the passport holder's (ISO), or null. */
  checked_at: z.string().nullable(),
});
export type ClientInn = z.infer<typeof clientInnSchema>;

/** GET and PUT /clients/inn */
export const clientInnResponseSchema = z.object({ data: clientInnSchema });
