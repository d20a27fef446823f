import type { AddressDetailLevel, AddressSearchQuery } from '@zaymo/contract';
import { effectiveBounds } from '../bounds';

/** The values DaData accepts in `from_bound` / `to_bound`. */
export type DadataBound =
  'country' | 'region' | 'area' | 'city' | 'settlement' | 'street' | 'house' | 'flat';

/**
 * Our detail levels as DaData bounds (the table is documented in the contract): a city
 * district is part of the city, a planning structure is reported as a settlement, a stead sits
 * with the houses. -1 has no bound.
 */
const LEVEL_BOUNDS: ReadonlyMap<AddressDetailLevel, DadataBound> = new Map([
  [0, 'country'],
  [1, 'region'],
  [3, 'area'],
  [4, 'city'],
  [5, 'city'],
  [6, 'settlement'],
  [65, 'settlement'],
  [7, 'street'],
  [75, 'house'],
  [8, 'house'],
  [9, 'flat'],
]);

export type DadataBoundsBody = {
  from_bound?: { value: DadataBound };
  to_bound?: { value: DadataBound };
};

function boundOf(level: AddressDetailLevel | undefined): DadataBound | undefined {
  return level === undefined ? undefined : LEVEL_BOUNDS.get(level);
}

/** `from_bound`/`to_bound` for DaData; flat is only allowed as the upper bound there. */
export function dadataBounds(
  query: Pick<AddressSearchQuery, 'from_bound' | 'to_bound'>,
): DadataBoundsBody {
  const { from, to } = effectiveBounds(query);
  const fromBound = from === 9 ? 'house' : boundOf(from);
  const toBound = boundOf(to);
  return {
    ...(fromBound ? { from_bound: { value: fromBound } } : {}),
    ...(toBound ? { to_bound: { value: toBound } } : {}),
  };
}
