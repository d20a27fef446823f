import { isDeepStrictEqual } from 'node:util';
import type {
  Address,
  AddressesStep,
  EsiaStep,
  EsiaStepStatus,
  PassportStep,
  PersonalStep,
} from '@zaymo/contract';
import type { ClientIdentityRow, EsiaPersonData } from '../../db/schema';

/*
 * The questionnaire's identity steps against what Госуслуги confirmed. A step is «подтверждено
 * Госуслугами» (and locked) while it equals their data; a step typed differently is a mismatch,
 * shown field by field and never overwritten unless the client takes Госуслуги's data.
 */

export interface EsiaSteps {
  personal: PersonalStep | null;
  passport: PassportStep | null;
  addresses: AddressesStep | null;
}

export function esiaStepsOf(person: EsiaPersonData): EsiaSteps {
  return {
    personal: person.personal,
    passport: person.passport,
    addresses: person.registration
      ? {
          registration: person.registration,
          residence_same: person.residence === null,
          residence: person.residence,
        }
      : null,
  };
}

export function enteredStepsOf(identity: ClientIdentityRow | null): EsiaSteps {
  return {
    personal: identity?.personal ?? null,
    passport: identity?.passport ?? null,
    addresses: identity?.addresses ?? null,
  };
}

/** The field names a person reads, for the differences shown. */
const FIELD_TITLES: Readonly<Record<string, string>> = {
  surname: 'Фамилия',
  name: 'Имя',
  patronymic: 'Отчество',
  no_patronymic: 'Нет отчества',
  gender: 'Пол',
  birth_date: 'Дата рождения',
  birth_place: 'Место рождения',
  series_number: 'Серия и номер паспорта',
  issue_date: 'Дата выдачи',
  division_code: 'Код подразделения',
  issued_by: 'Кем выдан',
  registration: 'Адрес регистрации',
  residence_same: 'Проживает по адресу регистрации',
  residence: 'Адрес проживания',
};

function readable(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'object' && 'value' in value) return String((value as Address).value);
  if (value === 'MALE') return 'мужской';
  if (value === 'FEMALE') return 'женский';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields (of Госуслуги's step) whose entered value differs. */
export function differingFields(entered: object, esia: object): string[] {
  const typed = entered as Record<string, unknown>;
  return Object.entries(esia)
    .filter(([field, value]) => !isDeepStrictEqual(typed[field] ?? null, value ?? null))
    .map(([field]) => field);
}

export function stepStatus(entered: object | null, esia: object | null): EsiaStepStatus {
  if (!esia || !entered) return { state: 'none', differences: [] };
  const fields = differingFields(entered, esia);
  if (fields.length === 0) return { state: 'confirmed', differences: [] };
  const typed = entered as Record<string, unknown>;
  const theirs = esia as Record<string, unknown>;
  return {
    state: 'mismatch',
    differences: fields.map((field) => ({
      field: FIELD_TITLES[field] ?? field,
      esia: readable(theirs[field]),
      entered: readable(typed[field]),
    })),
  };
}

export function isConfirmed(entered: object | null, esia: object | null): boolean {
  return stepStatus(entered, esia).state === 'confirmed';
}

/** Where each of the step's fields came from, for the console: «passport.issued_by» → esia. */
export function fieldSources(
  entered: EsiaSteps,
  esia: EsiaSteps | null,
): Record<string, 'esia' | 'client'> {
  const sources: Record<string, 'esia' | 'client'> = {};
  for (const step of ['personal', 'passport', 'addresses'] as const satisfies readonly EsiaStep[]) {
    const typed = entered[step];
    if (!typed) continue;
    const theirs = esia?.[step] ?? null;
    const differing = theirs ? differingFields(typed, theirs) : null;
    for (const field of Object.keys(typed)) {
      const same = differing !== null && !differing.includes(field);
      sources[`${step}.${field}`] = same ? 'esia' : 'client';
    }
  }
  return sources;
}
