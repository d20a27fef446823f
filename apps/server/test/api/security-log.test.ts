import { sessionResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOperatorLink } from '../../src/services/crm-links';
import {
  ALL_CONSENTS,
  GOOD_PASSWORD,
  lastCode,
  lastLink,
  requestCode,
  uniqueIp,
  wrongCode,
} from '../helpers/accounts';
import { createClient, uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Every string anywhere in a log entry (numbers such as durations are not searched). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

describe('security events and secrets in the log', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('logs sign-ins, failures, failed codes and denied access — and no token, code or password', async () => {
    const secrets: string[] = [];
    const codes: string[] = [];
    const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
      testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });

    // Sign-up with a password: a code, a session token.
    const phone = uniquePhone();
    await requestCode(testApp, phone, 'signup');
    const signupCode = await lastCode(testApp, phone);
    codes.push(signupCode);
    const created = await post('/api/clients/create', {
      phone,
      code: signupCode,
      consents: ALL_CONSENTS,
      password: GOOD_PASSWORD,
    });
    const token = sessionResponseSchema.parse(created.json()).data.token;
    const headers = { authorization: `Bearer ${token}` };
    secrets.push(token, GOOD_PASSWORD);

    // Sign-in by password: a failure, then a success.
    await post('/api/clients/login', { phone, password: 'Wrong-Password-Secret-1' });
    secrets.push('Wrong-Password-Secret-1');
    const login = await post('/api/clients/login', { phone, password: GOOD_PASSWORD });
    secrets.push(sessionResponseSchema.parse(login.json()).data.token);

    // Sign-in by code: a wrong code (a failed code and a failed sign-in).
    testApp.clock.advanceBy(61_000);
    await requestCode(testApp, phone, 'signin');
    const signinCode = await lastCode(testApp, phone);
    codes.push(signinCode, wrongCode(signinCode));
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/verify_phone',
      payload: { phone, code: wrongCode(signinCode) },
    });

    // Denied access: another client's id; an operator trying to sign.
    const other = await createClient(testApp);
    await post(
      `/api/clients/${other.id}/phone-confirmation/request`,
      { phone: uniquePhone() },
      headers,
    );
    const operator = await issueOperatorLink(testApp.ctx, {
      phone,
      operatorName: 'Оператор Логов',
    });
    const operatorToken = new URL(operator.url).searchParams.get('token') ?? '';
    secrets.push(operatorToken);
    await post('/api/sms/send', { purpose: 'sign' }, { authorization: `Bearer ${operatorToken}` });

    // A password changed and an e-mail link with its token.
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: {
        email: 'logs@mail.ru',
        password: 'Second-Secret-Pass',
        current_password: GOOD_PASSWORD,
      },
    });
    secrets.push('Second-Secret-Pass');
    await post('/api/clients/email/confirmation', {}, headers);
    const link = await lastLink(testApp, 'logs@mail.ru');
    const linkToken = link.searchParams.get('token') ?? '';
    secrets.push(linkToken);
    await testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });

    const entries = (await testApp.logs.settled()).entries();
    const events = entries.filter((entry) => entry.security);
    const named = (security: string, extra: Record<string, unknown> = {}) =>
      expect(events).toContainEqual(expect.objectContaining({ security, ...extra }));
    named('login_succeeded', { method: 'signup' });
    named('login_succeeded', { method: 'password' });
    named('login_failed', { method: 'password', reason: 'wrong_password' });
    named('login_failed', { method: 'sms' });
    named('code_failed', { reason: 'wrong', purpose: 'signin' });
    named('access_denied', { requestedClientId: other.id });
    named('operator_denied', { operator: 'Оператор Логов' });
    named('password_changed');
    named('email_confirmed');
    expect(events.find((event) => event.security === 'code_failed')?.phone).toMatch(/\*\*\*/);

    const text = (await testApp.logs.settled()).text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    const strings = entries.flatMap(stringsOf);
    for (const code of codes) {
      expect(strings.filter((value) => value.includes(code))).toEqual([]);
    }
    expect(text).not.toContain(phone);
  });
});
