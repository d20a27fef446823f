import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createBorrower, payout, signedOrder } from './orders-helpers';
import { LONG_SESSIONS } from './servicing-helpers';

const TOKEN = 'metrics-token-for-tests-0001';

/** The value of one sample line, e.g. `name{label="x"} 3`, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return null;
}

describe('Prometheus metrics behind METRICS_TOKEN', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ...LONG_SESSIONS, METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => testApp.close());

  const scrape = async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  it('hides the route without the right token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('zaymo_');
    }
  });

  it('counts requests by route template and status, SMS sends, payouts and gateway calls', async () => {
    await signUpThroughApi(testApp);
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    expect((await payout(testApp, borrower, order.id)).statusCode).toBe(200);
    await testApp.app.inject({ method: 'GET', url: '/api/no-such-route-12345' });

    const text = await scrape();
    const histogram = 'zaymo_http_request_duration_seconds_count';
    expect(sample(text, histogram, { route: '/api/clients/create', status: '200' })).toBe(1);
    expect(
      sample(text, histogram, {
        route: '/api/orders/:orderId/payout',
        method: 'POST',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, histogram, { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('no-such-route-12345');
    expect(
      sample(text, 'zaymo_messages_sent_total', { channel: 'sms', outcome: 'sent' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'zaymo_payment_operations', { kind: 'payout', status: 'approved' })).toBe(
      1,
    );
    expect(
      sample(text, 'zaymo_gateway_request_duration_seconds_count', { outcome: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'zaymo_job_lag_seconds', { job: 'scoring' })).toBe(0);
    if (testApp.ctx.dbKind === 'postgres') expect(text).toContain('zaymo_db_pool_connections');
  });
});
