import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface OpenApiDocument {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
}

describe('OpenAPI and the sandbox switch (sandbox on)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('publishes an OpenAPI document built from the contract schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.info.title).toBe('API личного кабинета «Займо»');
    const health = document.paths['/api/health']?.get;
    expect(health?.summary).toBe('Состояние сервера и базы данных');
    expect(JSON.stringify(health)).toContain('"database"');
    expect(document.paths['/api/settings/get']).toBeDefined();
    expect(document.paths['/api/test/whoami']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();
    expect(document.paths['/index.html']).toBeUndefined();
  });

  it('serves a browsable page at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('mounts sandbox-only routes', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sandbox: true });
  });
});

describe('the sandbox switch (sandbox off)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => testApp.close());

  it('has no sandbox routes in production and says so in health', async () => {
    const ping = await testApp.app.inject({ method: 'GET', url: '/api/dev/ping' });
    expect(ping.statusCode).toBe(404);
    expect(ping.json()).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ sandbox: false });
  });
});
