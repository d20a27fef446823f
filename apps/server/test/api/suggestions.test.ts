import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SUGGESTION_COUNT,
  addressSuggestionsResponseSchema,
  emailSuggestionsResponseSchema,
  fioSuggestionsResponseSchema,
  fmsUnitSuggestionsResponseSchema,
  partySuggestionsResponseSchema,
} from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectRefusal } from '../helpers/refusal';

const values = (list: readonly { value: string }[]) => list.map((item) => item.value);

describe('suggestions through the offline provider (no DADATA_TOKEN)', () => {
  let testApp: TestApp;
  let signedIn: ClientWithSession;
  beforeAll(async () => {
    testApp = await createTestApp();
    signedIn = await createClientWithSession(testApp);
  });
  afterAll(() => testApp.close());

  const get = (url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: signedIn.headers });

  it('answers only signed-in clients', async () => {
    for (const url of ['/api/clients/suggestions/fio?query=Ива', '/api/address-search?search=М']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });

  it('completes «Ива» with five names of both genders', async () => {
    const response = await get(`/api/clients/suggestions/fio?query=${encodeURIComponent('Ива')}`);
    expect(response.statusCode).toBe(200);
    const { suggestions } = fioSuggestionsResponseSchema.parse(response.json());
    expect(suggestions).toHaveLength(SUGGESTION_COUNT);
    expect(values(suggestions)).toEqual(['Иванов', 'Иванова', 'Иван', 'Иванович', 'Ивановна']);
  });

  it('narrows the fio by part and gender', async () => {
    const query = `query=${encodeURIComponent('Ива')}&parts=surname&gender=FEMALE`;
    const response = await get(`/api/clients/suggestions/fio?${query}`);
    const { suggestions } = fioSuggestionsResponseSchema.parse(response.json());
    expect(values(suggestions)).toEqual(['Иванова']);
    expect(suggestions[0]?.data).toMatchObject({ surname: 'Иванова', gender: 'FEMALE' });
  });

  it('gives five addresses of «г Москва, ул Тверская», down to houses', async () => {
    const search = encodeURIComponent('г Москва, ул Тверская');
    const response = await get(`/api/address-search?search=${search}`);
    expect(response.statusCode).toBe(200);
    const { suggestions } = addressSuggestionsResponseSchema.parse(response.json());
    expect(suggestions).toHaveLength(SUGGESTION_COUNT);
    expect(suggestions[0]?.data).toMatchObject({ street: 'Тверская', fias_level: 7 });
    expect(suggestions[1]?.data).toMatchObject({ house: '1', fias_level: 8 });
  });

  it('restricts addresses to the detail levels asked for', async () => {
    const search = encodeURIComponent('Моск');
    const response = await get(`/api/address-search?search=${search}&from_bound=city`);
    const { suggestions } = addressSuggestionsResponseSchema.parse(response.json());
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((item) => [1, 4].includes(item.data.fias_level))).toBe(true);
    const wrongOrder = await get(
      `/api/address-search?search=${search}&from_bound=house&to_bound=city`,
    );
    expect(wrongOrder.statusCode).toBe(400);
  });

  it('gives five passport offices for «772-0», each with its code', async () => {
    const response = await get('/api/clients/suggestions/fms_unit?query=772-0');
    expect(response.statusCode).toBe(200);
    const { suggestions } = fmsUnitSuggestionsResponseSchema.parse(response.json());
    expect(suggestions).toHaveLength(SUGGESTION_COUNT);
    expect(suggestions.map((item) => item.data.code)).toEqual([
      '772-001',
      '772-002',
      '772-003',
      '772-004',
      '772-005',
    ]);
    expect(suggestions[0]?.value).toContain('ОУФМС');
  });

  it('finds a company by name, with its ИНН', async () => {
    const response = await get(
      `/api/clients/suggestions/party?query=${encodeURIComponent('Сбер')}`,
    );
    const { suggestions } = partySuggestionsResponseSchema.parse(response.json());
    expect(suggestions[0]?.value).toBe('ПАО "СБЕРБАНК"');
    expect(suggestions[0]?.data.inn).toBe('7707083893');
  });

  it('completes e-mail domains', async () => {
    const response = await get('/api/clients/suggestions/email?query=ivanov@ma');
    const { suggestions } = emailSuggestionsResponseSchema.parse(response.json());
    expect(values(suggestions)).toContain('ivanov@mail.ru');
  });

  it('keeps the typed text out of the logs: it is personal data', async () => {
    const surname = 'Шевченко';
    const response = await get(`/api/clients/suggestions/fio?query=${encodeURIComponent(surname)}`);
    expect(response.statusCode).toBe(200);
    await testApp.logs.settled();
    const text = testApp.logs.text();
    expect(text).not.toContain(surname);
    expect(text).not.toContain(encodeURIComponent(surname));
  });

  it('answers an empty list to an empty query and 400 to one too long', async () => {
    const empty = await get('/api/clients/suggestions/party?query=');
    expect(empty.json()).toEqual({ suggestions: [] });
    const long = await get(`/api/clients/suggestions/party?query=${'а'.repeat(301)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/[а-я]/);
  });
});

interface Recorded {
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for DaData's «Подсказки» API. */
class DaDataStub {
  readonly recorded: Recorded[] = [];
  status = 200;
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        this.recorded.push({ url: request.url ?? '', headers: request.headers, body });
        response.writeHead(this.status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(this.status === 200 ? FIO_ANSWER : { message: 'oops' }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const FIO_ANSWER = {
  suggestions: [
    {
      value: 'Ивантеева',
      unrestricted_value: 'Ивантеева',
      data: { surname: 'Ивантеева', name: null, patronymic: null, gender: 'FEMALE', qc: '0' },
    },
  ],
};

describe('suggestions through DaData (DADATA_TOKEN set)', () => {
  const TOKEN = 'dadata-test-token-0123456789';
  const stub = new DaDataStub();
  let testApp: TestApp;
  let signedIn: ClientWithSession;
  beforeAll(async () => {
    const url = await stub.start();
    testApp = await createTestApp({ env: { DADATA_TOKEN: TOKEN, DADATA_URL: url } });
    signedIn = await createClientWithSession(testApp);
  });
  afterAll(async () => {
    await testApp.close();
    await stub.stop();
  });

  it('asks DaData with the token and passes its answer on', async () => {
    const query = `query=${encodeURIComponent('Ива')}&parts=SURNAME&gender=FEMALE`;
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/clients/suggestions/fio?${query}`,
      headers: signedIn.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(values(fioSuggestionsResponseSchema.parse(response.json()).suggestions)).toEqual([
      'Ивантеева',
    ]);
    const call = stub.recorded.at(-1);
    expect(call?.url).toBe('/suggestions/api/4_1/rs/suggest/fio');
    expect(call?.headers.authorization).toBe(`Token ${TOKEN}`);
    expect(call?.body).toEqual({
      query: 'Ива',
      count: SUGGESTION_COUNT,
      parts: ['SURNAME'],
      gender: 'FEMALE',
    });
  });

  it('answers 503 with a Russian message when DaData fails, never leaking the token', async () => {
    stub.status = 500;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/suggestions/fio?query=abc',
      headers: signedIn.headers,
    });
    stub.status = 200;
    expectRefusal(response, 'SUGGESTIONS_UNAVAILABLE');
    await testApp.logs.settled();
    expect(JSON.stringify(testApp.logs.entries())).not.toContain(TOKEN);
  });
});
