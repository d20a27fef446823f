import { describe, expect, it } from 'vitest';
import {
  SUGGESTION_COUNT,
  addressSuggestionsResponseSchema,
  emailSuggestionsResponseSchema,
  fioSuggestionsResponseSchema,
  fmsUnitSuggestionsResponseSchema,
  partySuggestionsResponseSchema,
  type AddressSearchQuery,
  type FioSuggestionsQuery,
} from '@zaymo/contract';
import { isValidInn10 } from '../inn';
import { OfflineSuggestionsProvider } from './offline-provider';

const provider = new OfflineSuggestionsProvider();

async function fio(query: FioSuggestionsQuery) {
  return fioSuggestionsResponseSchema.parse(await provider.fio(query)).suggestions;
}
async function address(query: AddressSearchQuery) {
  return addressSuggestionsResponseSchema.parse(await provider.address(query)).suggestions;
}
async function party(query: string) {
  return partySuggestionsResponseSchema.parse(await provider.party({ query })).suggestions;
}
async function fmsUnit(query: string) {
  return fmsUnitSuggestionsResponseSchema.parse(await provider.fmsUnit({ query })).suggestions;
}
async function email(query: string) {
  return emailSuggestionsResponseSchema.parse(await provider.email({ query })).suggestions;
}
const values = (list: readonly { value: string }[]) => list.map((item) => item.value);

describe('offline fio suggestions', () => {
  it('completes «Ива» with surnames, names and patronymics, five of them', async () => {
    const list = await fio({ query: 'Ива' });
    expect(values(list)).toEqual(['Иванов', 'Иванова', 'Иван', 'Иванович', 'Ивановна']);
    expect(list[0]?.data).toEqual({
      surname: 'Иванов',
      name: null,
      patronymic: null,
      gender: 'MALE',
    });
    expect(list[1]?.data).toMatchObject({ surname: 'Иванова', gender: 'FEMALE' });
    expect(list[2]?.data).toMatchObject({ surname: null, name: 'Иван', gender: 'MALE' });
    expect(list[4]?.data).toMatchObject({ patronymic: 'Ивановна', gender: 'FEMALE' });
  });

  it('gives exactly five when more match, ranked by how common they are', async () => {
    const list = await fio({ query: 'а', parts: ['NAME'] });
    expect(list).toHaveLength(SUGGESTION_COUNT);
    expect(values(list).slice(0, 2)).toEqual(['Александр', 'Андрей']);
  });

  it('narrows to the requested part', async () => {
    expect(values(await fio({ query: 'Ива', parts: ['NAME'] }))).toEqual(['Иван']);
    expect(values(await fio({ query: 'Ива', parts: ['SURNAME'] }))).toEqual(['Иванов', 'Иванова']);
    const patronymics = await fio({ query: 'Сер', parts: ['PATRONYMIC'] });
    expect(values(patronymics)).toEqual(['Сергеевич', 'Сергеевна']);
  });

  it('filters by gender, keeping surnames of both genders in the asked gender', async () => {
    expect(values(await fio({ query: 'Ива', gender: 'FEMALE' }))).toEqual(['Иванова', 'Ивановна']);
    const male = await fio({ query: 'Ива', gender: 'MALE' });
    expect(male.every((item) => item.data.gender === 'MALE')).toBe(true);
    const both = await fio({ query: 'Шевч', gender: 'FEMALE', parts: ['SURNAME'] });
    expect(both[0]?.data).toMatchObject({ surname: 'Шевченко', gender: 'FEMALE' });
    const unisex = await fio({ query: 'Шевч', parts: ['SURNAME'] });
    expect(unisex[0]?.data).toMatchObject({ surname: 'Шевченко', gender: 'UNKNOWN' });
    expect(values(await fio({ query: 'Ива', gender: 'UNKNOWN' }))).toHaveLength(5);
  });

  it('ignores ё/е and letter case', async () => {
    expect(values(await fio({ query: 'КОРОЛЕВ' }))).toEqual(['Королёв', 'Королёва']);
    expect(values(await fio({ query: 'пётр', parts: ['NAME'] }))).toEqual(['Пётр']);
    expect(values(await fio({ query: 'семен', parts: ['NAME'] }))).toEqual(['Семён']);
  });

  it('completes the next part of a full name, in the gender of the words before', async () => {
    const names = await fio({ query: 'Иванова Ал' });
    expect(names).toHaveLength(5);
    expect(names.every((item) => item.data.gender === 'FEMALE')).toBe(true);
    expect(names[0]?.data).toMatchObject({ surname: 'Иванова', name: 'Алина', patronymic: null });
    const full = await fio({ query: 'иванов иван ив' });
    expect(full[0]).toMatchObject({
      value: 'Иванов Иван Иванович',
      data: { surname: 'Иванов', name: 'Иван', patronymic: 'Иванович', gender: 'MALE' },
    });
  });

  it('suggests names after a surname and a space, and patronymics after a name', async () => {
    expect(values(await fio({ query: 'Петрова ' }))[0]).toBe('Петрова Елена');
    expect(values(await fio({ query: 'Анна Серг' }))).toEqual(['Анна Сергеевна']);
  });

  it('keeps an unknown surname and guesses its gender from the ending', async () => {
    const list = await fio({ query: 'зюзюкина ан' });
    expect(list[0]).toMatchObject({ value: 'Зюзюкина Анна', data: { gender: 'FEMALE' } });
  });

  it('answers nothing for a blank query or too many words', async () => {
    expect(await fio({ query: '' })).toEqual([]);
    expect(await fio({ query: '   ' })).toEqual([]);
    expect(await fio({ query: 'а б в г' })).toEqual([]);
    expect(await fio({ query: 'Qwerty' })).toEqual([]);
  });
});

