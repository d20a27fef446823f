import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('POST /api/dev/operator-link (sandbox)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('issues a CRM link whose token opens the client as an operator', async () => {
    const client = await createClient(testApp);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/operator-link',
      payload: { phone: client.phone, operator: 'Петрова А.' },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ data: { url: string } }>().data.url);
    expect(url.searchParams.get('from_crm')).toBe('true');
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(27);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.client).toMatchObject({
      id: client.id,
      is_operator_session: true,
      operator_name: 'Петрова А.',
    });
  });

  it('answers an unknown client with the link refusal and its reason', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/operator-link',
      payload: { phone: '+79990000001', operator: 'Петрова А.' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'OPERATOR_LINK_REFUSED',
      message: expect.stringMatching(/не найден/),
    });
  });

  it('does not exist outside the sandbox', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/dev/operator-link',
        payload: { phone: '+79990000001', operator: 'Петрова А.' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
