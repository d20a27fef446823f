import { CRM_ENDPOINTS, ENDPOINTS, type EndpointSpec } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type RegisteredRoute } from '../../src/http/openapi';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Routes the web app does not call through the typed client, each with its reason. Everything
 * else under /api must be in the contract's endpoint table.
 */
const OUTSIDE_THE_TABLE: readonly { route: RegExp; why: string }[] = [
  { route: /^\w+ \/api\/(docs|openapi)/, why: 'the OpenAPI document and its UI' },
  { route: /^GET \/api\/health/, why: 'probes of the load balancer and monitoring' },
  { route: /^\w+ \/api\/test\//, why: 'routes only the tests mount' },
  { route: /^POST \/api\/pay\/notify\/best2pay$/, why: 'the payment gateway calls it' },
  {
    route:
      /^GET \/api\/(documents\/(public|file)\/:kind|loans\/:orderId\/prolongation\/agreement)$/,
    why: 'PDF documents: opened by the links the lists give (api.getBinary)',
  },
  {
    route: /^GET \/api\/(files\/get\/:id|tickets\/attachments\/:id)$/,
    why: 'files and attachments: opened by the links the answers give (api.getBinary)',
  },
  {
    route: /^GET \/api\/clients\/email\/confirm$/,
    why: 'the link in the e-mail opens it in the browser (a redirect)',
  },
  {
    route: /^GET \/api\/(clients\/last_referer|documents\/(register|client)_documents)$/,
    why: 'spec calls the web app does not make (yet)',
  },
  {
    route:
      /^GET \/api\/crm\/(audit\.csv|clients\/:id\/(files\/:fileId|documents\/file\/:kind)|tickets\/:id\/attachments\/:attachmentId)$/,
    why: 'the console downloads: the audit CSV, photos and PDFs of the client card, ticket files',
  },
  {
    route: /^\w+ \/api\/dev\/(ping|operator-link|unsettled-money|tickets\/:id\/reply)$/,
    why: 'sandbox tools of testers and browser tests, not of the web app',
  },
];

const SCHEMA_PARTS = [
  ['body', 'body'],
  ['query', 'querystring'],
  ['params', 'params'],
] as const;

function key(method: string, url: string): string {
  return `${method} ${url}`;
}

describe('the contract endpoint tables (endpoints.ts, crm-endpoints.ts)', () => {
  let testApp: TestApp;
  let routes: Map<string, RegisteredRoute>;
  beforeAll(async () => {
    testApp = await createTestApp();
    routes = new Map(
      registeredRoutes(testApp.app)
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .map((route) => [key(route.method, route.url), route]),
    );
  });
  afterAll(() => testApp.close());

  const tables: readonly object[] = [ENDPOINTS, CRM_ENDPOINTS];
  const entries = tables
    .flatMap(Object.entries)
    .flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, EndpointSpec>).map(
        ([method, schemas]) => [key(method, `/api${path}`), schemas] as const,
      ),
    );

  it.each(entries)('%s is a route with the very same schema objects', (routeKey, schemas) => {
    const route = routes.get(routeKey);
    expect(route, `${routeKey} is not registered`).toBeDefined();
    const registered = route?.schema ?? {};
    for (const [part, fastifyPart] of SCHEMA_PARTS) {
      expect(registered[fastifyPart], `${routeKey}: ${part}`).toBe(schemas[part]);
    }
    expect(registered.response?.[200], `${routeKey}: 200 answer`).toBe(schemas.response);
  });

  it('holds every /api route except the listed exclusions', () => {
    const inTable = new Set(entries.map(([routeKey]) => routeKey));
    const missing = [...routes.keys()].filter(
      (routeKey) =>
        !inTable.has(routeKey) && !OUTSIDE_THE_TABLE.some(({ route }) => route.test(routeKey)),
    );
    expect(missing).toEqual([]);
  });

  it('lists no exclusion that matches nothing (a renamed route must be looked at again)', () => {
    const unused = OUTSIDE_THE_TABLE.filter(
      ({ route }) => ![...routes.keys()].some((routeKey) => route.test(routeKey)),
    );
    expect(unused.map(({ why }) => why)).toEqual([]);
  });
});
