import {
  ADDRESS_DETAIL_LEVELS,
  SUGGESTION_COUNT,
  addressLevelRank,
  type AddressSearchQuery,
  type AddressSuggestion,
} from '@zaymo/contract';
import { compareMatches, matchTokens, tokenize, type TokenMatch } from '../text';
import { meaningfulQuery } from '../provider';
import { effectiveBounds } from '../bounds';
import { buildAddressIndex, type AddressEntry } from './address-index';
import { addressesFile } from './data';

/** Everyday names of the bundled cities. */
const CITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  спб: ['санкт', 'петербург'],
  питер: ['санкт', 'петербург'],
  мск: ['москва'],
  екб: ['екатеринбург'],
  нск: ['новосибирск'],
};

export function addressTokens(text: string): string[] {
  return tokenize(text).flatMap((token) => CITY_ALIASES[token] ?? [token]);
}

const FLAT_RANK = addressLevelRank(9);
const HOUSE_RANK = addressLevelRank(8);

let indexCache: AddressEntry[] | undefined;
function addressIndex(): AddressEntry[] {
  return (indexCache ??= buildAddressIndex(addressesFile()));
}

export interface RankBounds {
  readonly from: number;
  readonly to: number;
}

/** The contract's bounds (see effectiveBounds) as ranks of ADDRESS_DETAIL_LEVELS. */
export function rankBounds(query: Pick<AddressSearchQuery, 'from_bound' | 'to_bound'>): RankBounds {
  const { from, to } = effectiveBounds(query);
  return {
    from: from === undefined ? addressLevelRank(0) : addressLevelRank(from),
    to: to === undefined ? ADDRESS_DETAIL_LEVELS.length - 1 : addressLevelRank(to),
  };
}

interface Found extends TokenMatch {
  readonly rank: number;
  readonly entry: AddressEntry;
}

function search(tokens: readonly string[], bounds: RankBounds): Found[] {
  const found: Found[] = [];
  for (const entry of addressIndex()) {
    if (entry.maxRank < bounds.from || entry.minRank > bounds.to) continue;
    const match = matchTokens(tokens, entry.tokens, entry.shownTokens);
    if (match !== null) found.push({ ...match, rank: entry.rank, entry });
  }
  return found.sort(compareMatches);
}

const FLAT_PATTERN = /(?:^|[\s,])(?:кв|квартира)\.?\s*(\d{1,4}[а-яё]?)\s*$/iu;

/** «…, д 7, кв 15» → the address before the flat and «15». */
export function splitFlat(text: string): { rest: string; flat: string } | null {
  const match = FLAT_PATTERN.exec(text);
  if (match?.[1] === undefined) return null;
  return { rest: text.slice(0, match.index), flat: match[1].toLowerCase() };
}

function withFlat(house: AddressSuggestion, flat: string): AddressSuggestion {
  const suffix = `, кв ${flat}`;
  return {
    value: `${house.value}${suffix}`,
    unrestricted_value: `${house.unrestricted_value}${suffix}`,
    data: { ...house.data, flat_type: 'кв', flat, fias_level: 9 },
  };
}

/** Flats of the houses that match the rest of the query best. */
function suggestFlats(text: string, bounds: RankBounds): AddressSuggestion[] | null {
  const split = splitFlat(text);
  if (split === null || bounds.to < FLAT_RANK) return null;
  const houses = search(addressTokens(split.rest), { from: HOUSE_RANK, to: HOUSE_RANK });
  const best = houses[0];
  if (best === undefined) return null;
  return houses
    .filter((house) => house.exact === best.exact && house.extra === best.extra)
    .slice(0, SUGGESTION_COUNT)
    .map((house) => withFlat(house.entry.suggestion, split.flat));
}

export function suggestAddress(query: AddressSearchQuery): AddressSuggestion[] {
  const text = meaningfulQuery(query.search);
  if (text === null) return [];
  const bounds = rankBounds(query);
  if (bounds.from > bounds.to) return [];
  const flats = suggestFlats(text, bounds);
  if (flats !== null) return flats;
  return search(addressTokens(text), bounds)
    .slice(0, SUGGESTION_COUNT)
    .map((found) => found.entry.suggestion);
}
