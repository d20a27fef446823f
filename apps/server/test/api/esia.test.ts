import {
  API_ERRORS,
  clientProfileResponseSchema,
  sessionResponseSchema,
  type ClientProfile,
} from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsiaError } from '../../src/integrations/esia/client';
import { createGosuslugi } from '../../src/services/esia/gosuslugi';
import {
  ALL_CONSENTS,
  expectRussianError,
  lastCode,
  requestCode,
  signUpThroughApi,
  uniqueIp,
} from '../helpers/accounts';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openPage } from './cards-helpers';
import {
  completeTrip,
  returnFromEsia,
  startTrip,
  throughLogin,
  tripToCallback,
} from './esia-helpers';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** Sign-up with Госуслуги: the trip, then the phone's SMS code and /clients/create with the ticket. */
async function signUpWithEsia(citizen = '1001', fresh = true) {
  const answer = await completeTrip(testApp, { purpose: 'signup', citizen, fresh });
  if (answer.outcome !== 'signup') throw new Error(`expected a sign-up, got ${answer.outcome}`);
  const phone = uniquePhone();
  const ip = uniqueIp();
  expect((await requestCode(testApp, phone, 'signup', ip)).statusCode).toBe(200);
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/clients/create',
    remoteAddress: ip,
    payload: {
      phone,
      code: await lastCode(testApp, phone),
      consents: ALL_CONSENTS,
      esia_ticket: answer.esia_ticket,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { data } = sessionResponseSchema.parse(created.json());
  return { answer, phone, headers: { authorization: `Bearer ${data.token}` }, client: data.client };
}

async function profileOf(headers: Record<string, string>): Promise<ClientProfile> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/clients/profile',
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return clientProfileResponseSchema.parse(response.json()).data;
}

describe('sign-up with Госуслуги', () => {
  it('fills the identity steps from a confirmed account, locked, after the phone is confirmed by SMS', async () => {
    const { answer, headers, client } = await signUpWithEsia();
    expect(answer).toMatchObject({
      phone: '+79161000001',
      full_name: 'Госуслугин Пётр Алексеевич',
    });
    expect(client).toMatchObject({ surname: 'Госуслугин', step: 4, phone_confirmed: true });
    const profile = await profileOf(headers);
    expect(profile.personal).toMatchObject({
      surname: 'Госуслугин',
      birth_date: '1988-07-12',
      gender: 'MALE',
    });
    expect(profile.passport).toEqual({
      series_number: '4512100001',
      issue_date: '2012-05-20',
      division_code: '770-001',
      issued_by: 'ГУ МВД России по г. Москве',
    });
    expect(profile.addresses?.registration.value).toBe('г Москва, ул Тверская, д 7, кв 12');
    expect(profile.esia).toMatchObject({ linked: true, identification_level: 'esia_confirmed' });
    expect(profile.esia.steps.passport.state).toBe('confirmed');
    const changed = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update?step=2',
      headers,
      payload: { ...profile.passport, series_number: '4512999999' },
    });
    expect(expectRussianError(changed, 409)).toBe(API_ERRORS.ESIA_STEP_LOCKED.message);
  });

  it('signs the same citizen in next time, without a second account', async () => {
    const first = await completeTrip(testApp, { purpose: 'signup', citizen: '1002', fresh: false });
    if (first.outcome !== 'signup') throw new Error('expected a sign-up');
    const phone = uniquePhone();
    const ip = uniqueIp();
    await requestCode(testApp, phone, 'signup', ip);
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/create',
      remoteAddress: ip,
      payload: {
        phone,
        code: await lastCode(testApp, phone),
        consents: ALL_CONSENTS,
        esia_ticket: first.esia_ticket,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const again = await completeTrip(testApp, { purpose: 'signin', citizen: '1002', fresh: false });
    expect(again).toMatchObject({ outcome: 'signed_in', client: { phone } });
  });

  it('takes a ticket once', async () => {
    const { answer } = await signUpWithEsia();
    if (answer.outcome !== 'signup') throw new Error('expected a sign-up');
    const phone = uniquePhone();
    const ip = uniqueIp();
    await requestCode(testApp, phone, 'signup', ip);
    const reused = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/create',
      remoteAddress: ip,
      payload: {
        phone,
        code: await lastCode(testApp, phone),
        consents: ALL_CONSENTS,
        esia_ticket: answer.esia_ticket,
      },
    });
    expect(expectRussianError(reused, 400)).toContain('Войдите через Госуслуги ещё раз');
  });
});

