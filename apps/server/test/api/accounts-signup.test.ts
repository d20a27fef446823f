import {
  getClientResponseSchema,
  lastRefererResponseSchema,
  passwordSettingsResponseSchema,
  registrationSettingsResponseSchema,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConsents, clients, smsCodes } from '../../src/db/schema';
import {
  ALL_CONSENTS,
  GOOD_PASSWORD,
  REQUIRED_CONSENTS,
  expectRussianError,
  lastCode,
  lastOutboxMessage,
  requestCode,
  signUpThroughApi,
  uniqueIp,
} from '../helpers/accounts';
import { createClient, uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('sign-up', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const create = (payload: Record<string, unknown>, ip = uniqueIp()) =>
    testApp.app.inject({ method: 'POST', url: '/api/clients/create', payload, remoteAddress: ip });

  it('lists the registration consents with versions and working document links', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/registration/settings' });
    const { consents } = registrationSettingsResponseSchema.parse(response.json()).data;
    expect(consents.map((consent) => [consent.code, consent.required])).toEqual([
      ['personal_data', true],
      ['terms', true],
      ['asp', true],
      ['bki', false],
      ['marketing', false],
    ]);
    const personalData = consents[0];
    expect(personalData?.document_link).toBe('/api/documents/public/personal_data_consent');
    expect(personalData?.version).toMatch(/^\d+\.\d+ от \d{2}\.\d{2}\.\d{4}$/);
    const pdf = await testApp.app.inject({ method: 'GET', url: personalData?.document_link ?? '' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 in Russian for a document that is not public', async () => {
    for (const kind of ['individual_terms', 'nothing', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/documents/public/${kind}`,
      });
      expect(expectRussianError(response, 404)).toBe('Документ не найден');
    }
  });

  it('tells the password policy', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/passwordSettings',
    });
    const { data } = passwordSettingsResponseSchema.parse(response.json());
    expect(data.min_length).toBe(8);
    expect(data.max_length).toBeGreaterThanOrEqual(64);
    expect(data.rules.join(' ')).toContain('qwerty123');
    // The length is shown from min_length and max_length; a rule repeating it reads twice.
    expect(data.rules.filter((rule) => /символ/.test(rule))).toEqual([]);
  });

  it('creates the client from phone + SMS code + consents, signs them in at step 1', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const sent = await requestCode(testApp, phone, 'signup', ip);
    expect(sent.json()).toEqual({ data: { resend_after: 60, expires_in: 300 } });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/create',
      remoteAddress: ip,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux) Тест' },
      payload: {
        phone: phone.replace('+7', '8 ').replace(/(\d{3})(\d{3})/, '($1) $2-'),
        code: await lastCode(testApp, phone),
        consents: REQUIRED_CONSENTS,
        password: GOOD_PASSWORD,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { token, client } = response.json<{ data: { token: string; client: unknown } }>().data;
    expect(token.length).toBeGreaterThan(27);
    expect(client).toMatchObject({
      phone,
      phone_confirmed: true,
      has_password: true,
      step: 1,
      email: null,
      is_operator_session: false,
    });

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(getClientResponseSchema.parse(me.json()).data.client.phone).toBe(phone);
  });

  it('records each consent with document, version, time, IP and user agent', async () => {
    const { clientId } = await signUpThroughApi(testApp);
    const rows = await testApp.ctx.db
      .select()
      .from(clientConsents)
      .where(eq(clientConsents.clientId, clientId));
    expect(rows.map((row) => row.code).sort()).toEqual([...ALL_CONSENTS].sort());
    const personalData = rows.find((row) => row.code === 'personal_data');
    expect(personalData).toMatchObject({
      document: 'personal_data_consent',
      version: '1.0 от 01.03.2026',
      userAgent: 'Vitest/4 (API tests)',
    });
    expect(personalData?.ip).toMatch(/^10\./);
    expect(
      Math.abs((personalData?.acceptedAt.getTime() ?? 0) - testApp.clock.now().getTime()),
    ).toBeLessThan(5_000);
  });

  it('answers a registered phone like any other, and tells its owner by SMS (no code)', async () => {
    const existing = await createClient(testApp);
    const sent = await requestCode(testApp, existing.phone, 'signup');
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = await lastOutboxMessage(testApp, existing.phone, 'sms');
    expect(sms.body).toContain('уже зарегистрирован');
    expect(sms.body).not.toMatch(/\d{6}/);
    const response = await create({
      phone: existing.phone,
      code: '123456',
      consents: ALL_CONSENTS,
    });
    expect(expectRussianError(response, 400)).toContain('Неверный код');
  });

  it('names the missing required consents and keeps the code for the second try', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    await requestCode(testApp, phone, 'signup', ip);
    const code = await lastCode(testApp, phone);
    const missing = await create({ phone, code, consents: ['terms', 'bki'] }, ip);
    const message = expectRussianError(missing, 400);
    expect(message).toContain('Согласие на обработку персональных данных');
    expect(message).toContain('аналога собственноручной подписи');
    expect(message).not.toContain('бюро кредитных историй');

    const unknown = await create({ phone, code, consents: [...REQUIRED_CONSENTS, 'x'] }, ip);
    expect(expectRussianError(unknown, 400)).toContain('Неизвестное согласие');

    const ok = await create({ phone, code, consents: REQUIRED_CONSENTS }, ip);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses common and phone-like passwords without using up the code', async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    await requestCode(testApp, phone, 'signup', ip);
    const code = await lastCode(testApp, phone);
    for (const password of [
      'qwerty123',
      'QWERTY123',
      '12345678',
      'password',
      'йцукенгш',
      'gfhjkm123',
    ]) {
      const response = await create({ phone, code, consents: REQUIRED_CONSENTS, password }, ip);
      expect(expectRussianError(response, 400), password).toContain('распространён');
    }
    const phoneLike = await create(
      { phone, code, consents: REQUIRED_CONSENTS, password: `pin${phone.slice(2)}` },
      ip,
    );
    expect(expectRussianError(phoneLike, 400)).toContain('номером телефона');
    const short = await create({ phone, code, consents: REQUIRED_CONSENTS, password: 'Ab1!' }, ip);
    expect(expectRussianError(short, 400)).toBeTruthy();
    const long = 'Очень длинная парольная фраза, которую никто не угадает '.repeat(2);
    const ok = await create({ phone, code, consents: REQUIRED_CONSENTS, password: long }, ip);
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await testApp.ctx.db.select().from(clients).where(eq(clients.phone, phone));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(long);
  });

  it('stores only an HMAC of the code', async () => {
    const phone = uniquePhone();
    await requestCode(testApp, phone, 'signup');
    const code = await lastCode(testApp, phone);
    const [row] = await testApp.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('saves the first-visit parameters without secrets and shows them at last_referer', async () => {
    const { headers } = await signUpThroughApi(testApp, {
      referer: {
        utm_source: 'yandex',
        utm_campaign: 'весна-2026',
        token: 'leaked-operator-token-1234567890',
        from_crm: 'true',
      },
    });
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/last_referer',
      headers,
    });
    const { data } = lastRefererResponseSchema.parse(response.json());
    expect(data.params).toEqual({ utm_source: 'yandex', utm_campaign: 'весна-2026' });
    expect(data.created_at).not.toBeNull();

    const plain = await signUpThroughApi(testApp);
    const none = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/last_referer',
      headers: plain.headers,
    });
    expect(none.json()).toEqual({ data: { params: {}, created_at: null } });
  });

  it('lets a client without a password set one later, and then requires the current one', async () => {
    const { headers } = await signUpThroughApi(testApp);
    const update = (payload: Record<string, unknown>) =>
      testApp.app.inject({ method: 'PATCH', url: '/api/clients/update', headers, payload });
    const first = await update({ password: GOOD_PASSWORD });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { client: { has_password: true } } });

    const withoutCurrent = await update({ password: 'Другой-пароль-77' });
    expect(expectRussianError(withoutCurrent, 400)).toBe('Введите текущий пароль');
    const wrongCurrent = await update({ password: 'Другой-пароль-77', current_password: 'nope' });
    expect(expectRussianError(wrongCurrent, 400)).toBe('Неверный текущий пароль');
    const right = await update({ password: 'Другой-пароль-77', current_password: GOOD_PASSWORD });
    expect(right.statusCode, right.body).toBe(200);
    expect(expectRussianError(await update({}), 400)).toContain('Укажите, что изменить');
  });
});
