/*
 * A region of Russia as the server keys it: a lower-case stem of the subject's name («тыва»,
 * «свердлов», «ямало-ненецк») looked for inside the registration address's region, whatever way
 * the address writes it («Респ Тыва», «Свердловская обл», «Ямало-Ненецкий АО»). The tables keyed so
 * (time zones, the regional average income) are data files; their row order matters where one stem
 * is inside another subject's name («ямало-ненецк» before «ненецк»).
 */

export interface RegionRow {
  /** Lower case, «е» for «ё». */
  readonly stem: string;
}

/** Lower case, «ё» as «е», trimmed: the form a stem is looked for in. */
export function normaliseRegion(text: string): string {
  return text.trim().toLowerCase().replaceAll('ё', 'е');
}

/** The first row whose stem the region's name contains; none for an empty or unknown region. */
export function findRegionRow<Row extends RegionRow>(
  rows: readonly Row[],
  region: string | null | undefined,
): Row | undefined {
  const name = normaliseRegion(region ?? '');
  if (name === '') return undefined;
  return rows.find((row) => name.includes(row.stem));
}
