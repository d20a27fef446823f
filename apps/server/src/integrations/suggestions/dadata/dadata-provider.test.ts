import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addressSuggestionsResponseSchema,
  fioSuggestionsResponseSchema,
  type AddressSearchQuery,
} from '@zaymo/contract';
import { SuggestionsUnavailableError } from '../provider';
import { DaDataSuggestionsProvider } from './dadata-provider';
import { dadataBounds } from './bounds';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

interface Reply {
  status?: number;
  delayMs?: number;
  body: unknown;
}

const TOKEN = 'test-token-0123456789';
const recorded: Recorded[] = [];
let reply: Reply = { body: { suggestions: [] } };
let server: Server;
let baseUrl: string;

function startStub(): Promise<void> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      recorded.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      });
      const send = () => {
        response.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
      };
      setTimeout(send, reply.delayMs ?? 0);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  await startStub();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded.length = 0;
  reply = { body: { suggestions: [] } };
});

function provider(timeoutMs = 2000): DaDataSuggestionsProvider {
  return new DaDataSuggestionsProvider({ token: TOKEN, baseUrl: `${baseUrl}/`, timeoutMs });
}

function lastRequest(): Recorded {
  const request = recorded[recorded.length - 1];
  if (!request) throw new Error('DaData was not called');
  return request;
}

const fioSuggestion = (surname: string) => ({
  value: surname,
  unrestricted_value: surname,
  data: { surname, name: null, patronymic: null, gender: 'MALE', source: null, qc: '0' },
});