describe('the OAuth flow is checked', () => {
  it('refuses an unknown state, another browser, and a state used before (a replayed code)', async () => {
    const callback = await tripToCallback(testApp, { purpose: 'signup' });
    const forgedState = new URLSearchParams(callback.query);
    forgedState.set('state', crypto.randomUUID());
    expect(
      expectRussianError(await returnFromEsia(testApp, { ...callback, query: forgedState }), 400),
    ).toBe(API_ERRORS.ESIA_STATE_REFUSED.message);
    expect(
      expectRussianError(
        await returnFromEsia(testApp, { ...callback, cookie: 'zaymo_esia=other' }),
        400,
      ),
    ).toBe(API_ERRORS.ESIA_STATE_REFUSED.message);
    expect((await returnFromEsia(testApp, callback)).statusCode).toBe(200);
    expect(expectRussianError(await returnFromEsia(testApp, callback), 400)).toBe(
      API_ERRORS.ESIA_STATE_REFUSED.message,
    );
  });

  it('refuses a forged code: ЕСИА does not know it', async () => {
    const callback = await tripToCallback(testApp, { purpose: 'signup' });
    callback.query.set('code', 'forged-code-of-an-attacker-0000000');
    expect(expectRussianError(await returnFromEsia(testApp, callback), 400)).toBe(
      API_ERRORS.ESIA_CODE_REFUSED.message,
    );
  });

  it('the sandbox refuses a code twice, a wrong PKCE verifier, and a nonce of another trip', async () => {
    const gosuslugi = createGosuslugi(testApp.ctx.config, testApp.app, testApp.clock);
    const esia = gosuslugi.esia;
    if (!esia) throw new Error('no ЕСИА');
    const verifier = 'v'.repeat(43);
    const challenge = (await import('node:crypto'))
      .createHash('sha256')
      .update(verifier)
      .digest('base64url');
    const redirectUri = 'http://localhost:80/social/callback';
    const trip = async () => {
      const url = await esia.authorizationUrl({
        state: crypto.randomUUID(),
        nonce: 'n-1',
        codeChallenge: challenge,
        redirectUri,
      });
      return throughLogin(
        testApp,
        new URL(
          url.replace(testApp.ctx.config.esia?.url ?? '', 'http://localhost:80/sandbox/esia'),
        ),
        { purpose: 'signup' },
      );
    };
    const exchange = (code: string, overrides: { codeVerifier?: string; nonce?: string } = {}) =>
      esia.importPerson({
        code,
        codeVerifier: verifier,
        redirectUri,
        nonce: 'n-1',
        state: crypto.randomUUID(),
        ...overrides,
      });

    const code = (await trip()).get('code') ?? '';
    await expect(exchange(code)).resolves.toMatchObject({ person: { trusted: true } });
    await expect(exchange(code)).rejects.toMatchObject({ code: 'ESIA-007011' });

    const second = (await trip()).get('code') ?? '';
    await expect(exchange(second, { codeVerifier: 'x'.repeat(43) })).rejects.toMatchObject({
      code: 'ESIA-007040',
    });

    const third = (await trip()).get('code') ?? '';
    await expect(exchange(third, { nonce: 'n-2' })).rejects.toBeInstanceOf(EsiaError);
  });

  it('the sandbox refuses a client_secret that does not sign these parameters, and a stale timestamp', async () => {
    const { url } = await startTrip(testApp, 'signup');
    const tampered = new URL(url);
    tampered.searchParams.set('redirect_uri', tampered.searchParams.get('redirect_uri') ?? '');
    tampered.searchParams.set('scope', 'openid fullname');
    const signatureBroken = await openPage(testApp, tampered);
    expect(signatureBroken.statusCode).toBe(302);
    expect(
      new URL(String(signatureBroken.headers.location)).searchParams.get('error_description'),
    ).toMatch(/^ESIA-007053/);
    const stale = new URL(url);
    stale.searchParams.set('timestamp', '2020.01.01 10:00:00 +0300');
    const wrongTime = await openPage(testApp, stale);
    expect(
      new URL(String(wrongTime.headers.location)).searchParams.get('error_description'),
    ).toMatch(/^ESIA-007015/);
  });

  it('the sandbox shows an error page, and sends nobody back, for a redirect_uri not registered', async () => {
    const { url } = await startTrip(testApp, 'signup');
    url.searchParams.set('redirect_uri', 'https://attacker.example/social/callback');
    const page = await openPage(testApp, url);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('ESIA-007023');
  });
});

