import { findRegionRow } from '@zaymo/contract';
import { z } from 'zod';
import tableJson from './region-time-zones.json' with { type: 'json' };

/*
 * The debtor's local time zone, from the region of the registration address (230-FZ art. 7 counts
 * hours «по местному времени по месту жительства или пребывания должника»). The table is data:
 * region-time-zones.json, with its source.
 */

const tableSchema = z.object({
  about: z.string(),
  regions: z.array(z.tuple([z.string().min(1), z.string().min(1)])),
});

const TABLE = tableSchema.parse(tableJson);

const ZONE_ROWS = TABLE.regions.map(([stem, zone]) => ({ stem, zone }));

const MOSCOW = 'Europe/Moscow';

/** Every zone of Russia's regions: a moment allowed in all of them is allowed anywhere. */
export const ALL_RUSSIAN_ZONES: readonly string[] = [
  ...new Set([...TABLE.regions.map(([, zone]) => zone), MOSCOW]),
];

/** The zones to check a contact in: the region's one, or all of Russia's when it is unknown. */
export function timeZonesOfRegion(region: string | null | undefined): readonly string[] {
  if (!region?.trim()) return ALL_RUSSIAN_ZONES;
  return [findRegionRow(ZONE_ROWS, region)?.zone ?? MOSCOW];
}
