import type { Address, AddressSuggestion } from '@zaymo/contract';

/** An address as the form holds it before it is valid: typed text, maybe no house yet. */
export type AddressDraft = {
  value: string;
  postal_code: string | null;
  region: string | null;
  city: string | null;
  street: string | null;
  house: string;
  flat: string | null;
  fias_id: string | null;
};

export function emptyAddress(value = ''): AddressDraft {
  return {
    value,
    postal_code: null,
    region: null,
    city: null,
    street: null,
    house: '',
    flat: null,
    fias_id: null,
  };
}

/** Chosen down to the house (or the flat): only then can the address be saved. */
export function hasHouse(suggestion: AddressSuggestion): boolean {
  return Boolean(suggestion.data.house);
}

const FLAT_SUFFIX = /,\s*(?:кв|квартира|кв\.)\s*[\dA-Za-zА-Яа-яЁё/-]+\s*$/u;

/** «г Москва, ул Тверская, д 7, кв 12» → «г Москва, ул Тверская, д 7»: the flat has its own field. */
export function withoutFlat(value: string): string {
  return value.replace(FLAT_SUFFIX, '');
}

/** The suggestion as the form keeps it; a chosen flat goes to the flat field. */
export function addressFromSuggestion({ value, data }: AddressSuggestion): AddressDraft {
  const block = data.block ? ` ${[data.block_type, data.block].filter(Boolean).join(' ')}` : '';
  return {
    value: data.flat ? withoutFlat(value) : value,
    postal_code: data.postal_code && /^\d{6}$/.test(data.postal_code) ? data.postal_code : null,
    region: data.region_with_type,
    city: data.city_with_type ?? data.settlement_with_type,
    street: data.street_with_type,
    house: data.house ? `${data.house}${block}` : '',
    flat: data.flat,
    fias_id: data.fias_id,
  };
}

/** The saved address back in the form: the line without the flat, the flat apart. */
export function addressToDraft(address: Address): AddressDraft {
  return { ...address, value: address.flat ? withoutFlat(address.value) : address.value };
}

/** What is sent: the full line with the flat («…, д 7, кв 12»), an empty flat as null. */
export function addressForRequest(address: Address): Address {
  const flat = address.flat?.trim() || null;
  const value = flat ? `${withoutFlat(address.value)}, кв ${flat}` : address.value;
  return { ...address, value, flat };
}
