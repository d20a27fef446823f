import { sessionResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  expectRussianError,
  lastCode,
  lastLink,
  lastOutboxMessage,
  requestCode,
  signUpThroughApi,
  uniqueIp,
  type SignedUp,
} from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;

describe('e-mail: confirmation, password reset, sign-in link', () => {
  let testApp: TestApp;
  let emailSequence = 0;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://lk.zaymo.test' } });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });
  const me = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/clients', headers });

  async function setEmail(client: SignedUp, email?: string): Promise<string> {
    emailSequence += 1;
    const address = email ?? `Client.${emailSequence}.${Date.now()}@Mail.RU`;
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers: client.headers,
      payload: { email: address },
    });
    expect(response.statusCode, response.body).toBe(200);
    return address.toLowerCase();
  }

  async function confirmedClient(options: { password?: string } = {}) {
    const client = await signUpThroughApi(testApp, options);
    const email = await setEmail(client);
    await post('/api/clients/email/confirmation', undefined, client.headers);
    const link = await lastLink(testApp, email);
    await post('/api/clients/email/confirm', { token: link.searchParams.get('token') });
    return { ...client, email };
  }

  it('confirms the e-mail with the link sent through the e-mail adapter', async () => {
    const client = await signUpThroughApi(testApp);
    const email = await setEmail(client);
    expect((await me(client.headers)).json()).toMatchObject({
      data: { client: { email, email_confirmed: false } },
    });
    const sent = await post('/api/clients/email/confirmation', undefined, client.headers);
    expect(sent.json()).toEqual({ data: { email } });
    const letter = await lastOutboxMessage(testApp, email, 'email');
    expect(letter.subject).toContain('Подтвердите e-mail');
    const link = await lastLink(testApp, email);
    expect(`${link.origin}${link.pathname}`).toBe(
      'https://lk.zaymo.test/api/clients/email/confirm',
    );

    const opened = await testApp.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/person?email_confirmed=1');
    expect((await me(client.headers)).json()).toMatchObject({
      data: { client: { email_confirmed: true } },
    });
    const reopened = await testApp.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
    });
    expect(reopened.headers.location).toBe('/person?email_confirmed=0');

    const already = await post('/api/clients/email/confirmation', undefined, client.headers);
    expectRefusal(already, 'EMAIL_ALREADY_CONFIRMED');
  });

  it('confirms by POST too, and an address changed since makes the old link stale', async () => {
    const client = await signUpThroughApi(testApp);
    const first = await setEmail(client);
    await post('/api/clients/email/confirmation', undefined, client.headers);
    const token = (await lastLink(testApp, first)).searchParams.get('token');
    await setEmail(client);
    const stale = await post('/api/clients/email/confirm', { token });
    expect(expectRussianError(stale, 400)).toContain('недействительна или устарела');
  });

  it('asks for an e-mail first, and pauses repeated letters for 60 s', async () => {
    const client = await signUpThroughApi(testApp);
    const none = await post('/api/clients/email/confirmation', undefined, client.headers);
    expect(expectRussianError(none, 400)).toBe('Сначала укажите e-mail в профиле');
    await setEmail(client);
    expect(
      (await post('/api/clients/email/confirmation', undefined, client.headers)).statusCode,
    ).toBe(200);
    const again = await post('/api/clients/email/confirmation', undefined, client.headers);
    expect(expectRussianError(again, 429)).toContain('Письмо уже отправлено');
    expect(again.json<{ retry_after: number }>().retry_after).toBeLessThanOrEqual(60);
  });

  it('resets the password by the /email/reset link: once, signing every session out', async () => {
    const client = await confirmedClient({ password: GOOD_PASSWORD });
    const sent = await post('/api/clients/reset_by_email_url', { phone: client.phone });
    expect(sent.json()).toEqual({
      data: { message: expect.stringContaining('Если к этому номеру') },
    });
    const link = await lastLink(testApp, client.email);
    expect(`${link.origin}${link.pathname}`).toBe('https://lk.zaymo.test/email/reset');
    const token = link.searchParams.get('token') ?? '';

    const weak = await post('/api/clients/confirm_reset', { token, password: '12345678' });
    expect(expectRussianError(weak, 400)).toContain('распространён');
    const done = await post('/api/clients/confirm_reset', { token, password: 'Новый-пароль-2026' });
    expect(done.json()).toEqual({ data: { ok: true } });
    expect((await me(client.headers)).statusCode).toBe(401);
    const reused = await post('/api/clients/confirm_reset', { token, password: 'Ещё-один-пароль' });
    expect(expectRussianError(reused, 400)).toContain('недействительна или устарела');
    const login = await post('/api/clients/login', {
      phone: client.phone,
      password: 'Новый-пароль-2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it('lets a reset link live one hour', async () => {
    const client = await confirmedClient();
    await post('/api/clients/reset_by_email_url', { phone: client.phone });
    const token = (await lastLink(testApp, client.email)).searchParams.get('token');
    testApp.clock.advanceBy(61 * MINUTE);
    const late = await post('/api/clients/confirm_reset', { token, password: 'Новый-пароль-2026' });
    expect(expectRussianError(late, 400)).toContain('устарела');
  });

  it('sends no reset link to an unconfirmed e-mail, answering like for any phone', async () => {
    const client = await signUpThroughApi(testApp);
    const email = await setEmail(client);
    const response = await post('/api/clients/reset_by_email_url', { phone: client.phone });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { message: string } }>().data.message).toContain('кодом из SMS');
    const unknown = await post('/api/clients/reset_by_email_url', { phone: uniquePhone() });
    expect(unknown.body).toBe(response.body);
    await expect(lastLink(testApp, email)).rejects.toThrow(/nothing in the outbox/);
  });

  it('resets the password with an SMS code', async () => {
    const client = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    testApp.clock.advanceBy(61_000);
    expect((await requestCode(testApp, client.phone, 'reset')).statusCode).toBe(200);
    const code = await lastCode(testApp, client.phone);
    const response = await post('/api/clients/reset_by_sms', {
      phone: client.phone,
      code,
      password: 'Пароль-по-смс-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await me(client.headers)).statusCode).toBe(401);
    const login = await post('/api/clients/login', {
      phone: client.phone,
      password: 'Пароль-по-смс-1',
    });
    expect(login.statusCode).toBe(200);
  });

  it('signs in by an e-mailed /social/callback link, once, within 15 minutes', async () => {
    const client = await confirmedClient();
    const sent = await post('/api/clients/login-link', { phone: client.phone });
    expect(sent.statusCode, sent.body).toBe(200);
    const link = await lastLink(testApp, client.email);
    expect(`${link.origin}${link.pathname}`).toBe('https://lk.zaymo.test/social/callback');
    const code = link.searchParams.get('code');
    const exchanged = await post('/api/clients/social/exchange', { code });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const { data } = sessionResponseSchema.parse(exchanged.json());
    expect(data.client.id).toBe(client.clientId);
    expect((await me({ authorization: `Bearer ${data.token}` })).statusCode).toBe(200);
    const reused = await post('/api/clients/social/exchange', { code });
    expect(expectRussianError(reused, 400)).toContain('Ссылка для входа недействительна');

    testApp.clock.advanceBy(61_000);
    await post('/api/clients/login-link', { phone: client.phone });
    const late = (await lastLink(testApp, client.email)).searchParams.get('code');
    testApp.clock.advanceBy(16 * MINUTE);
    expectRussianError(await post('/api/clients/social/exchange', { code: late }), 400);
  });

  it('sends no sign-in link to an unconfirmed e-mail', async () => {
    const client = await signUpThroughApi(testApp);
    const email = await setEmail(client);
    const response = await post('/api/clients/login-link', { phone: client.phone });
    expect(response.statusCode).toBe(200);
    await expect(lastLink(testApp, email)).rejects.toThrow(/nothing in the outbox/);
  });
});