describe('DaData adapter: requests', () => {
  it('POSTs fio to suggest/fio with the token, count 5, parts and gender', async () => {
    reply = {
      body: {
        suggestions: ['Иванов', 'Иваненко', 'Ивашов', 'Ивакин', 'Иваш', 'Ивлев'].map(fioSuggestion),
      },
    };
    const answer = await provider().fio({ query: 'Ива', parts: ['SURNAME'], gender: 'MALE' });
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/suggestions/api/4_1/rs/suggest/fio');
    expect(request.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
    expect(request.body).toEqual({ query: 'Ива', count: 5, parts: ['SURNAME'], gender: 'MALE' });
    expect(answer.suggestions).toHaveLength(5);
    expect(answer.suggestions[0]).toEqual({
      value: 'Иванов',
      unrestricted_value: 'Иванов',
      data: { surname: 'Иванов', name: null, patronymic: null, gender: 'MALE' },
    });
    expect(fioSuggestionsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('sends only the query and count when fio has no parts or gender', async () => {
    await provider().fio({ query: 'Иванов ' });
    expect(lastRequest().body).toEqual({ query: 'Иванов ', count: 5 });
  });

  it('POSTs party, fms_unit and email to their own paths', async () => {
    await provider().party({ query: 'сбер' });
    expect(lastRequest()).toMatchObject({
      url: '/suggestions/api/4_1/rs/suggest/party',
      body: { query: 'сбер', count: 5 },
    });
    await provider().fmsUnit({ query: '772-0' });
    expect(lastRequest()).toMatchObject({
      url: '/suggestions/api/4_1/rs/suggest/fms_unit',
      body: { query: '772-0', count: 5 },
    });
    await provider().email({ query: 'ivanov@ma' });
    expect(lastRequest()).toMatchObject({
      url: '/suggestions/api/4_1/rs/suggest/email',
      body: { query: 'ivanov@ma', count: 5 },
    });
  });

  it('sends address bounds by DaData name', async () => {
    await provider().address({ search: 'Москва', from_bound: 4, to_bound: 8 });
    expect(lastRequest()).toMatchObject({
      url: '/suggestions/api/4_1/rs/suggest/address',
      body: {
        query: 'Москва',
        count: 5,
        from_bound: { value: 'city' },
        to_bound: { value: 'house' },
      },
    });
    await provider().address({ search: 'Москва' });
    expect(lastRequest().body).toEqual({ query: 'Москва', count: 5 });
  });

  it('does not call DaData for a blank query', async () => {
    const answer = await provider().address({ search: '   ' });
    expect(answer).toEqual({ suggestions: [] });
    expect(await provider().email({ query: '' })).toEqual({ suggestions: [] });
    expect(recorded).toHaveLength(0);
  });
});

describe('DaData bounds mapping', () => {
  const cases: [Pick<AddressSearchQuery, 'from_bound' | 'to_bound'>, object][] = [
    [{}, {}],
    [{ to_bound: 4 }, { from_bound: { value: 'city' }, to_bound: { value: 'city' } }],
    [
      { from_bound: 7, to_bound: 7 },
      { from_bound: { value: 'street' }, to_bound: { value: 'street' } },
    ],
    [
      { from_bound: 1, to_bound: 3 },
      { from_bound: { value: 'region' }, to_bound: { value: 'area' } },
    ],
    [
      { from_bound: 5, to_bound: 65 },
      { from_bound: { value: 'city' }, to_bound: { value: 'settlement' } },
    ],
    [
      { from_bound: 6, to_bound: 75 },
      { from_bound: { value: 'settlement' }, to_bound: { value: 'house' } },
    ],
    [
      { from_bound: 7, to_bound: 9 },
      { from_bound: { value: 'street' }, to_bound: { value: 'flat' } },
    ],
    [{ from_bound: 9 }, { from_bound: { value: 'house' }, to_bound: { value: 'flat' } }],
    [
      { from_bound: 0, to_bound: 0 },
      { from_bound: { value: 'country' }, to_bound: { value: 'country' } },
    ],
    [{ from_bound: -1, to_bound: 4 }, { to_bound: { value: 'city' } }],
    [{ from_bound: -1 }, {}],
  ];
  it.each(cases)('%j → %j', (query, body) => {
    expect(dadataBounds(query)).toEqual(body);
  });
});

describe('DaData adapter: answers', () => {
  it('maps an address answer: fias_level as a number, missing fields as null', async () => {
    reply = {
      body: {
        suggestions: [
          {
            value: 'г Москва, ул Тверская, д 7',
            unrestricted_value: '125009, г Москва, Тверской р-н, ул Тверская, д 7',
            data: {
              postal_code: '125009',
              country: 'Россия',
              region_with_type: 'г Москва',
              city_with_type: 'г Москва',
              street_with_type: 'ул Тверская',
              house_type: 'д',
              house: '7',
              fias_level: '8',
              geo_lat: '55.76',
              metro: null,
            },
          },
          { value: 'Россия', unrestricted_value: null, data: { fias_level: '0' } },
        ],
      },
    };
    const answer = await provider().address({ search: 'Тверская 7' });
    expect(addressSuggestionsResponseSchema.safeParse(answer).success).toBe(true);
    const [house, country] = answer.suggestions;
    expect(house?.data).toMatchObject({
      house: '7',
      fias_level: 8,
      flat: null,
      area_with_type: null,
    });
    expect(house?.data).not.toHaveProperty('geo_lat');
    expect(country).toMatchObject({ unrestricted_value: 'Россия', data: { fias_level: 0 } });
  });

  it('maps party, fms_unit and email answers to the contract shapes', async () => {
    reply = {
      body: {
        suggestions: [
          {
            value: 'ПАО СБЕРБАНК',
            unrestricted_value: 'ПАО СБЕРБАНК',
            data: {
              inn: '7707083893',
              kpp: '773601001',
              ogrn: '1027700132195',
              type: 'LEGAL',
              name: {
                full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
                short_with_opf: 'ПАО СБЕРБАНК',
                latin: null,
              },
              address: { value: 'г Москва, ул Вавилова, д 19', data: {} },
              management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ', disqualified: null },
              state: { status: 'ACTIVE', actuality_date: 1 },
              okved: '64.19',
            },
          },
        ],
      },
    };
    const party = await provider().party({ query: 'сбер' });
    expect(party.suggestions[0]?.data).toEqual({
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      type: 'LEGAL',
      name: {
        full_with_opf: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
        short_with_opf: 'ПАО СБЕРБАНК',
      },
      address: { value: 'г Москва, ул Вавилова, д 19' },
      management: { name: 'Греф Герман Оскарович', post: 'ПРЕЗИДЕНТ' },
      state: { status: 'ACTIVE' },
    });

    reply = {
      body: {
        suggestions: [
          {
            value: 'ОВД',
            unrestricted_value: 'ОВД',
            data: { code: '772-001', name: 'ОВД', region_code: '77', type: 2 },
          },
        ],
      },
    };
    const fms = await provider().fmsUnit({ query: '772' });
    expect(fms.suggestions[0]?.data).toEqual({
      code: '772-001',
      name: 'ОВД',
      region_code: '77',
      type: '2',
    });

    reply = {
      body: {
        suggestions: [
          {
            value: 'ivanov@mail.ru',
            unrestricted_value: 'ivanov@mail.ru',
            data: { local: 'ivanov', domain: 'mail.ru', type: null },
          },
        ],
      },
    };
    const email = await provider().email({ query: 'ivanov@ma' });
    expect(email.suggestions).toEqual([
      {
        value: 'ivanov@mail.ru',
        unrestricted_value: 'ivanov@mail.ru',
        data: { local: 'ivanov', domain: 'mail.ru' },
      },
    ]);
  });
});

describe('DaData adapter: failures', () => {
  async function failure(call: () => Promise<unknown>): Promise<SuggestionsUnavailableError> {
    const error: unknown = await call().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SuggestionsUnavailableError);
    return error as SuggestionsUnavailableError;
  }

  it('turns an HTTP 500 into SuggestionsUnavailableError with a Russian message', async () => {
    reply = { status: 500, body: { message: 'Internal error' } };
    const error = await failure(() => provider().fio({ query: 'Ива' }));
    expect(error.message).toBe('Подсказки временно недоступны');
    expect(error.statusCode).toBe(503);
    expect(error.reason).toBe('DaData fio: HTTP 500');
    expect(error.reason).not.toContain(TOKEN);
  });

  it('turns a 403 (bad token) into SuggestionsUnavailableError', async () => {
    reply = { status: 403, body: { family: 'CLIENT_ERROR' } };
    const error = await failure(() => provider().party({ query: 'сбер' }));
    expect(error.reason).toBe('DaData party: HTTP 403');
  });

  it('gives up after the timeout', async () => {
    // The answer comes after 1 s: a provider that waited for it would get suggestions, not a
    // timeout. No clock check: a busy machine may run the abort late, but still before the answer.
    reply = { delayMs: 1000, body: { suggestions: [] } };
    const error = await failure(() => provider(100).address({ search: 'Москва' }));
    expect(error.reason).toBe('DaData address: timeout');
  });

  it('rejects an answer that is not DaData JSON', async () => {
    reply = { body: 'not json' };
    await failure(() => provider().email({ query: 'ivanov' }));
    reply = { body: { suggestions: [{ value: 'x', data: { surname: 5 } }] } };
    const error = await failure(() => provider().fio({ query: 'Ива' }));
    expect(error.reason).toBe('DaData fio: unexpected answer');
  });

  it('reports an unreachable server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = new DaDataSuggestionsProvider({
      token: TOKEN,
      baseUrl: `http://127.0.0.1:${port}`,
    });
    const error = await failure(() => unreachable.fmsUnit({ query: '772' }));
    expect(error.cause).toBeDefined();
  });
});
