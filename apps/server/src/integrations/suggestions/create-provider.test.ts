import { describe, expect, it } from 'vitest';
import {
  SUGGESTION_QUERY_MAX_LENGTH,
  addressSearchQuerySchema,
  fioSuggestionsQuerySchema,
  isAddressDetailedEnough,
  parseAddressLevel,
  partySuggestionsQuerySchema,
} from '@zaymo/contract';
import {
  createSuggestionsProvider,
  DaDataSuggestionsProvider,
  OfflineSuggestionsProvider,
} from './index';

describe('createSuggestionsProvider', () => {
  it('uses DaData when a token is configured', () => {
    const provider = createSuggestionsProvider({
      dadataToken: 'abc',
      dadataBaseUrl: 'http://localhost:1',
    });
    expect(provider).toBeInstanceOf(DaDataSuggestionsProvider);
    expect(provider.name).toBe('dadata');
  });

  it('uses the offline sandbox without a token', () => {
    expect(createSuggestionsProvider()).toBeInstanceOf(OfflineSuggestionsProvider);
    expect(createSuggestionsProvider({ dadataToken: '  ' }).name).toBe('offline');
  });

  it('calls the configured fetch with the configured base URL', async () => {
    const urls: string[] = [];
    const fakeFetch: typeof fetch = (input) => {
      urls.push(String(input));
      return Promise.resolve(Response.json({ suggestions: [] }));
    };
    const provider = createSuggestionsProvider({
      dadataToken: 't',
      dadataBaseUrl: 'http://dadata.local',
      fetch: fakeFetch,
    });
    await provider.email({ query: 'ivanov' });
    expect(urls).toEqual(['http://dadata.local/suggestions/api/4_1/rs/suggest/email']);
  });
});

describe('suggestion query schemas (contract)', () => {
  it('answers an absent query as empty and a too long one with a Russian 400 message', () => {
    expect(partySuggestionsQuerySchema.parse({})).toEqual({ query: '' });
    const tooLong = partySuggestionsQuerySchema.safeParse({
      query: 'я'.repeat(SUGGESTION_QUERY_MAX_LENGTH + 1),
    });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(
      'Слишком длинный запрос для подсказок: не больше 300 символов',
    );
  });

  it('reads parts and gender from a query string in any form', () => {
    expect(
      fioSuggestionsQuerySchema.parse({ query: 'Ива', parts: 'surname,NAME', gender: 'female' }),
    ).toEqual({
      query: 'Ива',
      parts: ['SURNAME', 'NAME'],
      gender: 'FEMALE',
    });
    expect(
      fioSuggestionsQuerySchema.parse({ query: 'Ива', parts: ['SURNAME', 'PATRONYMIC'] }).parts,
    ).toEqual(['SURNAME', 'PATRONYMIC']);
    const wrong = fioSuggestionsQuerySchema.safeParse({
      query: 'Ива',
      parts: 'FIRSTNAME',
      gender: 'M',
    });
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([
      'Часть ФИО: ожидается SURNAME, NAME или PATRONYMIC',
      'Пол: ожидается MALE, FEMALE или UNKNOWN',
    ]);
  });

  it('reads address bounds as names or numbers and checks their order', () => {
    expect(
      addressSearchQuerySchema.parse({ search: 'Тв', from_bound: 'street', to_bound: '75' }),
    ).toEqual({
      search: 'Тв',
      from_bound: 7,
      to_bound: 75,
    });
    expect(
      addressSearchQuerySchema.parse({
        search: 'Тв',
        from_bound: 'planning_structure',
        to_bound: 'House',
      }),
    ).toMatchObject({
      from_bound: 65,
      to_bound: 8,
    });
    expect(addressSearchQuerySchema.parse({ search: 'Тв', to_bound: '-1' }).to_bound).toBe(-1);
    expect(addressSearchQuerySchema.parse({ search: 'Тв', from_bound: '' })).toEqual({
      search: 'Тв',
    });
    const unknown = addressSearchQuerySchema.safeParse({ search: 'Тв', to_bound: '2' });
    expect(unknown.error?.issues[0]?.message).toMatch(
      /^Уровень адреса: ожидается одно из foreign, country/,
    );
    const reversed = addressSearchQuerySchema.safeParse({
      search: 'Тв',
      from_bound: 'house',
      to_bound: 'city',
    });
    expect(reversed.error?.issues[0]?.message).toBe(
      'Уровень from_bound должен быть не подробнее уровня to_bound',
    );
  });

  it('orders detail levels as DaData does and checks the default minimum of 65', () => {
    expect(parseAddressLevel('stead')).toBe(75);
    expect(parseAddressLevel(65)).toBe(65);
    expect(parseAddressLevel('2')).toBeUndefined();
    expect(isAddressDetailedEnough(7)).toBe(true);
    expect(isAddressDetailedEnough(65)).toBe(true);
    expect(isAddressDetailedEnough(6)).toBe(false);
    expect(isAddressDetailedEnough(-1)).toBe(false);
    expect(isAddressDetailedEnough(8, 9)).toBe(false);
  });
});
