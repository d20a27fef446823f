import { z } from 'zod';
import { parseAddressLevel, type AddressDetailLevel } from '@zaymo/contract';

/*
 * DaData's answers as they come over the wire (suggestions API 4_1), reduced to the fields of
 * the contract. Missing fields become null; fias_level «8» becomes 8; unknown fields are dropped.
 */

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? null);
}

function toLevel(raw: string | number | null | undefined): AddressDetailLevel {
  return parseAddressLevel(raw) ?? -1;
}

export const dadataFioData = z.object({
  surname: text,
  name: text,
  patronymic: text,
  gender: z
    .enum(['MALE', 'FEMALE', 'UNKNOWN'])
    .nullish()
    .transform((value) => value ?? 'UNKNOWN'),
});

export const dadataAddressData = z.object({
  postal_code: text,
  country: text,
  region_with_type: text,
  region: text,
  area_with_type: text,
  city_with_type: text,
  city: text,
  city_district_with_type: text,
  settlement_with_type: text,
  street_with_type: text,
  street: text,
  house_type: text,
  house: text,
  block_type: text,
  block: text,
  flat_type: text,
  flat: text,
  fias_id: text,
  kladr_id: text,
  fias_level: z.union([z.string(), z.number()]).nullish().transform(toLevel),
});

export const dadataPartyData = z.object({
  inn: z.string(),
  kpp: text,
  ogrn: text,
  type: z.enum(['LEGAL', 'INDIVIDUAL']),
  name: z.object({ short_with_opf: text, full_with_opf: z.string() }),
  address: orNull(z.object({ value: z.string() })),
  management: orNull(z.object({ name: z.string(), post: text })),
  state: orNull(z.object({ status: z.string() })),
});

export const dadataFmsUnitData = z.object({
  code: z.string(),
  name: z.string(),
  region_code: text,
  type: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value == null ? null : String(value))),
});

export const dadataEmailData = z.object({ local: z.string(), domain: text });

/** `{ suggestions: [{ value, unrestricted_value, data }] }` with `data` of one kind. */
export function dadataAnswer<T extends z.ZodType>(data: T) {
  const suggestion = z
    .object({ value: z.string(), unrestricted_value: text, data })
    .transform((parsed) => ({
      ...parsed,
      unrestricted_value: parsed.unrestricted_value ?? parsed.value,
    }));
  return z.object({ suggestions: z.array(suggestion) });
}