describe('what the citizen refuses', () => {
  it('a refused consent comes back as access_denied and says what to do', async () => {
    const callback = await tripToCallback(testApp, { purpose: 'signup', citizen: '1004' });
    expect(callback.query.get('error')).toBe('access_denied');
    expect(expectRussianError(await returnFromEsia(testApp, callback), 409)).toBe(
      API_ERRORS.ESIA_CONSENT_REFUSED.message,
    );
  });

  it('the passport not shared: the scopes refused are named', async () => {
    const callback = await tripToCallback(testApp, {
      purpose: 'signup',
      scopes: ['fullname', 'birthdate', 'gender', 'mobile'],
    });
    expect(expectRussianError(await returnFromEsia(testApp, callback), 409)).toBe(
      API_ERRORS.ESIA_SCOPES_REFUSED.message,
    );
  });

  it('«Отказать» on the consent page', async () => {
    const callback = await tripToCallback(testApp, { purpose: 'signup', decision: 'deny' });
    expect(expectRussianError(await returnFromEsia(testApp, callback), 409)).toBe(
      API_ERRORS.ESIA_CONSENT_REFUSED.message,
    );
  });

  it('an unconfirmed account is not taken', async () => {
    const callback = await tripToCallback(testApp, { purpose: 'signup', citizen: '1003' });
    expect(expectRussianError(await returnFromEsia(testApp, callback), 409)).toBe(
      API_ERRORS.ESIA_UNCONFIRMED_ACCOUNT.message,
    );
  });
});

