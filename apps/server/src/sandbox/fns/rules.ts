import { personalInnCheckDigits } from '@zaymo/contract';

/*
 * How the sandbox «Узнать ИНН» answers: by the ending of the passport number (the form's docno),
 * which a tester chooses in the passport step. Any other passport is known to the sandbox ФНС,
 * and its ИНН is the ten digits of the series and number followed by their two check digits
 * («45 06 123456» → 450612345614). docs/sandbox.md lists this table.
 */

export interface SandboxFnsRule {
  /** The last digits of the passport number. */
  readonly ending: string;
  readonly answer: string;
  readonly reply: 'not_found' | 'other_inn' | 'failure';
}

/** The ИНН the sandbox names for the «other ИНН» rule: well-formed, and nobody's passport. */
export const SANDBOX_OTHER_INN = '500100732259';

export const SANDBOX_FNS_RULES: readonly SandboxFnsRule[] = [
  { ending: '0000', answer: 'ФНС не находит ИНН («code»: 0)', reply: 'not_found' },
  { ending: '9999', answer: `ФНС называет другой ИНН — ${SANDBOX_OTHER_INN}`, reply: 'other_inn' },
  { ending: '5555', answer: 'ФНС отвечает ошибкой 500', reply: 'failure' },
];

/** The ИНН the sandbox ФНС knows for a passport: its ten digits and their check digits. */
export function sandboxInnOf(passportSeriesNumber: string): string {
  return `${passportSeriesNumber}${personalInnCheckDigits(passportSeriesNumber)}`;
}

export type SandboxFnsReply =
  | { readonly kind: 'found'; readonly inn: string }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'failure' };

/** The answer for a form's docno («45 06 123456»). */
export function sandboxFnsReply(docno: string): SandboxFnsReply {
  const digits = docno.replace(/\s/g, '');
  const rule = SANDBOX_FNS_RULES.find((entry) => digits.endsWith(entry.ending));
  switch (rule?.reply) {
    case 'not_found':
      return { kind: 'not_found' };
    case 'other_inn':
      return { kind: 'found', inn: SANDBOX_OTHER_INN };
    case 'failure':
      return { kind: 'failure' };
    case undefined:
      return { kind: 'found', inn: sandboxInnOf(digits) };
  }
}
