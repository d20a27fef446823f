import { z } from 'zod';
import {
  ADDRESS_DETAIL_LEVELS,
  SUGGESTION_COUNT,
  DEFAULT_ADDRESS_DETAIL_LEVEL,
} from '../constants';
import type { AddressDetailLevel } from '../constants';

/*
 * Suggestions (spec §3 kinds fio, fmsUnit, address, party, email; §9 five results):
 *   GET /api/clients/suggestions/fio       ?query=&parts=SURNAME,NAME&gender=MALE
 *   GET /api/address-search                ?search=&from_bound=city&to_bound=house
 *   GET /api/clients/suggestions/party     ?query=
 *   GET /api/clients/suggestions/fms_unit  ?query=772-0
 *   GET /api/clients/suggestions/email     ?query=ivanov@ma
 * Every answer is `{ suggestions: [...] }`, at most SUGGESTION_COUNT items, in DaData's shape
 * (value, unrestricted_value, data) with only the data fields we use. An empty (or blank) query
 * answers an empty list; a query longer than SUGGESTION_QUERY_MAX_LENGTH answers 400.
 */

/** DaData refuses longer queries; we answer 400 before calling anyone. */
export const SUGGESTION_QUERY_MAX_LENGTH = 300;
export const SUGGESTION_QUERY_TOO_LONG_MESSAGE = `Слишком длинный запрос для подсказок: не больше ${SUGGESTION_QUERY_MAX_LENGTH} символов`;

/** The text typed so far; absent or blank means «nothing to suggest». */
export const suggestionQueryTextSchema = z
  .string({ error: 'Текст запроса должен быть строкой' })
  .max(SUGGESTION_QUERY_MAX_LENGTH, { error: SUGGESTION_QUERY_TOO_LONG_MESSAGE })
  .default('');

// ---------------------------------------------------------------- fio

export const FIO_PARTS = ['SURNAME', 'NAME', 'PATRONYMIC'] as const;
export type FioPart = (typeof FIO_PARTS)[number];
export const fioPartSchema = z.enum(FIO_PARTS, {
  error: 'Часть ФИО: ожидается SURNAME, NAME или PATRONYMIC',
});

export const SUGGESTION_GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
export type SuggestionGender = (typeof SUGGESTION_GENDERS)[number];
export const suggestionGenderSchema = z.enum(SUGGESTION_GENDERS, {
  error: 'Пол: ожидается MALE, FEMALE или UNKNOWN',
});

/** `parts=SURNAME,NAME`, `parts=SURNAME&parts=NAME` or `parts=surname` — all accepted. */
const partsListSchema = z.preprocess(
  (raw) => splitList(raw)?.map((part) => part.toUpperCase()),
  z.array(fioPartSchema).min(1, { error: 'Укажите хотя бы одну часть ФИО' }).optional(),
);

function splitList(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  const items = Array.isArray(raw) ? raw : [raw];
  return items.flatMap((item) =>
    typeof item === 'string' ? item.split(',').map((part) => part.trim()) : [String(item)],
  );
}

export const fioSuggestionsQuerySchema = z.object({
  query: suggestionQueryTextSchema,
  parts: partsListSchema,
  gender: z.preprocess(upperCaseString, suggestionGenderSchema.optional()),
});
export type FioSuggestionsQuery = z.infer<typeof fioSuggestionsQuerySchema>;

function upperCaseString(raw: unknown): unknown {
  if (raw === '') return undefined;
  return typeof raw === 'string' ? raw.toUpperCase() : raw;
}

export const fioDataSchema = z.object({
  surname: z.string().nullable(),
  name: z.string().nullable(),
  patronymic: z.string().nullable(),
  gender: suggestionGenderSchema,
});
export type FioData = z.infer<typeof fioDataSchema>;

// ---------------------------------------------------------------- address

