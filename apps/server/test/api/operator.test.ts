import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOperatorLink } from '../../src/services/crm-links';
import { expectRussianError, signUpThroughApi, uniqueIp } from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

const MINUTE = 60_000;

describe('operator (CRM) mode', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://lk.zaymo.test' } });
  });
  afterAll(() => testApp.close());

  async function operatorFor(phone: string, operatorName = 'Петрова А.') {
    const link = await issueOperatorLink(testApp.ctx, { phone, operatorName });
    const url = new URL(link.url);
    const token = url.searchParams.get('token') ?? '';
    return { link, url, token, headers: { authorization: `Bearer ${token}` } };
  }

  it('issues a /?from_crm=true&token=… link for a short-lived operator session', async () => {
    const client = await signUpThroughApi(testApp);
    const { url, token, headers, link } = await operatorFor(client.phone.replace('+7', '8'));
    expect(`${url.origin}${url.pathname}`).toBe('https://lk.zaymo.test/');
    expect(url.searchParams.get('from_crm')).toBe('true');
    expect(token.length).toBeGreaterThan(27);
    const expiresIn = link.expiresAt.getTime() - testApp.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(119 * MINUTE);
    expect(expiresIn).toBeLessThanOrEqual(120 * MINUTE);

    const me = await testApp.app.inject({ method: 'GET', url: '/api/clients', headers });
    expect(me.json()).toMatchObject({
      data: {
        client: { id: client.clientId, is_operator_session: true, operator_name: 'Петрова А.' },
      },
    });
    testApp.clock.advanceBy(121 * MINUTE);
    const late = await testApp.app.inject({ method: 'GET', url: '/api/clients', headers });
    expectRussianError(late, 401);
  });

  it('refuses unknown clients and bad operator names with Russian errors', async () => {
    await expect(
      issueOperatorLink(testApp.ctx, { phone: uniquePhone(), operatorName: 'Иванов' }),
    ).rejects.toThrow(/не найден/);
    await expect(
      issueOperatorLink(testApp.ctx, { phone: '12345', operatorName: 'Иванов' }),
    ).rejects.toThrow(/мобильный номер/);
    const client = await signUpThroughApi(testApp);
    await expect(
      issueOperatorLink(testApp.ctx, { phone: client.phone, operatorName: ' ' }),
    ).rejects.toThrow(/имя оператора/);
  });

  it('cannot request a signing code: 403 with a clear Russian message, logged', async () => {
    const client = await signUpThroughApi(testApp);
    const { headers } = await operatorFor(client.phone, 'Сидоров К.');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers,
      payload: { purpose: 'sign' },
      remoteAddress: uniqueIp(),
    });
    expect(expectRussianError(response, 403)).toMatch(/Оператор не может .* запрашивать коды/);
    const events = (await testApp.logs.settled()).entries();
    expect(events).toContainEqual(
      expect.objectContaining({
        security: 'operator_denied',
        operator: 'Сидоров К.',
        route: '/api/sms/send',
      }),
    );
  });

  it('cannot pay or sign on "client-not-operator" routes (403)', async () => {
    const client = await signUpThroughApi(testApp);
    const { headers } = await operatorFor(client.phone);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/test/sign', headers });
    expectRussianError(response, 403);
  });

  it('cannot change the password or the phone of the client (403)', async () => {
    const client = await signUpThroughApi(testApp);
    const { headers } = await operatorFor(client.phone);
    const password = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: { password: 'Пароль-оператора-1' },
    });
    expect(expectRussianError(password, 403)).toContain('Оператор не может менять e-mail');
    const phone = await testApp.app.inject({
      method: 'POST',
      url: `/api/clients/${client.clientId}/phone-confirmation/request`,
      headers,
      payload: { phone: uniquePhone() },
    });
    expect(expectRussianError(phone, 403)).toContain('телефон');
  });

  it('lets the client request a signing code in person, for a named order', async () => {
    const client = await signUpThroughApi(testApp);
    testApp.clock.advanceBy(61_000);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: client.headers,
      payload: { purpose: 'sign' },
      remoteAddress: uniqueIp(),
    });
    expect(expectRussianError(response, 400)).toBe(
      'Укажите заявку, документы которой подписывает код',
    );
    const other = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: client.headers,
      payload: { purpose: 'sign', phone: uniquePhone() },
    });
    expect(expectRussianError(other, 400)).toContain('только на ваш номер');
  });
});
