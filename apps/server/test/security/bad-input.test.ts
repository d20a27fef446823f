import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember, staffHeaders } from '../api/crm-helpers';
import { signUpThroughApi, uniqueIp, type SignedUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { AttackTally } from './tally';

/**
 * Bad input gets a clear 4xx, never a 500 — NUL bytes and lone surrogates in text, broken
 * multipart bodies, huge URLs and path parameters, bodies nested thousands of levels deep,
 * hostile query and path values (numbers past a column's range, impossible dates, malformed
 * cursors) and random requests generated from /api/openapi.json for every operation, the
 * cabinet's with a client's session and the console's with an admin's (bounded: a few runs each,
 * so it takes a minute or two on PGlite).
 */
const tally = new AttackTally();
const UNSAFE = ['a\u0000b', '\uD800', 'x\uDFFFy', '\u0000'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  format?: string;
}

/** Numbers past what a column holds, impossible dates, broken cursors, lists for one value. */
const HOSTILE_QUERY_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483648',
  '1000000000000',
  '9007199254740993',
  '99999999999999999999',
  'NaN',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31',
  '275760-09-14',
  '2026-02-30',
  '1.9999999999999999.1',
  '0.0.0',
  '0.99999999999999999.99999999999999999',
  '',
  ...UNSAFE,
];
const HOSTILE_DATES = ['0000-01-01', '0001-01-01', '2026-02-30', '9999-12-31', '275760-09-14'];
/** The same in path segments (an empty segment is another route). */
const HOSTILE_PATH_VALUES = HOSTILE_QUERY_VALUES.filter((value) => value !== '');
/** Past a 32-bit column, past a safe integer, below zero. */
const OUT_OF_RANGE_NUMBERS = [2 ** 31, 1e12, 2 ** 53 + 2, -(2 ** 31) - 1, -1, 0, 1e308];
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const DEEP = 5000;

