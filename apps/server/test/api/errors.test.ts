import { API_ERRORS, validationErrorResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SECRET_PG_DETAIL, SECRET_QUERY_PARAM } from '../helpers/test-routes';

const CYRILLIC = /[а-яё]/i;
const LATIN_WORD = /\b(invalid|expected|received|required|must|error)\b/i;

const validBody = { name: 'Иван', age: 30, email: 'ivan@mail.ru', passport: { number: '123456' } };

describe('error answers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  });
  afterAll(() => testApp.close());

  const echo = (payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('passes a valid body through', async () => {
    const response = await echo(validBody);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(validBody);
  });

  it('answers 400 with a Russian message and a Russian message per field', async () => {
    const response = await echo({ name: 'И', age: 'тридцать', email: 'nope', passport: {} });
    expect(response.statusCode).toBe(400);
    const body = validationErrorResponseSchema.parse(response.json());
    expect(body.message).toBe('Проверьте правильность заполнения полей');
    expect(body.fields).toEqual({
      name: 'Не короче 2 символов',
      age: 'Введите число',
      email: 'Проверьте e-mail: например, ivanov@mail.ru',
      'passport.number': 'Заполните поле',
    });
  });

  it('keeps the message a schema words itself', async () => {
    const response = await echo({ ...validBody, passport: { number: '12ab' } });
    expect(response.json()).toMatchObject({
      fields: { 'passport.number': 'Номер паспорта — 6 цифр' },
    });
  });

  it('never answers English, whatever the body', async () => {
    const bodies = [null, [], 'строка', { age: -1 }, { ...validBody, age: 1.5 }, { name: 5 }];
    for (const payload of bodies) {
      const response = await echo(payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(CYRILLIC);
      expect(response.body).not.toMatch(LATIN_WORD);
    }
  });

  it('answers 400 in Russian to malformed JSON and to an empty JSON body', async () => {
    for (const payload of ['{"name":', '']) {
      const response = await echo(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(CYRILLIC);
    }
  });

  it('answers 413 in Russian to a body over the limit', async () => {
    const response = await echo({ ...validBody, name: 'я'.repeat(4000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Слишком большой запрос или файл',
    });
  });

  it('answers 415 in Russian to an unsupported media type', async () => {
    const response = await echo('<a/>', { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Неподдерживаемый формат данных',
    });
  });

  it('answers a JSON 404 to an unknown /api path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/no/such/call?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    }
  });

  it('maps an AppError to its status and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CARD_NOT_BOUND',
      message: API_ERRORS.CARD_NOT_BOUND.message,
    });
  });

  it('tells a rate-limited client when to come back', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/too-many' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('42');
    expect(response.json()).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Слишком много попыток. Попробуйте позже.',
      retry_after: 42,
    });
  });

  it('hides an unexpected failure behind a generic 500 and logs it without bound values', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 'INTERNAL',
      message: 'Внутренняя ошибка сервера. Попробуйте позже.',
    });
    expect(response.body).not.toMatch(/insert|clients|stack|at \w|23505|duplicate/i);

    const logged = (await testApp.logs.settled())
      .entries()
      .find((line) => line.msg === 'unexpected error');
    expect(logged).toBeDefined();
    const loggedText = JSON.stringify(logged);
    expect(loggedText).toContain('Failed query: insert into');
    expect(loggedText).toContain('23505');
    expect(loggedText).not.toContain(SECRET_QUERY_PARAM);
    expect(loggedText).not.toContain('+79990001122');
    expect(SECRET_PG_DETAIL).toContain('+79990001122');
  });
});
