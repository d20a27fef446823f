import { z } from 'zod';
import type { FnsConfig } from '../../config';

/*
 * The ФНС service «Узнать ИНН» (service.nalog.ru/inn.do): a form posted to inn-proc.do with the
 * person's name, birth date and identity document, answered in JSON — {"code":1,"inn":"…"} when
 * the ФНС knows the person's ИНН, {"code":0} when it found none, {"ERRORS":{…}} when it refused
 * the form. The lender compares the number the borrower entered with the one the ФНС names.
 */

/** The ФНС's code of the Russian internal passport among identity documents. */
export const RUSSIAN_PASSPORT_DOCTYPE = '21';

export interface InnLookupPerson {
  readonly surname: string;
  readonly name: string;
  readonly patronymic: string | null;
  /** YYYY-MM-DD */
  readonly birthDate: string;
  /** Ten digits: series and number. */
  readonly passportSeriesNumber: string;
  /** YYYY-MM-DD */
  readonly passportIssueDate: string;
}

export type InnLookupAnswer =
  { readonly found: true; readonly inn: string } | { readonly found: false };

export class FnsUnavailableError extends Error {
  override readonly name = 'FnsUnavailableError';
}

export interface InnLookup {
  lookUp(person: InnLookupPerson): Promise<InnLookupAnswer>;
}

const answerSchema = z.union([
  z.object({ code: z.literal(1), inn: z.string().regex(/^\d{12}$/) }),
  z.object({ code: z.literal(0) }),
]);

/** 1990-05-17 → 17.05.1990, the form's date. */
function formDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/** 4506123456 → «45 06 123456», as the form's document number is written. */
function formPassport(seriesNumber: string): string {
  return `${seriesNumber.slice(0, 2)} ${seriesNumber.slice(2, 4)} ${seriesNumber.slice(4)}`;
}

export function innLookupForm(person: InnLookupPerson): URLSearchParams {
  return new URLSearchParams({
    c: 'innMy',
    fam: person.surname,
    nam: person.name,
    otch: person.patronymic ?? '',
    // The form's «нет отчества» box.
    ...(person.patronymic === null ? { opt_otch: '1' } : {}),
    bdate: formDate(person.birthDate),
    bplace: '',
    doctype: RUSSIAN_PASSPORT_DOCTYPE,
    docno: formPassport(person.passportSeriesNumber),
    docdt: formDate(person.passportIssueDate),
    captcha: '',
    captchaToken: '',
  });
}

export function createInnLookup(config: FnsConfig, fetchImpl: typeof fetch): InnLookup {
  return {
    async lookUp(person) {
      let response: Response;
      try {
        response = await fetchImpl(config.innUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
          body: innLookupForm(person),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new FnsUnavailableError(`ФНС не ответила: ${(error as Error).message}`);
      }
      const text = await response.text();
      if (!response.ok) throw new FnsUnavailableError(`ФНС ответила ${response.status}`);
      const answer = answerSchema.safeParse(safeJson(text));
      if (!answer.success)
        throw new FnsUnavailableError(`Непонятный ответ ФНС: ${text.slice(0, 200)}`);
      return answer.data.code === 1 ? { found: true, inn: answer.data.inn } : { found: false };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
