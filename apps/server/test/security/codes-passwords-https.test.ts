import { ORDER_STATUS } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_CONSENTS,
  lastCode,
  requestCode,
  signUpThroughApi,
  uniqueIp,
  type InjectResponse,
} from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  listOrders,
  requestSignCode,
  verify,
} from '../api/orders-helpers';
import { LONG_SESSIONS } from '../api/servicing-helpers';
import { AttackTally } from './tally';
import { apiErrorMessage } from '@zaymo/contract';

/**
 * Signing codes, weak passwords and HSTS in the security suite's score card (their detailed
 * tests are in test/api: signing-codes, passwords, public-url): a signing code used for
 * something else, the weak passwords the probe got accepted, and an https answer without
 * Strict-Transport-Security.
 */
const tally = new AttackTally();
const CODES = 'signing codes: used for another order or purpose';
const PASSWORDS = 'weak passwords accepted';
const HSTS = 'https answers without Strict-Transport-Security';
const PROXY = '10.0.0.7';
const MINUTE = 60_000;

/** The probe's passwords, and the client's own phone as one. */
const WEAK = (phone: string) => [
  ' '.repeat(8),
  'aaaaaaaa',
  'zaymo123',
  'Займо2024',
  phone.slice(1),
];

/** A 400 whose Russian message says why (not a 400 for some other reason). */
function refusedAs(response: InjectResponse, reason: string): boolean {
  return (
    response.statusCode === 400 && response.json<{ message: string }>().message.includes(reason)
  );
}

describe('signing codes, passwords and HSTS (security score card)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ...LONG_SESSIONS, TRUST_PROXY: PROXY } });
  });
  afterAll(async () => {
    tally.print();
    await testApp.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });

  it('a signing code signs only the order it was sent for, and no other purpose’s code signs', async () => {
    const borrower = await createBorrower(testApp);
    const first = await approvedOrder(testApp, borrower);
    const code = await requestSignCode(testApp, borrower, first.id);
    const rejected = await post(`/api/orders/${first.id}/reject`, {}, borrower.headers);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const second = await approvedOrder(testApp, borrower);

    const otherOrder = await verify(testApp, borrower, second.id, code);
    tally.record(
      CODES,
      'order A’s code on order B',
      refusedAs(otherOrder, apiErrorMessage('SMS_CODE_OTHER_SUBJECT')),
    );
    testApp.clock.advanceBy(2 * MINUTE);
    expect((await requestCode(testApp, borrower.client.phone, 'signin')).statusCode).toBe(200);
    const signinCode = await lastCode(testApp, borrower.client.phone);
    const otherPurpose = await verify(testApp, borrower, second.id, signinCode);
    tally.record(CODES, 'a sign-in code on a contract', refusedAs(otherPurpose, 'код'));
    const [order] = await listOrders(testApp, borrower.headers);
    expect(order).toMatchObject({ id: second.id, status_id: ORDER_STATUS.APPROVED });

    expect(tally.through(CODES)).toEqual([]);
  });

  it('refuses the weak passwords at sign-up, in the profile and in a reset by SMS', async () => {
    const client = await signUpThroughApi(testApp);
    testApp.clock.advanceBy(2 * MINUTE);
    expect((await requestCode(testApp, client.phone, 'reset')).statusCode).toBe(200);
    const resetCode = await lastCode(testApp, client.phone);
    for (const password of WEAK(client.phone)) {
      const phone = uniquePhone();
      expect((await requestCode(testApp, phone, 'signup')).statusCode).toBe(200);
      const code = await lastCode(testApp, phone);
      const signup = await post('/api/clients/create', {
        phone,
        code,
        consents: ALL_CONSENTS,
        password: password.startsWith('7') ? phone.slice(1) : password,
      });
      tally.record(PASSWORDS, `sign-up ${JSON.stringify(password)}`, refusedAs(signup, 'ароль'));
      const profile = await testApp.app.inject({
        method: 'PATCH',
        url: '/api/clients/update',
        headers: client.headers,
        payload: { password },
      });
      tally.record(PASSWORDS, `profile ${JSON.stringify(password)}`, refusedAs(profile, 'ароль'));
      const reset = await post('/api/clients/reset_by_sms', {
        phone: client.phone,
        code: resetCode,
        password,
      });
      tally.record(PASSWORDS, `reset ${JSON.stringify(password)}`, refusedAs(reset, 'ароль'));
    }
    expect(tally.through(PASSWORDS)).toEqual([]);
  });

  it('sends Strict-Transport-Security whenever the trusted proxy says https', async () => {
    for (const url of ['/api/health', '/api/clients', '/api/no-such-call', '/signin']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress: PROXY,
      });
      tally.record(
        HSTS,
        url,
        /max-age=\d{7,}/.test(response.headers['strict-transport-security'] ?? ''),
      );
    }
    expect(tally.through(HSTS)).toEqual([]);
  });
});
