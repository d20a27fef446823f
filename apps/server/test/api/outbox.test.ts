import { outboxResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestCode } from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/dev/outbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('shows the sandbox SMS, newest first, filtered by recipient written any way', async () => {
    const first = uniquePhone();
    const second = uniquePhone();
    await requestCode(testApp, first, 'signup');
    await requestCode(testApp, second, 'signup');
    const all = outboxResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json(),
    );
    expect(all.data.map((message) => message.recipient).slice(0, 2)).toEqual([second, first]);

    const written = `8 (${first.slice(2, 5)}) ${first.slice(5, 8)}-${first.slice(8, 10)}-${first.slice(10)}`;
    const filtered = outboxResponseSchema.parse(
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/dev/outbox?recipient=${encodeURIComponent(written)}&limit=5`,
        })
      ).json(),
    );
    expect(filtered.data).toHaveLength(1);
    expect(filtered.data[0]).toMatchObject({ channel: 'sms', recipient: first, subject: null });
    expect(filtered.data[0]?.body).toMatch(/^Займо: код \d{6} для регистрации/);
  });
});

describe('GET /api/dev/outbox without the sandbox', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => testApp.close());

  it('does not exist', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
  });
});
