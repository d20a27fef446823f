import {
  clientProfileResponseSchema,
  clientStepResponseSchema,
  getClientResponseSchema,
  IDENTITY_STEPS,
  type PhotoKind,
  addDays,
  moscowDate,
} from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, refusal } from '../helpers/refusal';
import { anniversary } from '../../src/services/identity/dates';
import { issueSession } from '../../src/services/sessions';
import { smallPng } from '../../src/services/files/test-images';
import { signUpThroughApi, type SignedUp } from '../helpers/accounts';
import { createClientWithSession } from '../helpers/factories';
import { MALFORMED_BODIES, expectAllRefused } from '../helpers/malformed';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photoParts, uploadPhoto } from './files-upload';

type Headers = { authorization: string };

describe('identity steps: order, rules, resume, profile', () => {
  let testApp: TestApp;
  let today: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    today = moscowDate(testApp.clock.now());
  });
  afterAll(() => testApp.close());

  const yearsAgo = (years: number) => anniversary(today, -years);

  function personal(birthDate: string, extra: Record<string, unknown> = {}) {
    return {
      surname: 'Королёва',
      name: 'Анна-Мария',
      patronymic: 'Сергеевна',
      no_patronymic: false,
      gender: 'FEMALE',
      birth_date: birthDate,
      birth_place: 'г. Москва',
      ...extra,
    };
  }
  const passport = (issueDate: string) => ({
    series_number: '45 06 123456',
    issue_date: issueDate,
    division_code: '772001',
    issued_by: 'ОВД района Тверской г. Москвы',
  });
  const address = {
    value: 'г Москва, ул Тверская, д 7, кв 12',
    postal_code: '125009',
    region: 'Москва',
    city: 'Москва',
    street: 'Тверская',
    house: '7',
    flat: '12',
    fias_id: null,
  };
  const addresses = { registration: address, residence_same: true, residence: null };
  const work = {
    employment_type: 'employed',
    employer_name: 'ПАО "СБЕРБАНК"',
    employer_inn: '7707083893',
    position: 'Бухгалтер',
    monthly_income: '45000.50',
    email: 'Koroleva@Mail.ru',
  };

  const save = (headers: Headers, step: number | string, payload: unknown) =>
    testApp.app.inject({
      method: 'PATCH',
      url: `/api/clients/update?step=${step}`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const get = (headers: Headers, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers });

  async function stepOf(headers: Headers): Promise<number | null> {
    const response = await get(headers, '/api/clients/step');
    expect(response.statusCode, response.body).toBe(200);
    return clientStepResponseSchema.parse(response.json()).data.step_data.step_value;
  }

  async function saved(headers: Headers, step: number, payload: unknown): Promise<number | null> {
    const response = await save(headers, step, payload);
    expect(response.statusCode, response.body).toBe(200);
    return clientStepResponseSchema.parse(response.json()).data.step_data.step_value;
  }

  async function upload(headers: Headers, kind: PhotoKind) {
    const response = await uploadPhoto(testApp, headers, photoParts(kind, await smallPng()));
    expect(response.statusCode, response.body).toBe(200);
  }

  it('answers null for a client without a step, and the profile empty', async () => {
    const { headers } = await createClientWithSession(testApp);
    expect(await stepOf(headers)).toBeNull();
    const profile = clientProfileResponseSchema.parse(
      (await get(headers, '/api/clients/profile')).json(),
    );
    expect(profile.data).toEqual({
      personal: null,
      passport: null,
      addresses: null,
      work: null,
      photos: [],
      step: null,
      passport_locked: false,
      esia: expect.objectContaining({ linked: false, identification_level: 'self_entered' }),
    });
    expect(await saved(headers, 1, personal(yearsAgo(30)))).toBe(2);
  });

  it('refuses anonymous calls', async () => {
    for (const url of ['/api/clients/step', '/api/clients/profile']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update?step=1',
      payload: personal(yearsAgo(30)),
    });
    expect(response.statusCode).toBe(401);
  });

  describe('a client from sign-up to the card step', () => {
    let client: SignedUp;
    const birth = () => yearsAgo(30);
    beforeAll(async () => {
      client = await signUpThroughApi(testApp);
    });

    it('starts at step 1 and cannot skip ahead', async () => {
      expect(await stepOf(client.headers)).toBe(1);
      const ahead = await save(client.headers, 2, passport(anniversary(birth(), 20)));
      expectRefusal(ahead, 'IDENTITY_STEP_SKIPPED');
      const photos = await save(client.headers, 5, {});
      expectRefusal(photos, 'IDENTITY_STEP_SKIPPED');
      expect(await stepOf(client.headers)).toBe(1);
    });

    it('refuses 17 and 76 years, then saves step 1 and moves to 2', async () => {
      const seventeen = addDays(yearsAgo(18), 1);
      const young = await save(client.headers, 1, personal(seventeen));
      expect(refusal(young)).toEqual({
        status: 400,
        body: {
          message: 'Заём можно оформить с 18 лет',
          fields: { birth_date: 'Заём можно оформить с 18 лет' },
        },
      });
      const old = await save(client.headers, 1, personal(yearsAgo(76)));
      expect(old.statusCode).toBe(400);
      expect(await stepOf(client.headers)).toBe(1);
      expect(await saved(client.headers, 1, personal(birth()))).toBe(2);
      expect(await stepOf(client.headers)).toBe(2);
      const me = getClientResponseSchema.parse((await get(client.headers, '/api/clients')).json());
      expect(me.data.client).toMatchObject({ surname: 'Королёва', name: 'Анна-Мария', step: 2 });
    });

    it('validates the body with the step’s schema, field by field', async () => {
      const response = await save(client.headers, 1, personal(birth(), { patronymic: null }));
      expect(refusal(response)).toEqual({
        status: 400,
        body: {
          message: 'Проверьте правильность заполнения полей',
          fields: { patronymic: 'Укажите отчество или отметьте «нет отчества»' },
        },
      });
      const stranger = await save(client.headers, 2, { ...passport('2020-01-01'), step: 9 });
      expect(stranger.statusCode).toBe(400);
    });

    it('refuses a passport not replaced at 20, accepts a valid one, moves to 3', async () => {
      const expired = await save(client.headers, 2, passport(anniversary(birth(), 16)));
      expect(refusal(expired)).toMatchObject({
        status: 400,
        body: { fields: { issue_date: expect.stringContaining('заменить в 20 лет') } },
      });
      const future = await save(client.headers, 2, passport(addDays(today, 1)));
      expect(future.statusCode).toBe(400);
      const issued = addDays(anniversary(birth(), 20), 10);
      expect(await saved(client.headers, 2, passport(issued))).toBe(3);
    });

    it('re-saves an earlier step without moving back, but keeps it consistent with the passport', async () => {
      const clash = await save(client.headers, 1, personal(yearsAgo(50)));
      expect(refusal(clash)).toMatchObject({
        status: 400,
        body: { fields: { birth_date: expect.stringContaining('Паспорт недействителен') } },
      });
      const fixed = personal(birth(), { patronymic: null, no_patronymic: true });
      expect(await saved(client.headers, 1, fixed)).toBe(3);
      expect(await stepOf(client.headers)).toBe(3);
    });

    it('saves addresses and work, taking the work e-mail as the client’s', async () => {
      const ownResidence = { ...addresses, residence_same: false };
      expect((await save(client.headers, 3, ownResidence)).statusCode).toBe(400);
      expect(await saved(client.headers, 3, addresses)).toBe(4);
      const noEmployer = await save(client.headers, 4, { ...work, employer_name: null });
      expect(refusal(noEmployer)).toMatchObject({
        status: 400,
        body: { fields: { employer_name: 'Укажите работодателя и должность' } },
      });
      expect(await saved(client.headers, 4, work)).toBe(5);
      const me = getClientResponseSchema.parse((await get(client.headers, '/api/clients')).json());
      expect(me.data.client).toMatchObject({ email: 'koroleva@mail.ru', email_confirmed: false });
    });

    it('completes step 5 only with all three photos, naming the missing ones', async () => {
      const none = await save(client.headers, 5, {});
      expect(refusal(none)).toEqual({
        status: 400,
        body: {
          message:
            'Загрузите фотографии: разворот паспорта с фотографией, страница паспорта с регистрацией, селфи с паспортом',
        },
      });
      await upload(client.headers, 'passport_main');
      await upload(client.headers, 'passport_registration');
      const one = await save(client.headers, 5, {});
      expect(refusal(one)).toEqual({
        status: 400,
        body: { message: 'Загрузите фотографию: селфи с паспортом' },
      });
      await upload(client.headers, 'selfie');
      expect(await saved(client.headers, 5, {})).toBe(IDENTITY_STEPS.card);
    });

    it('leaves step 6 to card binding and refuses steps that do not exist', async () => {
      const card = await save(client.headers, 6, {});
      expectRefusal(card, 'IDENTITY_CARD_STEP');
      for (const step of ['7', '0', 'abc', '2.5']) {
        const response = await save(client.headers, step, {});
        expect(response.statusCode, step).toBe(400);
        expect(response.json<{ message: string }>().message).toMatch(/[а-яё]/i);
      }
    });

    it('resumes on another device: same step, same profile', async () => {
      const other = await issueSession(testApp.ctx, client.clientId);
      const headers = { authorization: `Bearer ${other.token}` };
      expect(await stepOf(headers)).toBe(6);
      const response = await get(headers, '/api/clients/profile');
      expect(response.statusCode).toBe(200);
      const { data } = clientProfileResponseSchema.parse(response.json());
      expect(data).toMatchObject({
        step: 6,
        passport_locked: false,
        personal: {
          surname: 'Королёва',
          patronymic: null,
          no_patronymic: true,
          birth_date: birth(),
        },
        passport: { series_number: '4506123456', division_code: '772-001' },
        addresses: { registration: { house: '7', flat: '12' }, residence_same: true },
        work: { employer_inn: '7707083893', monthly_income: '45000.50' },
      });
      expect(data.photos.map((photo) => photo.kind)).toEqual([
        'passport_main',
        'passport_registration',
        'selfie',
      ]);
      const first = await get(client.headers, '/api/clients/profile');
      expect(first.json()).toEqual(response.json());
    });
  });

  it('keeps the other PATCH /clients/update behaviour without a step', async () => {
    const { headers } = await signUpThroughApi(testApp);
    const nothing = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ message: string }>().message).toContain('Укажите, что изменить');
    const stepFields = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: personal(yearsAgo(30)),
    });
    expect(stepFields.statusCode).toBe(400);
    const email = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers,
      payload: { email: 'new@mail.ru' },
    });
    expect(email.statusCode, email.body).toBe(200);
    expect(getClientResponseSchema.parse(email.json()).data.client.email).toBe('new@mail.ru');
  });

  it('two devices saving step 1 at once move the client one step only', async () => {
    const { headers, clientId } = await signUpThroughApi(testApp);
    const other = await issueSession(testApp.ctx, clientId);
    const otherHeaders = { authorization: `Bearer ${other.token}` };
    const answers = await Promise.all([
      save(headers, 1, personal(yearsAgo(30))),
      save(otherHeaders, 1, personal(yearsAgo(31))),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await stepOf(headers)).toBe(2);
  });

  it('refuses malformed step bodies with a 4xx and a Russian message', async () => {
    const { headers } = await signUpThroughApi(testApp);
    await saved(headers, 1, personal(yearsAgo(30)));
    for (const step of [1, 2, 3, 4, 5]) {
      await expectAllRefused(
        testApp,
        { method: 'PATCH', url: `/api/clients/update?step=${step}`, headers },
        MALFORMED_BODIES.filter((malformed) => step !== 5 || malformed.name !== 'empty object'),
      );
    }
  });

  it('judges the passport by the server clock: refused the day after its 90 days', async () => {
    const birth = anniversary(addDays(today, -90), -20);
    const { headers } = await signUpThroughApi(testApp);
    await saved(headers, 1, personal(birth));
    const issuedAt14 = passport(anniversary(birth, 14));
    expect(await saved(headers, 2, issuedAt14)).toBe(3);
    testApp.clock.advanceBy(24 * 60 * 60 * 1000);
    const tomorrow = await save(headers, 2, issuedAt14);
    expect(refusal(tomorrow)).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('заменить в 20 лет') },
    });
  });
});