describe('bad input gets a 4xx, never a 5xx', () => {
  let testApp: TestApp;
  let client: SignedUp;
  let admin: Record<string, string>;
  let operations: [string, string, Operation][];
  beforeAll(async () => {
    testApp = await createTestApp();
    client = await signUpThroughApi(testApp);
    const member = await createStaffMember(testApp, 'admin');
    admin = await staffHeaders(testApp, member.row.id);
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        // Logging out would end the session every other request uses.
        .filter(([, operation]) => Boolean(operation))
        .filter(() => !LOGOUTS.has(path) && !path.startsWith('/api/test/'))
        .map(([method, operation]): [string, string, Operation] => [method, path, operation]),
    );
  });
  afterAll(async () => {
    tally.print();
    await testApp.close();
  });

  /** The console's calls go with an admin's session, every other with the client's. */
  function inject(method: string, url: string, extra: { payload?: unknown; headers?: object }) {
    const session = url.startsWith('/api/crm/') ? admin : client.headers;
    return testApp.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      remoteAddress: uniqueIp(),
      headers: { ...session, ...(extra.headers ?? {}) },
      ...(extra.payload === undefined ? {} : { payload: extra.payload as string }),
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
    expect(operations.some(([, path]) => path.startsWith('/api/crm/'))).toBe(true);
    for (const [method, path, operation] of operations) {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(path, operation), async (request) => {
          const response = await inject(method, request.url, {
            payload: request.body === undefined ? undefined : JSON.stringify(request.body),
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

  it('refuses a JSON body nested 5 000 deep on every operation that takes a body (400, Russian)', async () => {
    const deepObject = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
    const deepArray = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
    const withBody = operations.filter(([method]) => BODY_METHODS.has(method));
    expect(withBody.length).toBeGreaterThan(30);
    for (const [method, path] of withBody) {
      for (const [shape, payload] of [
        ['object', deepObject],
        ['array', deepArray],
      ] as const) {
        const response = await inject(method, sampleUrl(path), {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        const held =
          response.statusCode === 400 && response.json<{ code: string }>().code === 'JSON_TOO_DEEP';
        tally.record(
          'deeply nested bodies',
          `${method} ${path} ${shape}: ${response.statusCode}`,
          held,
        );
      }
    }
    expect(tally.through('deeply nested bodies')).toEqual([]);
  });

  it('refuses a gateway notification nested 5 000 deep (400), before any parser', async () => {
    const xml = `<operation>${'<a>'.repeat(DEEP)}1${'</a>'.repeat(DEEP)}</operation>`;
    const response = await inject('POST', '/api/pay/notify/best2pay', {
      payload: xml,
      headers: { 'content-type': 'application/xml' },
    });
    tally.record(
      'deeply nested bodies',
      `notification: ${response.statusCode}`,
      response.statusCode === 400,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/[а-яё]/i);
  });

  // About 2 500 requests, more than the project's minute allows on a busy 2-core machine.
  it('answers hostile query, path and number values with a 4xx on every operation', async () => {
    for (const [method, path, operation] of operations) {
      for (const request of hostileRequests(path, operation)) {
        const response = await inject(method, request.url, {
          payload: request.body === undefined ? undefined : JSON.stringify(request.body),
          headers: request.body === undefined ? {} : { 'content-type': 'application/json' },
        });
        const held = response.statusCode < 500;
        const what = `${method} ${request.url} ${JSON.stringify(request.body) ?? ''}`;
        tally.record('hostile query, path and number values', what, held);
      }
    }
    expect(tally.through('hostile query, path and number values')).toEqual([]);
  }, 240_000);
});

/**
 * A request the operation's schema accepts, then the same with one value made hostile at a time:
 * each query parameter, each path parameter, each number of the body. The rest stays plausible,
 * so the hostile value is what reaches the server's checks (and its database).
 */
function hostileRequests(path: string, operation: Operation): { url: string; body?: unknown }[] {
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const baseline = Object.fromEntries(query.map((p) => [p.name, plausibleValue(p.schema)]));
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? plausibleBody(bodySchema) : undefined;
  const withQuery = (url: string, values: Record<string, string | string[]>) =>
    query.length > 0 ? `${url}?${searchOf(values)}` : url;
  const sampleUrl = (url: string) => plausiblePath(url, operation);
  return [
    ...query.flatMap((param) =>
      [
        ...HOSTILE_QUERY_VALUES.map((value) => ({ ...baseline, [param.name]: value })),
        { ...baseline, [param.name]: [baseline[param.name] ?? '1', '2'] },
      ].map((values) => ({ url: withQuery(sampleUrl(path), values), body })),
    ),
    ...pathNames.flatMap((name) =>
      HOSTILE_PATH_VALUES.map((value) => ({
        url: withQuery(sampleUrl(path.replace(`{${name}}`, encodePart(value))), baseline),
        body,
      })),
    ),
    ...leafPaths(bodySchema, isNumber).flatMap((at) =>
      OUT_OF_RANGE_NUMBERS.map((value) => ({
        url: withQuery(sampleUrl(path), baseline),
        body: replacedAt(body, at, value),
      })),
    ),
    ...leafPaths(bodySchema, isDate).flatMap((at) =>
      HOSTILE_DATES.map((value) => ({
        url: withQuery(sampleUrl(path), baseline),
        body: replacedAt(body, at, value),
      })),
    ),
  ];
}

/** A value the schema accepts (the first of a choice, the least of a range). */
function plausibleBody(schema: JsonSchema): unknown {
  const chosen = schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
  if (chosen.enum?.length) return chosen.enum[0];
  const type = Array.isArray(chosen.type) ? chosen.type[0] : chosen.type;
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(chosen.properties ?? {}).map(([key, value]) => [key, plausibleBody(value)]),
    );
  }
  if (type === 'array') return chosen.items ? [plausibleBody(chosen.items)] : [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return plausibleValue(chosen);
}

type Leaf = (schema: JsonSchema, type: string | undefined) => boolean;
const isNumber: Leaf = (_, type) => type === 'integer' || type === 'number';
/** A date field: a date format, or a pattern of «YYYY-MM-DD». */
const isDate: Leaf = (schema, type) =>
  type === 'string' &&
  (schema.format === 'date' ||
    schema.format === 'date-time' ||
    (schema.pattern ?? '').includes('\\d{4}-\\d{2}-\\d{2}'));

/** The paths of the body's leaves of one kind (array items as index 0). */
function leafPaths(
  schema: JsonSchema | undefined,
  isLeaf: Leaf,
  at: (string | number)[] = [],
): (string | number)[][] {
  const chosen = schema?.anyOf?.find((option) => option.type !== 'null') ?? schema;
  if (!chosen) return [];
  const type = Array.isArray(chosen.type) ? chosen.type[0] : chosen.type;
  if (isLeaf(chosen, type)) return [at];
  if (type === 'object') {
    return Object.entries(chosen.properties ?? {}).flatMap(([key, value]) =>
      leafPaths(value, isLeaf, [...at, key]),
    );
  }
  if (type === 'array') return leafPaths(chosen.items, isLeaf, [...at, 0]);
  return [];
}

function replacedAt(value: unknown, at: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replacedAt(copy[head], rest, replacement);
  return copy;
}

const LOGOUTS = new Set(['/api/clients/logout', '/api/crm/auth/logout']);

/** The path with every parameter still open set to 1. */
function sampleUrl(path: string): string {
  return path.replace(/\{[^}]+\}/g, '1');
}

/** The path with every parameter still open set to what its schema accepts (1 for an id). */
function plausiblePath(path: string, operation: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    const value = plausibleValue(param?.schema);
    return encodePart(value === 'тест' ? '1' : value);
  });
}

/** A string matching a pattern; '1' for what fast-check cannot generate (lookaheads). */
function sampleMatching(pattern: string): string {
  try {
    const [value] = fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 7 });
    return value ?? '1';
  } catch {
    return '1';
  }
}

function searchOf(values: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  return search.toString();
}

/** A value the parameter's schema accepts, so a hostile neighbour is what the server judges. */
function plausibleValue(schema: JsonSchema | undefined): string {
  const chosen = schema?.anyOf?.[0] ?? schema;
  if (chosen?.enum?.length) return String(chosen.enum[0]);
  if (chosen?.format === 'date') return '2026-11-20';
  if (chosen?.pattern) return sampleMatching(chosen.pattern);
  const type = Array.isArray(chosen?.type) ? chosen.type[0] : chosen?.type;
  return type === 'string' ? 'тест' : '1';
}

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

const outOfRangeNumber = fc.constantFrom(...OUT_OF_RANGE_NUMBERS);

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
    return fc.oneof(fc.integer(), fc.double(), outOfRangeNumber, textArbitrary);
  }
  if (schema.format === 'date' || schema.format === 'date-time') {
    return fc.oneof(fc.constantFrom(...HOSTILE_QUERY_VALUES), textArbitrary);
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
          queryNames.map((name) => [
            name,
            fc.oneof(textArbitrary, fc.nat().map(String), fc.constantFrom(...HOSTILE_QUERY_VALUES)),
          ]),
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
