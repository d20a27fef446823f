import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  MALFORMED_BODIES,
  MALFORMED_QUERIES,
  expectAllRefused,
  type Endpoint,
} from '../helpers/malformed';

describe('malformed input never gets a 5xx', () => {
  let testApp: TestApp;
  let headers: { authorization: string };
  let clientId: number;
  beforeAll(async () => {
    testApp = await createTestApp();
    ({ headers, clientId } = await signUpThroughApi(testApp));
  });
  afterAll(() => testApp.close());

  it('has at least 20 cases of each kind', () => {
    expect(MALFORMED_BODIES.length).toBeGreaterThanOrEqual(20);
    expect(MALFORMED_QUERIES.length).toBeGreaterThanOrEqual(20);
  });

  const guestBodies: Endpoint[] = [
    { method: 'POST', url: '/api/sms/send_una' },
    { method: 'POST', url: '/api/clients/create' },
    { method: 'POST', url: '/api/clients/login' },
    { method: 'PATCH', url: '/api/clients/verify_phone' },
    { method: 'POST', url: '/api/clients/email/confirm' },
    { method: 'POST', url: '/api/clients/reset_by_email_url' },
    { method: 'POST', url: '/api/clients/confirm_reset' },
    { method: 'POST', url: '/api/clients/reset_by_sms' },
    { method: 'POST', url: '/api/clients/login-link' },
    { method: 'POST', url: '/api/clients/social/exchange' },
  ];

  it.each(guestBodies)('$method $url', async (endpoint) => {
    await expectAllRefused(testApp, endpoint, MALFORMED_BODIES);
  });

  it.each([
    { method: 'POST', url: '/api/sms/send' },
    { method: 'PATCH', url: '/api/clients/update' },
    { method: 'POST', url: '/api/clients/email/confirmation' },
    { method: 'POST', url: '/api/clients/{cid}/phone-confirmation/request' },
    { method: 'PATCH', url: '/api/clients/{cid}/phone-confirmation/confirm' },
  ] as const)('$method $url (signed in)', async ({ method, url }) => {
    await expectAllRefused(
      testApp,
      { method, url: url.replace('{cid}', String(clientId)), headers },
      MALFORMED_BODIES,
    );
  });

  it.each(['abc', '-1', '0', '1.5', '1e400', "1' OR '1'='1", '%00', 'null'])(
    'phone confirmation with client id %s',
    async (cid) => {
      await expectAllRefused(
        testApp,
        {
          method: 'POST',
          url: `/api/clients/${encodeURIComponent(cid)}/phone-confirmation/request`,
          headers,
        },
        MALFORMED_BODIES.slice(0, 3),
      );
    },
  );

  it('GET /api/dev/outbox', async () => {
    await expectAllRefused(testApp, { method: 'GET', url: '/api/dev/outbox' }, MALFORMED_QUERIES);
  });

  it('GET /api/clients/email/confirm (the e-mailed link): 4xx or back to the profile with 0', async () => {
    const cases = MALFORMED_QUERIES.filter((malformed) => malformed.query?.includes('token'));
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const malformed of [...cases, { name: 'no token', query: '' }]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/clients/email/confirm?${malformed.query}`,
      });
      const label = `${malformed.name}: ${response.statusCode} ${response.body}`;
      if (response.statusCode === 302) {
        expect(response.headers.location, label).toBe('/person?email_confirmed=0');
      } else {
        expect(response.statusCode, label).toBe(400);
        expect(response.json<{ message: string }>().message, label).toMatch(/[а-яё]/i);
      }
    }
  });

  it('GET /api/documents/public/{kind}', async () => {
    for (const kind of ['', 'x'.repeat(100), "' OR 1=1", '%00', '..', 'individual_terms']) {
      await expectAllRefused(
        testApp,
        { method: 'GET', url: `/api/documents/public/${encodeURIComponent(kind)}` },
        [{ name: kind }],
      );
    }
  });
});
