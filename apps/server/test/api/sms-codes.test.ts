import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../../src/db/schema';
import {
  expectRussianError,
  lastCode,
  lastOutboxMessage,
  requestCode,
  uniqueIp,
  wrongCode,
} from '../helpers/accounts';
import { createClient, uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectRefusal } from '../helpers/refusal';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('SMS codes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  /** Sign-in by code, the simplest consumer of a code. */
  const signIn = (phone: string, code: string) =>
    testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/verify_phone',
      payload: { phone, code },
      remoteAddress: uniqueIp(),
    });

  async function clientWithCode(): Promise<{ phone: string; code: string }> {
    const { phone } = await createClient(testApp);
    expect((await requestCode(testApp, phone, 'signin')).statusCode).toBe(200);
    return { phone, code: await lastCode(testApp, phone) };
  }

  it('sends 6 digits in a Russian SMS and signs in with them once', async () => {
    const { phone, code } = await clientWithCode();
    expect(code).toMatch(/^\d{6}$/);
    const first = await signIn(phone, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ data: { client: { phone, phone_confirmed: true } } });
    const again = await signIn(phone, code);
    expectRefusal(again, 'SMS_CODE_UNUSABLE');
  });

  it.each([
    ['+7 495 123-45-67', 'a landline'],
    ['+1 202 555 0100', 'a foreign number'],
    ['+7912345678', 'ten digits with +7'],
    ['8912345678901', 'too many digits'],
    ['телефон', 'letters'],
    ['', 'an empty string'],
  ])('refuses %s (%s) with a Russian 400', async (phone) => {
    const response = await requestCode(testApp, phone, 'signin');
    const body = response.json<{ fields?: Record<string, string> }>();
    expectRussianError(response, 400);
    expect(body.fields?.phone).toMatch(/номер/);
  });

  it('burns a code after 5 wrong tries: the 6th try with the right code fails', async () => {
    const { phone, code } = await clientWithCode();
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push(expectRussianError(await signIn(phone, wrongCode(code)), 400));
    }
    expect(messages[0]).toContain('осталось попыток: 4');
    expect(messages[4]).toContain('Попытки закончились');
    const right = await signIn(phone, code);
    expect(expectRussianError(right, 400)).toContain('слишком много неверных попыток');
  });

  it('lets 20 parallel wrong guesses count at most 5, then refuses the right code', async () => {
    const { phone, code } = await clientWithCode();
    const guesses = Array.from({ length: 20 }, (_, index) =>
      String((Number(code) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((guess) => signIn(phone, guess)));
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const counted = answers.filter((answer) =>
      answer.json<{ message: string }>().message.startsWith('Неверный код'),
    );
    expect(counted.length).toBeLessThanOrEqual(5);
    const [row] = await testApp.ctx.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row?.attempts).toBe(5);
    expect(row?.consumedAt).toBeNull();
    expectRussianError(await signIn(phone, code), 400);
  });

  it('uses a right code once even when it arrives 10 times at once', async () => {
    const { phone, code } = await clientWithCode();
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(phone, code)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(9);
  });

  it('expires a code after 5 minutes (clock moved)', async () => {
    const { phone, code } = await clientWithCode();
    testApp.clock.advanceBy(5 * MINUTE + SECOND);
    expectRefusal(await signIn(phone, code), 'SMS_CODE_UNUSABLE');
  });

  it('accepts a code only for its own phone and purpose', async () => {
    const { phone, code } = await clientWithCode();
    const other = await createClient(testApp);
    expectRussianError(await signIn(other.phone, code), 400);

    const signUpPhone = uniquePhone();
    await requestCode(testApp, signUpPhone, 'signup');
    const signUpCode = await lastCode(testApp, signUpPhone);
    expect(expectRussianError(await signIn(signUpPhone, signUpCode), 400)).toContain(
      'Код не подходит',
    );
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/reset_by_sms',
      payload: { phone, code, password: 'Новый-пароль-2026' },
    });
    expect(expectRussianError(reset, 400)).toContain('Код не подходит');
    expect((await signIn(phone, code)).statusCode).toBe(200);
  });

  it('answers a resend within 60 s with 429 and the seconds left', async () => {
    const { phone } = await createClient(testApp);
    expect((await requestCode(testApp, phone, 'signin')).statusCode).toBe(200);
    testApp.clock.advanceBy(20 * SECOND);
    const early = await requestCode(testApp, phone, 'signin');
    const message = expectRussianError(early, 429);
    const body = early.json<{ retry_after: number }>();
    expect(body.retry_after).toBeGreaterThanOrEqual(39);
    expect(body.retry_after).toBeLessThanOrEqual(40);
    expect(early.headers['retry-after']).toBe(String(body.retry_after));
    expect(message).toMatch(/^Новый код можно запросить через \d+ секунд/);
    testApp.clock.advanceBy(41 * SECOND);
    expect((await requestCode(testApp, phone, 'signin')).statusCode).toBe(200);
  });

  it('lets a code of another purpose go out within the 60 s pause', async () => {
    const { phone } = await createClient(testApp);
    expect((await requestCode(testApp, phone, 'signin')).statusCode).toBe(200);
    testApp.clock.advanceBy(5 * SECOND);
    expect((await requestCode(testApp, phone, 'reset')).statusCode).toBe(200);
    expectRussianError(await requestCode(testApp, phone, 'signin'), 429);
  });

  it('caps codes per phone per hour, shared by all purposes', async () => {
    const { phone } = await createClient(testApp);
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await requestCode(testApp, phone, sent % 2 ? 'reset' : 'signin')).statusCode).toBe(
        200,
      );
      testApp.clock.advanceBy(61 * SECOND);
    }
    const capped = await requestCode(testApp, phone, 'signin');
    expect(expectRussianError(capped, 429)).toContain('слишком много кодов');
    expect(capped.json<{ retry_after: number }>().retry_after).toBeGreaterThan(50 * 60);
    testApp.clock.advanceBy(60 * MINUTE);
    expect((await requestCode(testApp, phone, 'signin')).statusCode).toBe(200);
  });

  it('caps codes per IP per hour', async () => {
    const ip = uniqueIp();
    for (let sent = 0; sent < 20; sent += 1) {
      expect((await requestCode(testApp, uniquePhone(), 'signup', ip)).statusCode).toBe(200);
    }
    const capped = await requestCode(testApp, uniquePhone(), 'signup', ip);
    expect(expectRussianError(capped, 429)).toContain('С вашего устройства');
    expect((await requestCode(testApp, uniquePhone(), 'signup')).statusCode).toBe(200);
  });

  it('keeps the caps when 10 codes for one phone are requested at once', async () => {
    const { phone } = await createClient(testApp);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestCode(testApp, phone, 'signin')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
  });

  it('answers an unknown phone like a registered one; its SMS says it is not registered', async () => {
    const phone = uniquePhone();
    const response = await requestCode(testApp, phone, 'signin');
    expect(response.statusCode, response.body).toBe(200);
    const sms = await lastOutboxMessage(testApp, phone, 'sms');
    expect(sms.body).toContain('не зарегистрирован');
    expect(sms.body).not.toMatch(/\d{6}/);
  });
});

describe('SMS provider failure', () => {
  let testApp: TestApp;
  let failing = true;
  beforeAll(async () => {
    testApp = await createTestApp({
      messaging: (defaults) => ({
        ...defaults,
        sms: {
          name: 'smsru',
          send: async (message) => {
            if (failing) throw new Error('SMS.ru: 200 Неправильный api_id');
            await defaults.sms.send(message);
          },
        },
      }),
    });
  });
  afterAll(() => testApp.close());

  it('answers 503 in Russian and forgets the code, so the client may retry at once', async () => {
    const phone = uniquePhone();
    const failed = await requestCode(testApp, phone, 'signup');
    expect(expectRussianError(failed, 503)).toBe('Не удалось отправить SMS. Попробуйте ещё раз');
    expect(failed.body).not.toContain('api_id');
    failing = false;
    const retried = await requestCode(testApp, phone, 'signup');
    expect(retried.statusCode).toBe(200);
    expect(await lastCode(testApp, phone)).toMatch(/^\d{6}$/);
  });
});
