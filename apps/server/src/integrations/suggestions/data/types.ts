import { z } from 'zod';
import { partyDataSchema } from '@zaymo/contract';

/**
 * Shapes of the generated data files (written by build-data.ts, read by the offline provider,
 * which parses them once with these schemas).
 */
export const fioFileSchema = z.object({
  /** [masculine, feminine]; feminine null for a surname of both genders (Шевченко). */
  surnames: z.array(z.tuple([z.string(), z.string().nullable()])),
  names: z.array(z.tuple([z.string(), z.enum(['M', 'F'])])),
  /** [masculine, feminine], in the order of the male names they come from. */
  patronymics: z.array(z.tuple([z.string(), z.string()])),
});
export type FioFile = z.infer<typeof fioFileSchema>;

/** [code, name, region code, type]. */
export const fmsUnitsFileSchema = z.array(
  z.tuple([z.string(), z.string(), z.string(), z.string()]),
);
export type FmsUnitsFile = z.infer<typeof fmsUnitsFileSchema>;

const regionSchema = z.object({
  withType: z.string(),
  type: z.string(),
  name: z.string(),
  kladrId: z.string().nullable(),
  federalCity: z.boolean().optional(),
  postalCode: z.string(),
});

const placeSchema = z.object({
  region: z.string(),
  level: z.union([z.literal(3), z.literal(4), z.literal(6)]),
  area: z.string().optional(),
  city: z.string().optional(),
  settlement: z.string().optional(),
  postalCode: z.string(),
  kladrId: z.string().optional(),
});

const citySchema = z.object({
  region: z.string(),
  city: z.string().nullable(),
  postalCode: z.string().optional(),
  kladrId: z.string().optional(),
  /** [street with type, postal code, house numbers («1,2,10к1»)]. */
  streets: z.array(z.tuple([z.string(), z.string(), z.string()])),
});

export const addressesFileSchema = z.object({
  regions: z.array(regionSchema),
  places: z.array(placeSchema),
  cities: z.array(citySchema),
});
export type AddressesFile = z.infer<typeof addressesFileSchema>;
export type RegionRow = z.infer<typeof regionSchema>;
export type PlaceRow = z.infer<typeof placeSchema>;
export type CityRow = z.infer<typeof citySchema>;

export const companiesFileSchema = z.array(partyDataSchema);
export const emailDomainsFileSchema = z.array(z.string());
