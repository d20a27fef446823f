import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, uniqueIp, type SignedUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { AttackTally } from './tally';

/**
 * Bad input gets a clear 4xx, never a 500 — NUL bytes and lone surrogates in
 * text, broken multipart bodies, huge URLs and path parameters, and random requests generated
 * from /api/openapi.json for every operation (bounded: a few runs each, so it takes about a
 * minute on PGlite).
 */
const tally = new AttackTally();
const UNSAFE = ['a\u0000b', '\uD800', 'x\uDFFFy', '\u0000'];

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
}

describe('bad input gets a 4xx, never a 5xx', () => {
  let testApp: TestApp;
  let client: SignedUp;
  let operations: [string, string, Operation][];
  beforeAll(async () => {
    testApp = await createTestApp();
    client = await signUpThroughApi(testApp);
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // Logging out would end the session every other request uses.
        .filter(([, operation]) => Boolean(operation))
        .filter(() => path !== '/api/clients/logout' && !path.startsWith('/api/test/'))
        .map(([method, operation]): [string, string, Operation] => [method, path, operation]),
    );
  });
  afterAll(async () => {
    tally.print();
    await testApp.close();
  });

  function inject(method: string, url: string, extra: { payload?: unknown; headers?: object }) {
    return testApp.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      remoteAddress: uniqueIp(),
      headers: { ...client.headers, ...(extra.headers ?? {}) },
      ...(extra.payload === undefined ? {} : { payload: extra.payload as object }),
    });
  }

  it('refuses NUL and lone surrogates in every free-text field with «Недопустимые символы»', async () => {
    const cases: [string, string, (text: string) => object][] = [
      ['PATCH', '/api/clients/update?step=1', (text) => personal({ birth_place: text })],
      [
        'POST',
        '/api/loanpay/lookup',
        (text) => ({ contract_number: text, birth_date: '1990-01-01' }),
      ],
      ['PATCH', '/api/clients/update?step=3', (text) => addresses(text)],
      ['PATCH', '/api/clients/update?step=4', (text) => work(text)],
    ];
    for (const [method, url, body] of cases) {
      for (const text of UNSAFE) {
        const response = await inject(method, url, { payload: body(text) });
        const answer = response.json<{ fields?: Record<string, string> }>();
        const held =
          response.statusCode === 400 &&
          Object.values(answer.fields ?? {}).includes('Недопустимые символы');
        tally.record('unsafe characters in text fields', `${url} ${JSON.stringify(text)}`, held);
      }
    }
    for (const text of UNSAFE) {
      const url = `/api/pay/payment/${encodePart(text)}`;
      const response = await inject('POST', url, {
        payload: { type: 'full', payment_system_id: 1 },
      });
      tally.record('unsafe characters in text fields', url, response.statusCode < 500);
    }
    expect(tally.through('unsafe characters in text fields')).toEqual([]);
  });

  it('answers 400 to multipart bodies with no parts, cut off or without a boundary', async () => {
    const boundary = '----zaymo';
    const bodies: [string, string, string][] = [
      ['no parts', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`],
      [
        'cut off',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nПривет`,
      ],
      ['no boundary', 'multipart/form-data', 'anything'],
      ['empty', `multipart/form-data; boundary=${boundary}`, ''],
    ];
    for (const url of [
      '/api/files/validate',
      '/api/tickets/auth_create',
      '/api/tickets/1/messages',
    ]) {
      for (const [name, contentType, payload] of bodies) {
        const response = await inject('POST', url, {
          payload,
          headers: { 'content-type': contentType },
        });
        const held = response.statusCode >= 400 && response.statusCode < 500;
        tally.record('broken multipart bodies', `${url} ${name}`, held);
        expect(response.statusCode, `${url} ${name}: ${response.body}`).toBeLessThan(500);
        expect(response.json<{ message: string }>().message).toMatch(/[а-яё]/i);
      }
    }
  });

  it('answers a long path parameter (414) and a huge URL (431) in Russian, echoing nothing', async () => {
    const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const marker = 'zaymoprobe';
    const long = await fetch(`${address}/api/pay/payment/${marker.repeat(20)}`, {
      method: 'POST',
    });
    const huge = await fetch(`${address}/api/clients?q=${marker.repeat(2000)}`);
    for (const [response, status] of [
      [long, 414],
      [huge, 431],
    ] as const) {
      const body = await response.text();
      const held = response.status === status && !body.includes(marker);
      tally.record('oversized URLs', `${status}`, held);
      expect(response.status).toBe(status);
      expect(JSON.parse(body)).toEqual({
        code: expect.any(String),
        message: expect.stringMatching(/[а-яё]/i),
      });
      expect(body).not.toContain(marker);
    }
  });

  it('answers every operation of /api/openapi.json with no 5xx on generated input', async () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const [method, path, operation] of operations) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, operation), async (request) => {
          const response = await inject(method, request.url, {
            payload: request.body,
            headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
          });
          const held = response.statusCode < 500;
          tally.record('generated requests (OpenAPI)', `${method} ${request.url}`, held);
          return held;
        }),
        { numRuns: 6, seed: 12 },
      );
    }
    expect(tally.through('generated requests (OpenAPI)')).toEqual([]);
  });
});

