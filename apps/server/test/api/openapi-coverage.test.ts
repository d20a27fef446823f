import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../src/http/openapi';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        security?: unknown[];
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
}

/** «/api/clients/:cid/x» → «/api/clients/{cid}/x», as OpenAPI writes parameters. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => testApp.close());

  it('describes every registered /api route, with a Russian summary', () => {
    const routes = registeredRoutes(testApp.app).filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !route.url.startsWith('/api/test/') &&
        !route.hidden &&
        route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter(
      (route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation?.summary, `${route.method} ${route.url}`).toMatch(/[А-ЯЁ]/);
    }
  });

  it('includes the accounts calls and marks the ones needing a token', () => {
    for (const [path, method] of [
      ['/api/clients', 'get'],
      ['/api/clients/create', 'post'],
      ['/api/clients/{cid}/phone-confirmation/request', 'post'],
      ['/api/sms/send_una', 'post'],
      ['/api/dev/outbox', 'get'],
      ['/api/documents/public/{kind}', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/clients']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/clients/create']?.post?.security).toBeUndefined();
  });

  it('names the refusal codes a call gives under their status', () => {
    const create = document.paths['/api/orders/create']?.post?.responses;
    expect(create?.['409']?.description).toBe(
      'Коды: IDENTITY_INCOMPLETE, CARD_NOT_BOUND, LOAN_OPEN, ORDER_IN_PROGRESS, MORATORIUM',
    );
    const precheck = document.paths['/api/orders/{orderId}/sbp/precheck']?.post?.responses;
    expect(precheck?.['422']?.description).toBe('Коды: SBP_SOMEONE_ELSE, SBP_RECIPIENT_NOT_FOUND');
  });
});