/**
 * Address detail levels (spec §9) are FIAS levels as DaData reports them in `data.fias_level`,
 * ordered from coarse to fine exactly as ADDRESS_DETAIL_LEVELS lists them. Bounds of
 * /api/address-search take either the number or its name:
 *
 *   -1 foreign      foreign or unrecognised address     → no DaData bound (unrestricted)
 *    0 country      страна                              → country
 *    1 region       регион                              → region
 *    3 area         район в регионе                     → area
 *    4 city         город                               → city
 *    5 city_district район города (DaData has no bound) → city
 *    6 settlement   населённый пункт                    → settlement
 *   65 planning_structure планировочная структура       → settlement (DaData puts it there)
 *    7 street       улица                               → street
 *   75 stead        земельный участок (no bound)        → house
 *    8 house        дом                                 → house
 *    9 flat         квартира                            → flat (DaData: only as to_bound;
 *                                                          as from_bound we send house)
 *
 * No bound at all: every level down to the flat. One bound alone restricts to that single
 * level (like the DaData widget's `bounds: "city"`): from_bound=city ≡ from city to city.
 * -1 on a side means no bound on that side (from_bound=-1&to_bound=city: down to cities).
 * from_bound must not be finer than to_bound.
 *
 * DEFAULT_ADDRESS_DETAIL_LEVEL (65) is not a search bound: it is the least detail an address
 * chosen in a form must have (planning structure or finer), see isAddressDetailedEnough.
 */
export const ADDRESS_LEVEL_NAMES = {
  foreign: -1,
  country: 0,
  region: 1,
  area: 3,
  city: 4,
  city_district: 5,
  settlement: 6,
  planning_structure: 65,
  street: 7,
  stead: 75,
  house: 8,
  flat: 9,
} as const satisfies Record<string, AddressDetailLevel>;
export type AddressLevelName = keyof typeof ADDRESS_LEVEL_NAMES;

export const ADDRESS_LEVEL_ERROR_MESSAGE = `Уровень адреса: ожидается одно из ${Object.keys(ADDRESS_LEVEL_NAMES).join(', ')} или число ${ADDRESS_DETAIL_LEVELS.join(', ')}`;

/** Position of a level from coarse (0 for -1) to fine. */
export function addressLevelRank(level: AddressDetailLevel): number {
  return ADDRESS_DETAIL_LEVELS.indexOf(level);
}

/** True when an address of `level` is at least as detailed as `minimum` (default 65). */
export function isAddressDetailedEnough(
  level: AddressDetailLevel,
  minimum: AddressDetailLevel = DEFAULT_ADDRESS_DETAIL_LEVEL,
): boolean {
  return level !== -1 && addressLevelRank(level) >= addressLevelRank(minimum);
}

export function parseAddressLevel(raw: unknown): AddressDetailLevel | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const byName = (ADDRESS_LEVEL_NAMES as Record<string, AddressDetailLevel>)[text.toLowerCase()];
  if (byName !== undefined) return byName;
  return ADDRESS_DETAIL_LEVELS.find((level) => String(level) === text);
}

export const addressDetailLevelSchema = z.literal([...ADDRESS_DETAIL_LEVELS], {
  error: ADDRESS_LEVEL_ERROR_MESSAGE,
});

const addressBoundSchema = z.preprocess(
  (raw) => (raw === undefined || raw === '' ? undefined : (parseAddressLevel(raw) ?? raw)),
  addressDetailLevelSchema.optional(),
);

export const addressSearchQuerySchema = z
  .object({
    search: suggestionQueryTextSchema,
    from_bound: addressBoundSchema,
    to_bound: addressBoundSchema,
  })
  .refine((query) => boundsInOrder(query.from_bound, query.to_bound), {
    error: 'Уровень from_bound должен быть не подробнее уровня to_bound',
    path: ['from_bound'],
  });
export type AddressSearchQuery = z.infer<typeof addressSearchQuerySchema>;

function boundsInOrder(from?: AddressDetailLevel, to?: AddressDetailLevel): boolean {
  if (from === undefined || to === undefined || from === -1 || to === -1) return true;
  return addressLevelRank(from) <= addressLevelRank(to);
}

const nullableText = z.string().nullable();

export const addressDataSchema = z.object({
  postal_code: nullableText,
  country: nullableText,
  region_with_type: nullableText,
  region: nullableText,
  area_with_type: nullableText,
  city_with_type: nullableText,
  city: nullableText,
  city_district_with_type: nullableText,
  settlement_with_type: nullableText,
  street_with_type: nullableText,
  street: nullableText,
  house_type: nullableText,
  house: nullableText,
  block_type: nullableText,
  block: nullableText,
  flat_type: nullableText,
  flat: nullableText,
  fias_id: nullableText,
  kladr_id: nullableText,
  fias_level: addressDetailLevelSchema,
});
export type AddressData = z.infer<typeof addressDataSchema>;

