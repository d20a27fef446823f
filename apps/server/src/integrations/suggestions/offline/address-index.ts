import { addressLevelRank, type AddressData, type AddressSuggestion } from '@zaymo/contract';
import type { AddressDetailLevel } from '@zaymo/contract';
import { tokenize } from '../text';
import type { AddressesFile, CityRow, PlaceRow, RegionRow } from '../data/types';

/** One searchable address: a region, a district, a town, a street or a house. */
export interface AddressEntry {
  readonly suggestion: AddressSuggestion;
  /** Words of `value` first, then the words of the full address that `value` leaves out. */
  readonly tokens: readonly string[];
  readonly shownTokens: number;
  /** Ranks of the levels the entry stands for (a federal city is a region and a city). */
  readonly minRank: number;
  readonly maxRank: number;
  /** Order in the bundled data: coarse before fine, houses by number. */
  readonly rank: number;
}

/** Abbreviated types of address parts as DaData writes them, before or after the name. */
const PART_TYPES = new Set([
  ...['г', 'п', 'гп', 'рп', 'с', 'д', 'р-н', 'обл', 'Респ'],
  ...['ул', 'пр-кт', 'ш', 'б-р', 'пер', 'пл', 'наб', 'проезд', 'туп'],
]);

function emptyData(level: AddressDetailLevel): AddressData {
  return {
    postal_code: null,
    country: 'Россия',
    region_with_type: null,
    region: null,
    area_with_type: null,
    city_with_type: null,
    city: null,
    city_district_with_type: null,
    settlement_with_type: null,
    street_with_type: null,
    street: null,
    house_type: null,
    house: null,
    block_type: null,
    block: null,
    flat_type: null,
    flat: null,
    fias_id: null,
    kladr_id: null,
    fias_level: level,
  };
}

/** «г Химки» → «Химки», «Ленинский пр-кт» → «Ленинский». */
export function withoutType(withType: string): string {
  const words = withType.split(' ');
  if (words.length < 2) return withType;
  if (PART_TYPES.has(words[0] ?? '')) return words.slice(1).join(' ');
  if (PART_TYPES.has(words[words.length - 1] ?? '')) return words.slice(0, -1).join(' ');
  return withType;
}

interface EntryInput {
  readonly data: AddressData;
  /** Parts shown in `value` (region dropped for a regional capital). */
  readonly shown: readonly string[];
  /** Parts of the full address, without the postal code. */
  readonly full: readonly string[];
  readonly levels: readonly AddressDetailLevel[];
}

class EntryList {
  readonly entries: AddressEntry[] = [];

  add(input: EntryInput): AddressEntry {
    const { data, shown, full, levels } = input;
    const unrestricted = [data.postal_code, ...full].filter((part) => part !== null).join(', ');
    const ranks = levels.map(addressLevelRank);
    const shownTokens = tokenize(shown.join(' '));
    const hidden = full.filter((part) => !shown.includes(part));
    const entry: AddressEntry = {
      suggestion: { value: shown.join(', '), unrestricted_value: unrestricted, data },
      tokens: [...shownTokens, ...tokenize(hidden.join(' '))],
      shownTokens: shownTokens.length,
      minRank: Math.min(...ranks),
      maxRank: Math.max(...ranks),
      rank: this.entries.length,
    };
    this.entries.push(entry);
    return entry;
  }
}

function addRegion(list: EntryList, region: RegionRow): void {
  const data: AddressData = {
    ...emptyData(1),
    postal_code: region.postalCode,
    region_with_type: region.withType,
    region: region.name,
    kladr_id: region.kladrId,
    ...(region.federalCity ? { city_with_type: region.withType, city: region.name } : {}),
  };
  const levels: AddressDetailLevel[] = region.federalCity ? [1, 4] : [1];
  list.add({ data, shown: [region.withType], full: [region.withType], levels });
}

function regionData(regions: readonly RegionRow[], withType: string): AddressData {
  const region = regions.find((item) => item.withType === withType);
  const base = emptyData(1);
  if (region === undefined) return { ...base, region_with_type: withType };
  const city = region.federalCity ? { city_with_type: withType, city: region.name } : {};
  return { ...base, region_with_type: withType, region: region.name, ...city };
}

function addPlace(list: EntryList, regions: readonly RegionRow[], place: PlaceRow): void {
  const parts = [place.region, place.area, place.city, place.settlement].filter(
    (part): part is string => part !== undefined,
  );
  const data: AddressData = {
    ...regionData(regions, place.region),
    postal_code: place.postalCode,
    area_with_type: place.area ?? null,
    city_with_type: place.city ?? regionData(regions, place.region).city_with_type,
    city: place.city ? withoutType(place.city) : regionData(regions, place.region).city,
    settlement_with_type: place.settlement ?? null,
    kladr_id: place.kladrId ?? null,
    fias_level: place.level,
  };
  list.add({ data, shown: parts, full: parts, levels: [place.level] });
}

function parseHouse(number: string): { house: string; block: string | null } {
  const match = /^(\d+[а-я]?)(?:к(\d+))?$/u.exec(number);
  return { house: match?.[1] ?? number, block: match?.[2] ?? null };
}

function addStreet(
  list: EntryList,
  city: CityData,
  street: readonly [string, string, string],
): void {
  const [withType, postal, houses] = street;
  const data: AddressData = {
    ...city.data,
    postal_code: postal,
    street_with_type: withType,
    street: withoutType(withType),
    kladr_id: null,
    fias_level: 7,
  };
  const shown = [...city.shown, withType];
  const full = [...city.full, withType];
  list.add({ data, shown, full, levels: [7] });
  for (const number of houses.split(',')) addHouse(list, { data, shown, full }, number);
}

function addHouse(list: EntryList, street: Omit<EntryInput, 'levels'>, number: string): void {
  const { house, block } = parseHouse(number);
  const label = block === null ? `д ${house}` : `д ${house} к ${block}`;
  const data: AddressData = {
    ...street.data,
    house_type: 'д',
    house,
    block_type: block === null ? null : 'к',
    block,
    fias_level: 8,
  };
  list.add({ data, shown: [...street.shown, label], full: [...street.full, label], levels: [8] });
}

interface CityData {
  readonly data: AddressData;
  readonly shown: readonly string[];
  readonly full: readonly string[];
}

function addCity(list: EntryList, regions: readonly RegionRow[], city: CityRow): void {
  const region = regionData(regions, city.region);
  let base: CityData = { data: region, shown: [city.region], full: [city.region] };
  if (city.city !== null) {
    const data: AddressData = {
      ...region,
      postal_code: city.postalCode ?? null,
      city_with_type: city.city,
      city: withoutType(city.city),
      kladr_id: city.kladrId ?? null,
      fias_level: 4,
    };
    base = { data, shown: [city.city], full: [city.region, city.city] };
    list.add({ ...base, levels: [4] });
  }
  for (const street of city.streets) addStreet(list, base, street);
}

/** Every address of the bundled file, coarse levels first. */
export function buildAddressIndex(file: AddressesFile): AddressEntry[] {
  const list = new EntryList();
  for (const region of file.regions) addRegion(list, region);
  for (const place of file.places) addPlace(list, file.regions, place);
  for (const city of file.cities) addCity(list, file.regions, city);
  return list.entries;
}
