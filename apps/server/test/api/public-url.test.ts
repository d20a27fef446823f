import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLink, signUpThroughApi, type SignedUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PROXY = '10.0.0.7';
const HSTS = 'max-age=31536000; includeSubDomains';

describe('links and returns without PUBLIC_URL: the address the request came to', () => {
  let testApp: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: PROXY } });
  });
  afterAll(() => testApp.close());

  /** Asks for the e-mail confirmation letter with these headers, from this address. */
  async function confirmationLink(
    client: SignedUp,
    from: string,
    headers: Record<string, string>,
  ): Promise<URL> {
    sequence += 1;
    const email = `origin.${sequence}.${Date.now()}@mail.ru`;
    const update = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers: client.headers,
      payload: { email },
    });
    expect(update.statusCode, update.body).toBe(200);
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/email/confirmation',
      headers: { ...client.headers, ...headers },
      remoteAddress: from,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return lastLink(testApp, email);
  }

  it('starts the e-mailed link with the Host the client used', async () => {
    const client = await signUpThroughApi(testApp);
    const link = await confirmationLink(client, '192.0.2.10', { host: '127.0.0.1:3300' });
    expect(link.origin).toBe('http://127.0.0.1:3300');
  });

  it('ignores X-Forwarded-* from an address that is not a trusted proxy', async () => {
    const client = await signUpThroughApi(testApp);
    const link = await confirmationLink(client, '192.0.2.11', {
      host: 'lk.local:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(link.origin).toBe('http://lk.local:8080');
  });

  it('believes X-Forwarded-Host and -Proto from the configured proxy', async () => {
    const client = await signUpThroughApi(testApp);
    const link = await confirmationLink(client, PROXY, {
      host: '10.0.0.2:3000',
      'x-forwarded-host': 'lk.zaymo.test',
      'x-forwarded-proto': 'https',
    });
    expect(link.origin).toBe('https://lk.zaymo.test');
  });

  it('sends Strict-Transport-Security only when the trusted proxy says https', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '192.0.2.12',
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const proxied = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: PROXY,
    });
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
  });

  it('answers every reply with the same security headers (helmet), errors and unknown paths too', async () => {
    const policy = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-src 'self' blob:",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ];
    const expected = {
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    };
    for (const url of ['/api/health', '/api/clients', '/no/such/page']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
      expect(String(response.headers['content-security-policy']).split(/;\s*/), url).toEqual(
        policy,
      );
      for (const extra of [
        'cross-origin-opener-policy',
        'x-xss-protection',
        'origin-agent-cluster',
      ]) {
        expect(response.headers[extra], `${url} ${extra}`).toBeUndefined();
      }
    }
  });
});

describe('PUBLIC_URL set', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://lk.zaymo.test' } });
  });
  afterAll(() => testApp.close());

  it('sends Strict-Transport-Security on every answer when the public URL is https', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBe(HSTS);
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(missing.headers['strict-transport-security']).toBe(HSTS);
  });
});
