import type { AddressDetailLevel, AddressSearchQuery } from '@zaymo/contract';

export interface EffectiveBounds {
  /** Coarsest level wanted; undefined = no lower bound. */
  readonly from?: AddressDetailLevel;
  /** Finest level wanted; undefined = no upper bound. */
  readonly to?: AddressDetailLevel;
}

function bound(level: AddressDetailLevel | undefined): AddressDetailLevel | undefined {
  return level === -1 ? undefined : level;
}

/**
 * The contract's rule for /api/address-search bounds, shared by both providers: no bound → all
 * levels; one bound alone → that level only; -1 on a side → no bound on that side.
 */
export function effectiveBounds(
  query: Pick<AddressSearchQuery, 'from_bound' | 'to_bound'>,
): EffectiveBounds {
  const from = query.from_bound ?? query.to_bound;
  const to = query.to_bound ?? query.from_bound;
  return { from: bound(from), to: bound(to) };
}
