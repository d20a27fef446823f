import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('what reaches the log', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('never logs a token from the CRM link, a header or a query, nor codes or passwords', async () => {
    const { token, headers } = await createClientWithSession(testApp, { operatorName: 'Оператор' });
    await testApp.app.inject({ method: 'GET', url: `/?from_crm=true&token=${token}` });
    await testApp.app.inject({ method: 'GET', url: `/index.html?from_crm=true&token=${token}` });
    await testApp.app.inject({ method: 'GET', url: '/api/test/whoami', headers });
    await testApp.app.inject({
      method: 'GET',
      url: `/api/test/whoami?code=482915&password=Sup3rSecret&pan=4111111111111111`,
      headers: { authorization: `Bearer ${token}`, cookie: `session=${token}` },
    });
    await testApp.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      headers: { authorization: 'Bearer unknown-token-unknown-token-1234' },
    });

    const text = (await testApp.logs.settled()).text();
    for (const secret of [
      token,
      '482915',
      'Sup3rSecret',
      '4111111111111111',
      'unknown-token-unknown',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('from_crm=true&token=[REDACTED]');
    expect(text).toContain('/api/test/whoami');
  });

  it('writes security events as structured lines', async () => {
    await testApp.app.inject({
      method: 'GET',
      url: '/api/test/whoami',
      headers: { authorization: `Bearer ${'z'.repeat(43)}` },
    });
    const entries = (await testApp.logs.settled()).entries();
    expect(entries).toContainEqual(
      expect.objectContaining({ security: 'auth_failed', reason: 'unknown_or_expired_token' }),
    );
  });
});
