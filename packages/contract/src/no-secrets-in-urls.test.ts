import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NOT_SECRET_ADDRESS_FIELDS, secretLookingAddressFields } from './address-secrets';
import { CRM_ENDPOINTS } from './crm-endpoints';
import type { EndpointSpec } from './endpoint-spec';
import { ENDPOINTS } from './endpoints';

/* Every call of both tables: its query string's fields and its path's parameters. */

type Table = Record<string, Partial<Record<string, EndpointSpec>>>;

/** The property names a schema accepts, through objects, unions and intersections. */
function fieldNames(schema: z.ZodType): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const json = node as Record<string, unknown>;
    for (const name of Object.keys((json.properties as object | undefined) ?? {})) names.add(name);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      for (const part of (json[key] as unknown[] | undefined) ?? []) walk(part);
  };
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  return [...names];
}

/** `METHOD /path: name` for every query field and path parameter of a table. */
function addressFields(table: Table): string[] {
  return Object.entries(table).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, call]) => {
      const query = call?.query ? fieldNames(call.query) : [];
      const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
      return [...query, ...params].map((name) => `${method} ${path}: ${name}`);
    }),
  );
}

describe('no secret in an address', () => {
  const fields = [
    ...addressFields(ENDPOINTS as unknown as Table),
    ...addressFields(CRM_ENDPOINTS as unknown as Table),
  ];

  it('reads the fields of every call (the scan sees what it scans)', () => {
    const gatewayReturns = [...NOT_SECRET_ADDRESS_FIELDS].filter((field) =>
      field.endsWith(': code'),
    );
    for (const allowed of gatewayReturns) expect(fields).toContain(allowed);
    expect(fields).toContain('GET /address-search: search');
    expect(fields).toContain('POST /pay/payment/:contract: contract');
  });

  it('has no query field or path parameter named like a code, token or password', () => {
    expect(secretLookingAddressFields(fields)).toEqual([]);
  });
});
