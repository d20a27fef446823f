import { tariffsResponseSchema } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insurances, publicDataVersion, tariffs } from '../../src/db/schema';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { tariffIds } from './orders-helpers';

describe('public data from memory with ETag', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  const version = async () => {
    const [row] = await testApp.ctx.db.select().from(publicDataVersion);
    return row?.version;
  };

  it('answers with an ETag and a short public lifetime, and 304 to a client holding it', async () => {
    for (const url of [
      '/api/tariff/default',
      '/api/tariff/repeat',
      '/api/settings/get',
      '/api/registration/settings',
      '/api/dashboard/passwordSettings',
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['content-type'], url).toMatch(/^application\/json/);
      expect(first.headers['cache-control'], url).toBe('public, max-age=5');
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200);
    }
  });

  it('keeps payment methods private to the signed-in client', async () => {
    const { headers } = await createClientWithSession(testApp);
    const response = await get('/api/payment_system/payment', headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=5');
    const etag = String(response.headers.etag);
    expect(
      (await get('/api/payment_system/payment', { ...headers, 'if-none-match': etag })).statusCode,
    ).toBe(304);
    expect((await get('/api/payment_system/payment')).statusCode).toBe(401);
  });

  it('moves the version on any change of tariffs or insurances, and serves the new data', async () => {
    const { first } = await tariffIds(testApp);
    const before = await get('/api/tariff/default');
    const startVersion = await version();
    await testApp.ctx.db.update(tariffs).set({ maxSum: 2_000_000n }).where(eq(tariffs.id, first));
    try {
      expect(await version()).toBe((startVersion ?? 0) + 1);
      const after = await get('/api/tariff/default', {
        'if-none-match': String(before.headers.etag),
      });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(tariffsResponseSchema.parse(after.json()).data.tariffs[0]?.max_sum).toBe('20000.00');
    } finally {
      await testApp.ctx.db.update(tariffs).set({ maxSum: 3_000_000n }).where(eq(tariffs.id, first));
    }
    await testApp.ctx.db.update(insurances).set({ isActive: true });
    expect(await version()).toBe((startVersion ?? 0) + 3);
  });
});