const textArbitrary = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    ...UNSAFE,
    '',
    ' ',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>',
    'й'.repeat(300),
  ),
);

function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.oneof(textArbitrary, fc.integer(), fc.boolean(), fc.constant(null));
  if (!schema || depth > 3) return anything;
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anything);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' && schema.properties) {
    const shape = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, valueFor(value, depth + 1)]),
    );
    return fc.oneof(fc.record(shape, { requiredKeys: [] }), anything);
  }
  if (type === 'array') return fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 });
  if (type === 'integer' || type === 'number') {
    return fc.oneof(fc.integer(), fc.double(), textArbitrary);
  }
  if (type === 'boolean') return fc.oneof(fc.boolean(), textArbitrary);
  return fc.oneof(textArbitrary, anything);
}

function requestArbitrary(path: string, operation: Operation) {
  const params = operation.parameters ?? [];
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const json = operation.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      pathValues: fc.tuple(...pathNames.map(() => fc.oneof(textArbitrary, fc.nat().map(String)))),
      query: fc.record(
        Object.fromEntries(
          queryNames.map((name) => [name, fc.oneof(textArbitrary, fc.nat().map(String))]),
        ),
        { requiredKeys: [] },
      ),
      body: json ? valueFor(json) : fc.constant(undefined),
    })
    .map(({ pathValues, query, body }) => {
      let url = path;
      pathNames.forEach((name, index) => {
        const value = String(pathValues[index] ?? '1') || '1';
        url = url.replace(`{${name}}`, encodePart(value));
      });
      const search = new URLSearchParams(query as Record<string, string>).toString();
      return { url: search ? `${url}?${search}` : url, body };
    });
}

function personal(change: object) {
  return {
    surname: 'Иванова',
    name: 'Анна',
    patronymic: null,
    no_patronymic: true,
    gender: 'FEMALE',
    birth_date: '1990-02-14',
    birth_place: 'г. Москва',
    ...change,
  };
}

function addresses(text: string) {
  const address = {
    value: text,
    postal_code: null,
    region: text,
    city: text,
    street: text,
    house: text,
    flat: text,
    fias_id: null,
  };
  return { registration: address, residence_same: true, residence: null };
}

function work(text: string) {
  return {
    employment_type: 'employed',
    employer_name: text,
    employer_inn: null,
    position: text,
    monthly_income: '45000',
    email: 'a@mail.ru',
  };
}

/** Like encodeURIComponent, but a lone surrogate goes out as the bytes it would be (%ED%A0%80). */
function encodePart(value: string): string {
  return [...value]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}
