import { sessionResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, expectRussianError, signUpThroughApi, uniqueIp } from '../helpers/accounts';
import { createClientWithSession, uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;

describe('sign-in and sessions', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const login = (phone: string, password: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/clients/login',
      payload: { phone, password },
      remoteAddress: uniqueIp(),
    });
  const me = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'GET', url: '/api/clients', headers });

  it('signs in with phone and password and issues a new long token', async () => {
    const { phone, token } = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    const response = await login(phone.replace('+7', '8'), GOOD_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = sessionResponseSchema.parse(response.json());
    expect(data.token).not.toBe(token);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.client.phone).toBe(phone);
    expect((await me({ authorization: `Bearer ${data.token}` })).statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown phone and a client without password alike: 400', async () => {
    const withPassword = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    const withoutPassword = await signUpThroughApi(testApp);
    for (const response of [
      await login(withPassword.phone, 'Не-тот-пароль-1'),
      await login(uniquePhone(), GOOD_PASSWORD),
      await login(withoutPassword.phone, GOOD_PASSWORD),
    ]) {
      expect(expectRussianError(response, 400)).toBe('Неверный телефон или пароль');
    }
  });

  it('pauses password sign-in after 5 failures in 15 minutes, even for the right password', async () => {
    const { phone } = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectRussianError(await login(phone, `wrong-password-${attempt}`), 400);
    }
    const locked = await login(phone, GOOD_PASSWORD);
    expect(expectRussianError(locked, 429)).toContain('войдите по коду из SMS');
    expect(locked.json<{ retry_after: number }>().retry_after).toBeGreaterThan(14 * 60);
    testApp.clock.advanceBy(15 * MINUTE + 1000);
    expect((await login(phone, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('counts parallel wrong passwords exactly: 12 at once lock after 5', async () => {
    const { phone } = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => login(phone, `parallel-wrong-${index}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7);
  });

  it('forgets failures after a successful sign-in', async () => {
    const { phone } = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    for (let attempt = 0; attempt < 4; attempt += 1) await login(phone, 'wrong-password');
    expect((await login(phone, GOOD_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expectRussianError(await login(phone, 'wrong-password'), 400);
    }
    expect((await login(phone, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('revokes the session at logout: the token then gets 401', async () => {
    const { headers } = await signUpThroughApi(testApp);
    expect((await me(headers)).statusCode).toBe(200);
    const logout = await testApp.app.inject({ method: 'GET', url: '/api/clients/logout', headers });
    expect(logout.json()).toEqual({ data: { ok: true } });
    expect(expectRussianError(await me(headers), 401)).toBe('Войдите в личный кабинет');
    const again = await testApp.app.inject({ method: 'GET', url: '/api/clients/logout', headers });
    expectRussianError(again, 401);
  });

  it('signs other sessions out when the password changes, keeping the current one', async () => {
    const { phone, headers } = await signUpThroughApi(testApp, { password: GOOD_PASSWORD });
    const other = sessionResponseSchema.parse((await login(phone, GOOD_PASSWORD)).json());
    const otherHeaders = { authorization: `Bearer ${other.data.token}` };
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: { password: 'Совсем-новый-пароль', current_password: GOOD_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(otherHeaders)).statusCode).toBe(401);
    expect((await login(phone, 'Совсем-новый-пароль')).statusCode).toBe(200);
  });

  it('shows an operator session as such in GET /clients', async () => {
    const { headers, client } = await createClientWithSession(testApp, {
      operatorName: 'Оператор Смирнова',
    });
    const response = await me(headers);
    expect(response.json()).toMatchObject({
      data: {
        client: {
          id: client.id,
          is_operator_session: true,
          operator_name: 'Оператор Смирнова',
          phone_confirmed: false,
          has_password: false,
          step: null,
        },
      },
    });
  });
});
