import { healthResponseSchema, settingsResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/health and /api/settings/get', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BRAND_NAME: 'Займо Тест' } });
  });
  afterAll(() => testApp.close());

  it('reports the database kind, sandbox mode and the clock time', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.sandbox).toBe(true);
    expect(Math.abs(Date.parse(body.time) - testApp.clock.now().getTime())).toBeLessThan(5_000);
  });

  it('shows the moved clock, so the sandbox can travel in time', async () => {
    testApp.clock.advanceBy(3 * 24 * 60 * 60 * 1000);
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const shownTime = Date.parse(response.json<{ time: string }>().time);
    expect(shownTime - Date.now()).toBeGreaterThan(3 * 24 * 60 * 60 * 1000 - 5_000);
  });

  it('gives the company details from configuration', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/settings/get' });
    expect(response.statusCode).toBe(200);
    const { params } = settingsResponseSchema.parse(response.json()).data;
    expect(params.brand).toBe('Займо Тест');
    expect(params.legal_name).toBe('ООО МКК «Займо»');
    expect(params.ogrn).toMatch(/^\d{13}$/);
    expect(params.inn).toMatch(/^\d{10}$/);
    expect(params.support_phone).toMatch(/^8 800 /);
  });
});