describe('offline address suggestions', () => {
  it('finds the street and its houses for «г Москва, ул Тверская»', async () => {
    const list = await address({ search: 'г Москва, ул Тверская' });
    expect(values(list)).toEqual([
      'г Москва, ул Тверская',
      'г Москва, ул Тверская, д 1',
      'г Москва, ул Тверская, д 2',
      'г Москва, ул Тверская, д 3',
      'г Москва, ул Тверская, д 4',
    ]);
    expect(list[0]?.data).toMatchObject({
      region_with_type: 'г Москва',
      city_with_type: 'г Москва',
      street_with_type: 'ул Тверская',
      street: 'Тверская',
      postal_code: '125009',
      house: null,
      fias_level: 7,
    });
    expect(list[1]?.data).toMatchObject({ house_type: 'д', house: '1', fias_level: 8 });
    expect(list[1]?.unrestricted_value).toBe('125009, г Москва, ул Тверская, д 1');
  });

  it('finds addresses of all five cities, region shown only in the full value', async () => {
    for (const [search, value] of [
      ['спб невский 28', 'г Санкт-Петербург, Невский пр-кт, д 28'],
      ['новосибирск красный пр-кт 1', 'г Новосибирск, Красный пр-кт, д 1'],
      ['екатеринбург малышева 5', 'г Екатеринбург, ул Малышева, д 5'],
      ['казань баумана 3', 'г Казань, ул Баумана, д 3'],
    ] as const) {
      const first = (await address({ search }))[0];
      expect(first?.value, search).toBe(value);
    }
    const kazan = (await address({ search: 'казань баумана 3' }))[0];
    expect(kazan?.unrestricted_value).toBe('420111, Респ Татарстан, г Казань, ул Баумана, д 3');
    expect(kazan?.data).toMatchObject({ region_with_type: 'Респ Татарстан', city: 'Казань' });
  });

  it('reads houses with корпус', async () => {
    const [first] = await address({ search: 'г Новосибирск, ул Ленина, д 10 к 1' });
    expect(first).toMatchObject({
      value: 'г Новосибирск, ул Ленина, д 10 к 1',
      data: { house: '10', block_type: 'к', block: '1', fias_level: 8 },
    });
  });

  it('returns only cities for to_bound city and only streets for street…street', async () => {
    const cities = await address({ search: 'Нов', to_bound: 4 });
    expect(values(cities)).toEqual(['г Новосибирск', 'Новосибирская обл, г Бердск']);
    expect(cities.every((item) => item.data.fias_level === 4)).toBe(true);
    const streets = await address({ search: 'тверская', from_bound: 7, to_bound: 7 });
    expect(streets).toHaveLength(5);
    expect(streets.every((item) => item.data.fias_level === 7)).toBe(true);
    expect(values(streets).slice(0, 2)).toEqual([
      'г Москва, ул Тверская',
      'г Санкт-Петербург, ул Тверская',
    ]);
  });

  it('treats a federal city as a region and as a city', async () => {
    expect(values(await address({ search: 'моск', from_bound: 1, to_bound: 1 }))).toEqual([
      'г Москва',
      'Московская обл',
    ]);
    const cities = await address({ search: 'москва', from_bound: 4, to_bound: 4 });
    expect(values(cities)[0]).toBe('г Москва');
  });

  it('keeps the range between two bounds and opens a side with -1', async () => {
    const upToCity = await address({ search: 'Новосиб', from_bound: -1, to_bound: 4 });
    expect(values(upToCity)).toEqual([
      'Новосибирская обл',
      'г Новосибирск',
      'Новосибирская обл, г Бердск',
      'Новосибирская обл, Новосибирский р-н',
    ]);
    const settlements = await address({ search: 'новосибирский', from_bound: 3, to_bound: 6 });
    expect(settlements.map((item) => item.data.fias_level)).toEqual([3, 6, 6]);
    expect(await address({ search: 'тверская', from_bound: 8, to_bound: 4 })).toEqual([]);
  });

  it('goes down to houses by default and to houses only with bound house', async () => {
    const list = await address({ search: 'г Москва, ул Тверская', from_bound: 8, to_bound: 8 });
    expect(list).toHaveLength(5);
    expect(list.every((item) => item.data.fias_level === 8)).toBe(true);
  });

  it('returns the flat of a known house at level 9', async () => {
    const list = await address({ search: 'г Москва, ул Тверская, д 7, кв 15' });
    expect(list).toEqual([
      expect.objectContaining({
        value: 'г Москва, ул Тверская, д 7, кв 15',
        unrestricted_value: '125009, г Москва, ул Тверская, д 7, кв 15',
        data: expect.objectContaining({ house: '7', flat_type: 'кв', flat: '15', fias_level: 9 }),
      }),
    ]);
    expect(
      await address({ search: 'г Москва, ул Тверская, д 7, кв 15', to_bound: 8 }),
    ).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ fias_level: 9 }) }),
    );
    expect(await address({ search: 'г Москва, ул Несуществующая, д 7, кв 15' })).toEqual([]);
  });

  it('ignores ё/е and case and answers nothing for a blank query', async () => {
    const [first] = await address({ search: 'КАЗАНЬ КРЕМЛЕВСКАЯ' });
    expect(first?.value).toBe('г Казань, ул Кремлёвская');
    expect(await address({ search: '  ' })).toEqual([]);
  });

  it('does not let a caller change the bundled data', async () => {
    const [first] = await address({ search: 'г Москва, ул Тверская' });
    if (first) first.value = 'испорчено';
    expect((await address({ search: 'г Москва, ул Тверская' }))[0]?.value).toBe(
      'г Москва, ул Тверская',
    );
  });
});

