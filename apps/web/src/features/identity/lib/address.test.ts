import { describe, expect, it } from 'vitest';
import { addressesStepSchema, type AddressSuggestion } from '@zaymo/contract';
import {
  addressForRequest,
  addressFromSuggestion,
  addressToDraft,
  emptyAddress,
  hasHouse,
  withoutFlat,
} from './address';

function suggestion(
  value: string,
  data: Partial<AddressSuggestion['data']> = {},
): AddressSuggestion {
  return {
    value,
    unrestricted_value: `101000, ${value}`,
    data: {
      postal_code: '125009',
      country: 'Россия',
      region_with_type: 'г Москва',
      region: 'Москва',
      area_with_type: null,
      city_with_type: 'г Москва',
      city: 'Москва',
      city_district_with_type: null,
      settlement_with_type: null,
      street_with_type: 'ул Тверская',
      street: 'Тверская',
      house_type: null,
      house: null,
      block_type: null,
      block: null,
      flat_type: null,
      flat: null,
      fias_id: 'f1',
      kladr_id: null,
      fias_level: 7,
      ...data,
    },
  };
}

describe('addresses', () => {
  it('needs a house', () => {
    expect(hasHouse(suggestion('г Москва, ул Тверская'))).toBe(false);
    expect(hasHouse(suggestion('г Москва, ул Тверская, д 7', { house: '7', fias_level: 8 }))).toBe(
      true,
    );
  });

  it('a street alone does not pass the contract: «Выберите адрес с номером дома»', () => {
    const step = {
      registration: addressFromSuggestion(suggestion('г Москва, ул Тверская')),
      residence_same: true,
      residence: null,
    };
    const result = addressesStepSchema.safeParse(step);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Выберите адрес с номером дома',
    ]);
  });

  it('keeps house and block, and moves a chosen flat into its own field', () => {
    const chosen = addressFromSuggestion(
      suggestion('г Москва, ул Тверская, д 7 к 2, кв 12', {
        house: '7',
        block_type: 'к',
        block: '2',
        flat_type: 'кв',
        flat: '12',
        fias_level: 9,
      }),
    );
    expect(chosen).toMatchObject({
      value: 'г Москва, ул Тверская, д 7 к 2',
      house: '7 к 2',
      flat: '12',
      city: 'г Москва',
      street: 'ул Тверская',
      postal_code: '125009',
    });
  });

  it('sends the whole line with the flat and gets it back apart', () => {
    const typed = { ...emptyAddress('г Москва, ул Тверская, д 7'), house: '7', flat: ' 12 ' };
    const sent = addressForRequest(typed);
    expect(sent.value).toBe('г Москва, ул Тверская, д 7, кв 12');
    expect(sent.flat).toBe('12');
    expect(addressToDraft(sent).value).toBe('г Москва, ул Тверская, д 7');
    expect(addressForRequest(addressToDraft(sent)).value).toBe(sent.value);
  });

  it('sends an empty flat as null', () => {
    const sent = addressForRequest({ ...emptyAddress('г Москва, ул Тверская, д 7'), flat: '' });
    expect(sent.flat).toBeNull();
    expect(sent.value).toBe('г Москва, ул Тверская, д 7');
  });

  it('strips only a trailing flat', () => {
    expect(withoutFlat('г Москва, ул Тверская, д 7, кв 12')).toBe('г Москва, ул Тверская, д 7');
    expect(withoutFlat('г Москва, ул Тверская, д 7')).toBe('г Москва, ул Тверская, д 7');
  });
});
