import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { uniqueIp } from './accounts';

/**
 * Table-driven abuse of an endpoint: wrong types, missing fields, null, arrays, huge strings,
 * nested objects, unicode junk, SQL-looking strings, server-owned extra fields, broken JSON.
 * Every answer must be a 4xx with a Russian message — never a 5xx, never a success.
 */
export interface MalformedCase {
  name: string;
  /** A JSON value to send, or raw text with its content type. */
  body?: unknown;
  raw?: { text: string; contentType: string };
  /** Replaces the endpoint's query string. */
  query?: string;
}

const SQL = "' OR 1=1; DROP TABLE clients; --";
const HUGE = 'я'.repeat(200_000);

function deeplyNested(depth: number): unknown {
  let value: unknown = { phone: '+79991234567' };
  for (let level = 0; level < depth; level += 1) value = { nested: value };
  return value;
}

export const MALFORMED_BODIES: readonly MalformedCase[] = [
  { name: 'empty object', body: {} },
  { name: 'null', body: null },
  { name: 'empty array', body: [] },
  { name: 'array of a valid-looking object', body: [{ phone: '+79991234567', code: '123456' }] },
  { name: 'a bare string', body: 'phone=+79991234567' },
  { name: 'a bare number', body: 79991234567 },
  { name: 'a boolean', body: true },
  {
    name: 'every field null',
    body: {
      phone: null,
      code: null,
      password: null,
      token: null,
      purpose: null,
      email: null,
      consents: null,
    },
  },
  { name: 'phone as a number', body: { phone: 79991234567, code: 123456, purpose: 1 } },
  { name: 'phone as an array', body: { phone: ['+79991234567'], code: ['123456'] } },
  {
    name: 'operator objects',
    body: { phone: { $gt: '' }, code: { $ne: null }, token: { $regex: '.*' } },
  },
  {
    name: 'SQL-looking strings',
    body: {
      phone: SQL,
      code: "1' OR '1'='1",
      password: SQL,
      token: `${SQL}${SQL}`,
      email: `${SQL}@x.ru`,
    },
  },
  { name: 'a huge string', body: { phone: HUGE, code: HUGE, token: HUGE, email: HUGE } },
  {
    name: 'too short values',
    body: { phone: '+7999', code: '12345', token: 'short', password: 'Ab1' },
  },
  {
    name: 'unicode junk',
    body: {
      phone: '\u0000\u202e+7999123456\u0667',
      code: '１２３４５６',
      token: '\u{1F600}'.repeat(4),
      email: 'ä@\u0000',
    },
  },
  { name: 'emoji', body: { phone: '😀😀😀', code: '😀', password: '😀', purpose: '😀' } },
  { name: 'wrong purpose', body: { phone: 'не телефон', purpose: 'steal_money' } },
  {
    name: 'consents as a string',
    body: { phone: '12', code: 'abcdef', consents: 'personal_data' },
  },
  {
    name: 'a thousand consents',
    body: { phone: '12', consents: Array(1000).fill('personal_data') },
  },
  { name: 'nested referer', body: { phone: '12', referer: { utm: { nested: true } } } },
  {
    name: 'server-owned fields',
    body: { id: 1, step: 99, phone_confirmed: true, status: 'admin', has_password: true },
  },
  { name: 'deeply nested', body: deeplyNested(500) },
  { name: 'broken JSON', raw: { text: '{"phone": "+7999', contentType: 'application/json' } },
  {
    name: 'prototype poisoning',
    raw: { text: '{"__proto__": {"admin": true}, "phone": "+7"}', contentType: 'application/json' },
  },
  {
    name: 'form-encoded body',
    raw: { text: 'phone=%2B79991234567', contentType: 'application/x-www-form-urlencoded' },
  },
  { name: 'plain text body', raw: { text: SQL, contentType: 'text/plain' } },
];

export const MALFORMED_QUERIES: readonly MalformedCase[] = [
  { name: 'letters for a number', query: 'limit=abc&token=x' },
  { name: 'negative', query: 'limit=-1&token=-1' },
  { name: 'zero', query: 'limit=0' },
  { name: 'too big', query: 'limit=1000000000' },
  { name: 'fraction', query: 'limit=1.5' },
  { name: 'exponent', query: 'limit=1e400' },
  {
    name: 'SQL',
    query: `limit=${encodeURIComponent('1; DROP TABLE clients')}&token=${encodeURIComponent(SQL)}`,
  },
  { name: 'array syntax', query: 'limit[]=1&limit=x&token[]=a&token=b' },
  { name: 'repeated', query: 'limit=1&limit=2' },
  { name: 'empty', query: 'limit=&token=' },
  {
    name: 'unicode',
    query: `limit=${encodeURIComponent('１０')}&token=${encodeURIComponent('😀')}`,
  },
  { name: 'huge value', query: `limit=${'9'.repeat(5000)}&token=${'a'.repeat(5000)}` },
  { name: 'null-ish', query: 'limit=null&token=null' },
  { name: 'boolean-ish', query: 'limit=true&token=true' },
  { name: 'object syntax', query: 'limit[$gt]=0&limit=-5&token[$ne]=1' },
  { name: 'NaN', query: 'limit=NaN' },
  { name: 'Infinity', query: 'limit=Infinity' },
  { name: 'broken hex', query: 'limit=0xZZ&token=0xZZ' },
  { name: 'spaces', query: `limit=${encodeURIComponent(' 5 ')}x` },
  { name: 'percent junk', query: 'limit=%ZZ&token=%' },
  { name: 'control characters', query: `limit=${encodeURIComponent('\u0000\u0001')}` },
  { name: 'minus zero', query: 'limit=-0' },
];

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
}

export async function expectAllRefused(
  testApp: TestApp,
  endpoint: Endpoint,
  cases: readonly MalformedCase[],
): Promise<void> {
  for (const malformed of cases) {
    const response = await testApp.app.inject({
      method: endpoint.method,
      url: malformed.query === undefined ? endpoint.url : `${endpoint.url}?${malformed.query}`,
      headers: {
        ...endpoint.headers,
        ...(malformed.raw ? { 'content-type': malformed.raw.contentType } : {}),
      },
      remoteAddress: uniqueIp(),
      ...(malformed.raw
        ? { body: malformed.raw.text }
        : malformed.body === undefined
          ? {}
          : {
              payload: JSON.stringify(malformed.body),
              headers: { ...endpoint.headers, 'content-type': 'application/json' },
            }),
    });
    const label = `${endpoint.method} ${endpoint.url} — ${malformed.name}: ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, label).toBeLessThan(500);
    expect(response.json<{ message?: unknown }>().message, label).toMatch(/[а-яё]/i);
  }
}