describe('an existing client links Госуслуги from /person', () => {
  /** A client who typed step 1 as Госуслуги have it and a passport of their own. */
  async function clientWhoTyped() {
    const signup = await signUpThroughApi(testApp);
    const save = (step: number, body: object) =>
      testApp.app.inject({
        method: 'PATCH',
        url: `/api/clients/update?step=${step}`,
        headers: signup.headers,
        payload: body,
      });
    expect((await save(1, TYPED_PERSONAL)).statusCode).toBe(200);
    expect((await save(2, TYPED_PASSPORT)).statusCode).toBe(200);
    return signup;
  }

  it('shows a passport that differs, never overwrites it, and takes Госуслуги’s only when asked', async () => {
    const { headers } = await clientWhoTyped();
    const answer = await completeTrip(testApp, { purpose: 'link', citizen: '1005', headers });
    expect(answer).toEqual({ outcome: 'linked', mismatches: ['passport'] });
    const before = await profileOf(headers);
    expect(before.passport?.series_number).toBe('4506123456');
    expect(before.esia.steps.personal.state).toBe('confirmed');
    expect(before.esia.steps.passport).toMatchObject({
      state: 'mismatch',
      differences: [{ field: 'Серия и номер паспорта', esia: '4510654321', entered: '4506123456' }],
    });
    expect(before.esia.identification_level).toBe('self_entered');
    expect(before.esia.steps.addresses.state).toBe('confirmed');

    const resolved = await testApp.app.inject({
      method: 'POST',
      url: '/api/esia/resolve',
      headers,
      payload: { step: 'passport' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = clientProfileResponseSchema.parse(resolved.json()).data;
    expect(after.passport?.series_number).toBe('4510654321');
    expect(after.esia).toMatchObject({
      identification_level: 'esia_confirmed',
      steps: { passport: { state: 'confirmed' } },
    });
  });

  it('unlinks: the data stay, unlocked, and the client is self-entered again', async () => {
    const { headers } = await clientWhoTyped();
    await completeTrip(testApp, { purpose: 'link', citizen: '1005', headers });
    await testApp.app.inject({
      method: 'POST',
      url: '/api/esia/resolve',
      headers,
      payload: { step: 'passport' },
    });
    const unlinked = await testApp.app.inject({ method: 'DELETE', url: '/api/esia/link', headers });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const profile = clientProfileResponseSchema.parse(unlinked.json()).data;
    expect(profile.esia).toMatchObject({ linked: false, identification_level: 'self_entered' });
    expect(profile.passport?.series_number).toBe('4510654321');
    const typed = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update?step=2',
      headers,
      payload: TYPED_PASSPORT,
    });
    expect(typed.statusCode, typed.body).toBe(200);
  });

  it('refuses a link started by another client, and Госуслуги already linked to someone else', async () => {
    const owner = await signUpWithEsia('1005', false);
    const other = await clientWhoTyped();
    const callback = await tripToCallback(testApp, {
      purpose: 'link',
      citizen: '1005',
      headers: other.headers,
    });
    expect(expectRussianError(await returnFromEsia(testApp, callback, owner.headers), 400)).toBe(
      API_ERRORS.ESIA_STATE_REFUSED.message,
    );
    const linkedElsewhere = await tripToCallback(testApp, {
      purpose: 'link',
      citizen: '1005',
      fresh: false,
      headers: other.headers,
    });
    expect(
      expectRussianError(await returnFromEsia(testApp, linkedElsewhere, other.headers), 409),
    ).toBe(API_ERRORS.ESIA_LINKED_ELSEWHERE.message);
  });
});

describe('«prove it’s you» through the sandbox ЕБС', () => {
  it('passes for a citizen with biometrics and raises the level; fails for one without', async () => {
    const enrolled = await signUpWithEsia('1001');
    const passed = await completeTrip(testApp, {
      purpose: 'biometrics',
      headers: enrolled.headers,
    });
    expect(passed).toMatchObject({ outcome: 'biometrics', passed: true });
    expect((await profileOf(enrolled.headers)).esia.identification_level).toBe('esia_biometric');

    const notEnrolled = await signUpWithEsia('1002');
    const failed = await completeTrip(testApp, {
      purpose: 'biometrics',
      headers: notEnrolled.headers,
    });
    expect(failed).toMatchObject({ outcome: 'biometrics', passed: false });
    if (failed.outcome === 'biometrics') expect(failed.message).toContain('Госуслуги Биометрия');
    expect((await profileOf(notEnrolled.headers)).esia.identification_level).toBe('esia_confirmed');
  });

  it('needs an identity from Госуслуги first', async () => {
    const typed = await signUpThroughApi(testApp);
    const start = await testApp.app.inject({
      method: 'POST',
      url: '/api/esia/start',
      headers: typed.headers,
      payload: { purpose: 'biometrics' },
    });
    expect(expectRussianError(start, 409)).toContain(
      'Сначала подтвердите личность через Госуслуги',
    );
  });
});

describe('no token or personal data from ЕСИА in the logs', () => {
  it('writes none of them during sign-up, linking, biometrics and refusals', async () => {
    const from = testApp.logs.lines.length;
    const callback = await tripToCallback(testApp, { purpose: 'signup', citizen: '1001' });
    const code = callback.query.get('code') ?? '';
    const answer = await returnFromEsia(testApp, callback);
    const ticket = answer.json<{ data: { esia_ticket: string } }>().data.esia_ticket;
    const { headers } = await signUpWithEsia('1001');
    await completeTrip(testApp, { purpose: 'biometrics', headers });
    await returnFromEsia(
      testApp,
      await tripToCallback(testApp, { purpose: 'signup', citizen: '1004' }),
    );
    await (await testApp.logs.settled()).text();
    // The logger's own fields (a response time of 3.45337100001052 ms, a pid) may hold any digits.
    const text = testApp.logs.lines
      .slice(from)
      .join('')
      .replace(/"(responseTime|pid|time|reqId)":("[^"]*"|[0-9.]+)/g, '');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [
      code,
      ticket,
      'eyJ',
      '1001000000',
      'Госуслугин',
      '4512',
      '100001',
      '112-233-445 95',
      '770112345678',
      'gosuslugin@example.ru',
      '9161000001',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('esia_refused');
  });
});

const TYPED_PERSONAL = {
  surname: 'Другойпаспорт',
  name: 'Иван',
  patronymic: 'Иванович',
  no_patronymic: false,
  gender: 'MALE',
  birth_date: '1990-03-15',
  birth_place: 'гор. Москва',
};

const TYPED_PASSPORT = {
  series_number: '45 06 123456',
  issue_date: '2010-04-10',
  division_code: '772-001',
  issued_by: 'ОВД района Тверской г. Москвы',
};
