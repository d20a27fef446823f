import {
  addressSchema,
  normalizeRussianPhone,
  passportStepSchema,
  personalStepSchema,
  type Address,
  type PassportStep,
  type PersonalStep,
} from '@zaymo/contract';
import { z } from 'zod';

/*
 * The person's data as ЕСИА's REST service answers them (/rs/prns/{oid} and its collections
 * with embed=(elements)), and what the questionnaire takes from them. A field ЕСИА gives in a
 * form our steps refuse is left out, never forced in.
 */

const esiaDate = z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/);

export const esiaPersonSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  middleName: z.string().optional(),
  birthDate: esiaDate.optional(),
  birthPlace: z.string().optional(),
  gender: z.enum(['M', 'F']).optional(),
  snils: z.string().optional(),
  inn: z.string().optional(),
  /** A confirmed account: identity checked in person or by a qualified signature. */
  trusted: z.boolean(),
});
export type EsiaPersonAnswer = z.infer<typeof esiaPersonSchema>;

export const esiaDocumentSchema = z.object({
  type: z.string(),
  vrfStu: z.string().optional(),
  series: z.string().optional(),
  number: z.string().optional(),
  issueDate: esiaDate.optional(),
  issueId: z.string().optional(),
  issuedBy: z.string().optional(),
});

export const esiaAddressSchema = z.object({
  type: z.string(),
  addressStr: z.string().optional(),
  zipCode: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
  street: z.string().optional(),
  house: z.string().optional(),
  flat: z.string().optional(),
  fiasCode: z.string().optional(),
});

export const esiaContactSchema = z.object({
  type: z.string(),
  value: z.string(),
  vrfStu: z.string().optional(),
});

/** A collection answered with embed=(elements). */
export function collectionSchema<T extends z.ZodType>(element: T) {
  return z.object({ size: z.number().optional(), elements: z.array(element) });
}

export type EsiaDocument = z.infer<typeof esiaDocumentSchema>;
export type EsiaAddress = z.infer<typeof esiaAddressSchema>;
export type EsiaContact = z.infer<typeof esiaContactSchema>;

/** What the import takes from ЕСИА, in the questionnaire's own shapes. */
export interface EsiaPerson {
  trusted: boolean;
  personal: PersonalStep | null;
  passport: PassportStep | null;
  registration: Address | null;
  residence: Address | null;
  snils: string | null;
  inn: string | null;
  mobile: string | null;
  email: string | null;
}

export interface EsiaAnswers {
  person: EsiaPersonAnswer;
  documents: readonly EsiaDocument[];
  addresses: readonly EsiaAddress[];
  contacts: readonly EsiaContact[];
}

/** «15.03.1990» → «1990-03-15». */
export function isoFromEsiaDate(text: string): string {
  const [day, month, year] = text.split('.');
  return `${year}-${month}-${day}`;
}

function personalOf(person: EsiaPersonAnswer): PersonalStep | null {
  const parsed = personalStepSchema.safeParse({
    surname: person.lastName,
    name: person.firstName,
    patronymic: person.middleName ?? null,
    no_patronymic: !person.middleName,
    gender: person.gender === 'M' ? 'MALE' : person.gender === 'F' ? 'FEMALE' : undefined,
    birth_date: person.birthDate ? isoFromEsiaDate(person.birthDate) : undefined,
    birth_place: person.birthPlace,
  });
  return parsed.success ? parsed.data : null;
}

/** The Russian passport ЕСИА has verified (with the МВД); an unverified one is not taken. */
function passportOf(documents: readonly EsiaDocument[]): PassportStep | null {
  const passport = documents.find(
    (document) => document.type === 'RF_PASSPORT' && document.vrfStu === 'VERIFIED',
  );
  if (!passport) return null;
  const parsed = passportStepSchema.safeParse({
    series_number: `${passport.series ?? ''}${passport.number ?? ''}`,
    issue_date: passport.issueDate ? isoFromEsiaDate(passport.issueDate) : undefined,
    division_code: passport.issueId,
    issued_by: passport.issuedBy,
  });
  return parsed.success ? parsed.data : null;
}

/** ЕСИА's address types: PRG — регистрации, PLV — проживания. */
function addressOf(addresses: readonly EsiaAddress[], type: 'PRG' | 'PLV'): Address | null {
  const found = addresses.find((address) => address.type === type);
  if (!found) return null;
  const parsed = addressSchema.safeParse({
    value: found.addressStr,
    postal_code: found.zipCode ?? null,
    region: found.region ?? null,
    city: found.city ?? null,
    street: found.street ?? null,
    house: found.house,
    flat: found.flat ?? null,
    fias_id: found.fiasCode ?? null,
  });
  return parsed.success ? parsed.data : null;
}

function verifiedContact(contacts: readonly EsiaContact[], type: 'MBT' | 'EML'): string | null {
  const found = contacts.find((contact) => contact.type === type && contact.vrfStu === 'VERIFIED');
  return found?.value ?? null;
}

export function esiaPersonOf(answers: EsiaAnswers): EsiaPerson {
  const mobile = verifiedContact(answers.contacts, 'MBT');
  return {
    trusted: answers.person.trusted,
    personal: personalOf(answers.person),
    passport: passportOf(answers.documents),
    registration: addressOf(answers.addresses, 'PRG'),
    residence: addressOf(answers.addresses, 'PLV'),
    snils: answers.person.snils ?? null,
    inn: answers.person.inn ?? null,
    mobile: mobile ? normalizeRussianPhone(mobile) : null,
    email: verifiedContact(answers.contacts, 'EML')?.toLowerCase() ?? null,
  };
}