describe('offline party suggestions', () => {
  it('finds a company by name', async () => {
    const list = await party('сбер');
    expect(values(list)[0]).toBe('ПАО "СБЕРБАНК"');
    expect(list[0]?.data).toMatchObject({
      inn: '7707083893',
      kpp: '770701001',
      ogrn: '1027700132195',
      type: 'LEGAL',
      name: { full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"' },
      address: { value: 'г Москва, ул Вавилова, д 19' },
      state: { status: 'ACTIVE' },
    });
    expect(values(await party('Яндекс'))[0]).toBe('ООО "ЯНДЕКС"');
  });

  it('finds companies by a prefix of the ИНН or by ОГРН, five at most', async () => {
    const list = await party('7707');
    expect(list).toHaveLength(5);
    expect(list.every((item) => item.data.inn.startsWith('7707'))).toBe(true);
    expect(values(await party('77070838'))).toEqual(['ПАО "СБЕРБАНК"']);
    expect(values(await party('1027700070518'))).toEqual(['ПАО "ГАЗПРОМ"']);
    expect(values(await party('7736050003 газ'))).toEqual(['ПАО "ГАЗПРОМ"']);
  });

  it('lists active companies before liquidated ones', async () => {
    const list = await party('почта россии');
    expect(list.map((item) => item.data.state?.status)).toEqual(['ACTIVE', 'LIQUIDATED']);
  });

  it('returns companies whose ИНН passes the checksum', async () => {
    for (const item of await party('ооо')) expect(isValidInn10(item.data.inn)).toBe(true);
  });
});

describe('offline FMS division suggestions', () => {
  it('completes a division code «772-0»', async () => {
    const list = await fmsUnit('772-0');
    expect(list.map((item) => item.data.code)).toEqual([
      '772-001',
      '772-002',
      '772-003',
      '772-004',
      '772-005',
    ]);
    expect(list[0]).toEqual({
      value: 'ОТДЕЛЕНИЕМ ПО РАЙОНУ АРБАТ ОУФМС РОССИИ ПО ГОР. МОСКВЕ В ЦАО',
      unrestricted_value: 'ОТДЕЛЕНИЕМ ПО РАЙОНУ АРБАТ ОУФМС РОССИИ ПО ГОР. МОСКВЕ В ЦАО',
      data: {
        code: '772-001',
        name: 'ОТДЕЛЕНИЕМ ПО РАЙОНУ АРБАТ ОУФМС РОССИИ ПО ГОР. МОСКВЕ В ЦАО',
        region_code: '77',
        type: '0',
      },
    });
  });

  it('accepts the code without the dash and finds other regions', async () => {
    expect((await fmsUnit('780001'))[0]?.data.code).toBe('780-001');
    expect((await fmsUnit('540-00'))[0]?.data.region_code).toBe('54');
    expect((await fmsUnit('660-001'))[0]?.value).toContain('ЕКАТЕРИНБУРГА');
    expect((await fmsUnit('160-002'))[0]?.value).toContain('ВАХИТОВСКОМ');
    expect(await fmsUnit('999-9')).toEqual([]);
  });

  it('finds divisions by words of the name, ё/е-insensitive', async () => {
    const list = await fmsUnit('савёловский');
    expect(list.map((item) => item.data.code).sort()).toEqual(['770-019', '772-019']);
    expect(values(await fmsUnit('калининском санкт')).length).toBeGreaterThan(0);
  });
});

describe('offline e-mail suggestions', () => {
  it('completes the domain of «ivanov@ma»', async () => {
    const list = await email('ivanov@ma');
    expect(values(list)).toEqual(['ivanov@mail.ru', 'ivanov@mail.com']);
    expect(list[0]?.data).toEqual({ local: 'ivanov', domain: 'mail.ru' });
  });

  it('offers the popular domains for a local part and narrows by the typed domain', async () => {
    expect(values(await email('ivanov'))).toEqual([
      'ivanov@mail.ru',
      'ivanov@yandex.ru',
      'ivanov@gmail.com',
      'ivanov@bk.ru',
      'ivanov@inbox.ru',
    ]);
    expect(values(await email('petrova@ya'))).toEqual([
      'petrova@yandex.ru',
      'petrova@ya.ru',
      'petrova@yahoo.com',
      'petrova@yandex.com',
    ]);
  });

  it('keeps an unknown but valid domain and refuses invalid addresses', async () => {
    expect(values(await email('ivanov@firma.ru'))).toEqual(['ivanov@firma.ru']);
    expect(await email('иванов@mail')).toEqual([]);
    expect(await email('a@b@c')).toEqual([]);
    expect(await email('@mail')).toEqual([]);
  });
});
