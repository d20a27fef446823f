import { resetEmailHintResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOperatorLink } from '../../src/services/crm-links';
import {
  expectRussianError,
  GOOD_PASSWORD,
  lastCode,
  lastLink,
  requestCode,
  signUpThroughApi,
  uniqueIp,
  wrongCode,
  type SignedUp,
} from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectRefusal } from '../helpers/refusal';

/**
 * The masked e-mail is offered only once the reset SMS code proves the phone;
 * the client may then have the reset link sent there instead of typing a new password.
 */
const MINUTE = 60_000;

describe('password reset: the e-mail alternative after the SMS code', () => {
  let testApp: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { PUBLIC_URL: 'https://lk.zaymo.test' } });
  });
  afterAll(() => testApp.close());

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueIp() });

  async function withEmail(confirmBy: 'client' | 'operator' | null) {
    const client = await signUpThroughApi(testApp);
    sequence += 1;
    const email = `ivanov.${sequence}.${Date.now()}@mail.ru`;
    await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers: client.headers,
      payload: { email },
    });
    if (confirmBy) await confirm(client, email, confirmBy);
    return { ...client, email };
  }

  async function confirm(client: SignedUp, email: string, by: 'client' | 'operator') {
    await post('/api/clients/email/confirmation', undefined, client.headers);
    const token = (await lastLink(testApp, email)).searchParams.get('token');
    const operator = await issueOperatorLink(testApp.ctx, {
      phone: client.phone,
      operatorName: 'Петрова А.',
    });
    const headers: Record<string, string> =
      by === 'operator'
        ? { authorization: `Bearer ${new URL(operator.url).searchParams.get('token') ?? ''}` }
        : {};
    expect((await post('/api/clients/email/confirm', { token }, headers)).statusCode).toBe(200);
  }

  async function resetCode(phone: string): Promise<string> {
    testApp.clock.advanceBy(2 * MINUTE);
    expect((await requestCode(testApp, phone, 'reset')).statusCode).toBe(200);
    return lastCode(testApp, phone);
  }

  const hint = async (phone: string, code: string) => {
    const response = await post('/api/clients/reset_by_sms/email_hint', { phone, code });
    expect(response.statusCode, response.body).toBe(200);
    return resetEmailHintResponseSchema.parse(response.json()).data.email_hint;
  };

  it('names the masked e-mail after the code, sends the link there and uses the code up', async () => {
    const client = await withEmail('client');
    const code = await resetCode(client.phone);

    expect(await hint(client.phone, code)).toMatch(/^iv\*\*\*@mail\.ru$/);
    const sent = await post('/api/clients/reset_by_sms/email_link', { phone: client.phone, code });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      data: {
        message: 'Мы отправили ссылку для смены пароля на iv***@mail.ru. Она действует один час',
      },
    });
    const link = await lastLink(testApp, client.email);
    expect(`${link.origin}${link.pathname}`).toBe('https://lk.zaymo.test/email/reset');

    const again = await post('/api/clients/reset_by_sms', {
      phone: client.phone,
      code,
      password: GOOD_PASSWORD,
    });
    expectRefusal(again, 'SMS_CODE_UNUSABLE');
  });

  it('leaves the code usable for a new password after naming the e-mail', async () => {
    const client = await withEmail('client');
    const code = await resetCode(client.phone);
    await hint(client.phone, code);
    const reset = await post('/api/clients/reset_by_sms', {
      phone: client.phone,
      code,
      password: GOOD_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('names nothing for a wrong code, and counts it as a wrong attempt', async () => {
    const client = await withEmail('client');
    const code = await resetCode(client.phone);
    const wrong = await post('/api/clients/reset_by_sms/email_hint', {
      phone: client.phone,
      code: wrongCode(code),
    });
    expect(expectRussianError(wrong, 400)).toContain('осталось попыток: 4');
    expect(wrong.body).not.toContain('mail.ru');
    const link = await post('/api/clients/reset_by_sms/email_link', {
      phone: client.phone,
      code: wrongCode(code),
    });
    expect(expectRussianError(link, 400)).toContain('осталось попыток: 3');
  });

  it('offers no e-mail that is unconfirmed or confirmed by an operator within 24 hours', async () => {
    const unconfirmed = await withEmail(null);
    const byOperator = await withEmail('operator');
    for (const client of [unconfirmed, byOperator]) {
      const code = await resetCode(client.phone);
      expect(await hint(client.phone, code)).toBeNull();
      const link = await post('/api/clients/reset_by_sms/email_link', {
        phone: client.phone,
        code,
      });
      expect(expectRussianError(link, 400)).toContain('не привязан подтверждённый e-mail');
    }
  });
});
