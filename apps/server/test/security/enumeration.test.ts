import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  lastLink,
  lastOutboxMessage,
  signUpThroughApi,
  uniqueIp,
  type InjectResponse,
  type SignedUp,
} from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { AttackTally } from './tally';

/**
 * A registered and an unknown phone get the same answer from every guest call,
 * and every call counts against the per-IP cap before anything is looked up.
 */
const tally = new AttackTally();
const SAME_ANSWER = 'account enumeration: registered vs unknown phone';
const CAPS = 'account enumeration: look-ups from one address without a 429';
const MINUTE = 60_000;

function answer(response: InjectResponse) {
  return { status: response.statusCode, body: response.body };
}

describe('no account enumeration', () => {
  let testApp: TestApp;
  let registered: SignedUp;
  beforeAll(async () => {
    testApp = await createTestApp();
    registered = await signUpThroughApi(testApp);
    const email = `enum.${Date.now()}@mail.ru`;
    const headers = registered.headers;
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: { email },
    });
    await testApp.app.inject({ method: 'POST', url: '/api/clients/email/confirmation', headers });
    const link = await lastLink(testApp, email);
    const confirm = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/email/confirm',
      payload: { token: link.searchParams.get('token') },
    });
    expect(confirm.statusCode).toBe(200);
  });
  afterAll(async () => {
    tally.print();
    expect(tally.through(SAME_ANSWER)).toEqual([]);
    await testApp.close();
  });

  async function call(method: 'POST' | 'PATCH', url: string, payload: object) {
    // A fresh address and a later minute each time: the caps and pauses are tested below.
    testApp.clock.advanceBy(15 * MINUTE);
    return testApp.app.inject({ method, url, payload, remoteAddress: uniqueIp() });
  }

  type Purpose = 'signup' | 'signin' | 'reset';
  const code = (phone: string, purpose: Purpose) =>
    call('POST', '/api/sms/send_una', { phone, purpose });
  /** name, method, url, body, and the code an attacker asks for first (both phones alike). */
  const CALLS: [string, 'POST' | 'PATCH', string, (phone: string) => object, Purpose | null][] = [
    [
      'send_una signup',
      'POST',
      '/api/sms/send_una',
      (phone) => ({ phone, purpose: 'signup' }),
      null,
    ],
    [
      'send_una signin',
      'POST',
      '/api/sms/send_una',
      (phone) => ({ phone, purpose: 'signin' }),
      null,
    ],
    ['send_una reset', 'POST', '/api/sms/send_una', (phone) => ({ phone, purpose: 'reset' }), null],
    [
      'clients/create',
      'POST',
      '/api/clients/create',
      (phone) => ({ phone, code: '123456', consents: ['personal_data', 'terms', 'asp'] }),
      'signup',
    ],
    [
      'reset_by_sms',
      'POST',
      '/api/clients/reset_by_sms',
      (phone) => ({ phone, code: '123456', password: GOOD_PASSWORD }),
      'reset',
    ],
    [
      'reset_by_sms/email_hint before the code proves the phone',
      'POST',
      '/api/clients/reset_by_sms/email_hint',
      (phone) => ({ phone, code: '123456' }),
      'reset',
    ],
    [
      'reset_by_sms/email_link before the code proves the phone',
      'POST',
      '/api/clients/reset_by_sms/email_link',
      (phone) => ({ phone, code: '123456' }),
      'reset',
    ],
    [
      'verify_phone',
      'PATCH',
      '/api/clients/verify_phone',
      (phone) => ({ phone, code: '123456' }),
      'signin',
    ],
    ['reset_by_email_url', 'POST', '/api/clients/reset_by_email_url', (phone) => ({ phone }), null],
    ['login-link', 'POST', '/api/clients/login-link', (phone) => ({ phone }), null],
  ];

  it.each(CALLS)(
    '%s answers a registered and an unknown phone alike',
    async (name, method, url, body, first) => {
      const other = uniquePhone();
      if (first) {
        expect((await code(registered.phone, first)).statusCode).toBe(200);
        expect((await code(other, first)).statusCode).toBe(200);
      }
      const known = answer(await call(method, url, body(registered.phone)));
      const unknown = answer(await call(method, url, body(other)));
      tally.record(SAME_ANSWER, name, JSON.stringify(known) === JSON.stringify(unknown));
      expect(unknown).toEqual(known);
      expect(known.status).toBeLessThan(500);
    },
  );

  it.each([
    ['clients/create', 'POST', '/api/clients/create', 'signup'],
    ['verify_phone', 'PATCH', '/api/clients/verify_phone', 'signin'],
  ] as const)(
    '%s with a wrong code, no code asked first, answers alike: now and a day later',
    async (name, method, url, purpose) => {
      // The registered phone's latest code of this purpose is one its owner used.
      if (purpose === 'signin') {
        expect((await code(registered.phone, 'signin')).statusCode).toBe(200);
        const sms = await lastOutboxMessage(testApp, registered.phone, 'sms');
        const own = sms.body.match(/\d{6}/)?.[0] ?? '';
        const signedIn = await testApp.app.inject({
          method: 'PATCH',
          url: '/api/clients/verify_phone',
          payload: { phone: registered.phone, code: own },
          remoteAddress: uniqueIp(),
        });
        expect(signedIn.statusCode, signedIn.body).toBe(200);
      }
      const body = (phone: string) => ({
        phone,
        code: '000000',
        ...(purpose === 'signup' ? { consents: ['personal_data', 'terms', 'asp'] } : {}),
      });
      for (const later of [0, 24 * 60 * MINUTE]) {
        testApp.clock.advanceBy(later);
        const known = answer(await call(method, url, body(registered.phone)));
        const unknown = answer(await call(method, url, body(uniquePhone())));
        tally.record(
          SAME_ANSWER,
          `${name} without a code, +${later / MINUTE} min`,
          JSON.stringify(known) === JSON.stringify(unknown),
        );
        expect(unknown).toEqual(known);
      }
    },
  );

  it('tells the owner of a registered number by SMS, with no sign-up code in it', async () => {
    const phone = registered.phone;
    const sent = await call('POST', '/api/sms/send_una', { phone, purpose: 'signup' });
    expect(sent.statusCode).toBe(200);
    const sms = await lastOutboxMessage(testApp, phone, 'sms');
    expect(sms.body).toContain('уже зарегистрирован');
    expect(sms.body).not.toMatch(/\d{6}/);
  });

  it.each([
    ['login-link', '/api/clients/login-link', (phone: string) => ({ phone })],
    ['reset_by_email_url', '/api/clients/reset_by_email_url', (phone: string) => ({ phone })],
    ['send_una signin', '/api/sms/send_una', (phone: string) => ({ phone, purpose: 'signin' })],
  ] as const)(
    '%s: 30 look-ups of different phones from one address meet a 429',
    async (name, url, body) => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const phone = i % 2 === 0 ? uniquePhone() : registered.phone;
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          payload: body(phone),
          remoteAddress: ip,
        });
        statuses.push(response.statusCode);
      }
      const answered = statuses.filter((status) => status !== 429).length;
      tally.record(CAPS, name, answered <= 20);
      expect(statuses).toContain(429);
      expect(answered).toBeLessThanOrEqual(20);
    },
  );
});
