import { NOT_SECRET_ADDRESS_FIELDS, secretLookingAddressFields } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/*
 * No code, token or password in an address, for every route the server registers (the
 * contract's calls, the operator console's, the gateway's callbacks, the sandbox's): each
 * query field and path parameter of /api/openapi.json is checked by the contract's rule.
 */

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
}

describe('no secret in an address, on every route', () => {
  let testApp: TestApp;
  let fields: string[];
  beforeAll(async () => {
    testApp = await createTestApp();
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    fields = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in !== 'header')
          .map((parameter) => {
            const template = path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
            return `${method.toUpperCase()} ${template}: ${parameter.name}`;
          }),
      ),
    );
  });
  afterAll(() => testApp.close());

  it('reads the parameters of every route, the sandbox’s included', () => {
    expect(fields).toContain('GET /address-search: search');
    expect(fields).toContain('POST /pay/payment/:contract: contract');
    expect(fields).toContain('GET /dev/outbox: recipient');
    for (const allowed of NOT_SECRET_ADDRESS_FIELDS) expect(fields).toContain(allowed);
  });

  it('finds no query field or path parameter named like a code, token or password', () => {
    expect(secretLookingAddressFields(fields)).toEqual([]);
  });
});