// ---------------------------------------------------------------- party, fms_unit, email

/** Companies: by name, ИНН or ОГРН (prefixes too). */
export const partySuggestionsQuerySchema = z.object({ query: suggestionQueryTextSchema });
export type PartySuggestionsQuery = z.infer<typeof partySuggestionsQuerySchema>;

export const partyDataSchema = z.object({
  inn: z.string(),
  kpp: nullableText,
  ogrn: nullableText,
  type: z.enum(['LEGAL', 'INDIVIDUAL']),
  name: z.object({ short_with_opf: nullableText, full_with_opf: z.string() }),
  address: z.object({ value: z.string() }).nullable(),
  management: z.object({ name: z.string(), post: nullableText }).nullable().optional(),
  state: z.object({ status: z.string() }).nullable().optional(),
});
export type PartyData = z.infer<typeof partyDataSchema>;

/** «Кем выдан» a passport: by division code («772-0», «772001») or by name. */
export const fmsUnitSuggestionsQuerySchema = z.object({ query: suggestionQueryTextSchema });
export type FmsUnitSuggestionsQuery = z.infer<typeof fmsUnitSuggestionsQuerySchema>;

export const fmsUnitDataSchema = z.object({
  code: z.string(),
  name: z.string(),
  region_code: nullableText,
  /** 0 ФМС, 1 ГУВД/МВД региона, 2 УВД/ОВД района или города, 3 отделение полиции. */
  type: nullableText,
});
export type FmsUnitData = z.infer<typeof fmsUnitDataSchema>;

export const emailSuggestionsQuerySchema = z.object({ query: suggestionQueryTextSchema });
export type EmailSuggestionsQuery = z.infer<typeof emailSuggestionsQuerySchema>;

export const emailDataSchema = z.object({ local: z.string(), domain: nullableText });
export type EmailData = z.infer<typeof emailDataSchema>;

// ---------------------------------------------------------------- answers

function suggestionSchema<T extends z.ZodType>(data: T) {
  return z.object({ value: z.string(), unrestricted_value: z.string(), data });
}

function suggestionsResponseSchema<T extends z.ZodType>(data: T) {
  return z.object({ suggestions: z.array(suggestionSchema(data)).max(SUGGESTION_COUNT) });
}

export const fioSuggestionSchema = suggestionSchema(fioDataSchema);
export const addressSuggestionSchema = suggestionSchema(addressDataSchema);
export const partySuggestionSchema = suggestionSchema(partyDataSchema);
export const fmsUnitSuggestionSchema = suggestionSchema(fmsUnitDataSchema);
export const emailSuggestionSchema = suggestionSchema(emailDataSchema);
export type FioSuggestion = z.infer<typeof fioSuggestionSchema>;
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export type PartySuggestion = z.infer<typeof partySuggestionSchema>;
export type FmsUnitSuggestion = z.infer<typeof fmsUnitSuggestionSchema>;
export type EmailSuggestion = z.infer<typeof emailSuggestionSchema>;

export const fioSuggestionsResponseSchema = suggestionsResponseSchema(fioDataSchema);
export const addressSuggestionsResponseSchema = suggestionsResponseSchema(addressDataSchema);
export const partySuggestionsResponseSchema = suggestionsResponseSchema(partyDataSchema);
export const fmsUnitSuggestionsResponseSchema = suggestionsResponseSchema(fmsUnitDataSchema);
export const emailSuggestionsResponseSchema = suggestionsResponseSchema(emailDataSchema);
export type FioSuggestionsResponse = z.infer<typeof fioSuggestionsResponseSchema>;
export type AddressSuggestionsResponse = z.infer<typeof addressSuggestionsResponseSchema>;
export type PartySuggestionsResponse = z.infer<typeof partySuggestionsResponseSchema>;
export type FmsUnitSuggestionsResponse = z.infer<typeof fmsUnitSuggestionsResponseSchema>;
export type EmailSuggestionsResponse = z.infer<typeof emailSuggestionsResponseSchema>;

export const SUGGESTION_KINDS = ['fio', 'address', 'party', 'fms_unit', 'email'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
