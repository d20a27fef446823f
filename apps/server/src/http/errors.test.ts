import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toErrorAnswer } from './error-handler';
import { API_ERRORS } from '@zaymo/contract';
import { AppError, ERROR_CODES, codeForStatus, fieldRefusal, type ErrorCode } from '../errors';
import { serverPackageRoot } from '../paths';

const CYRILLIC = /[а-яё]/i;
const SAMPLE_VALUES = {
  from: '01.12.2026',
  recipient: 'Иван Иванович И.',
  reason: 'Банк отклонил операцию',
  action: 'money',
  pending: 1,
  known: 30,
  last: '2026-12-10',
};

describe('the error code table', () => {
  it('gives every code a 4xx/5xx status and a Russian message', () => {
    for (const [code, { status, message }] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      const text = typeof message === 'string' ? message : message(SAMPLE_VALUES as never);
      expect(text, code).toMatch(CYRILLIC);
    }
  });

  it.each<['VALIDATION' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'INTERNAL', number, string]>([
    ['VALIDATION', 400, 'Проверьте правильность заполнения полей'],
    ['UNAUTHORIZED', 401, 'Войдите в личный кабинет'],
    ['NOT_FOUND', 404, 'Не найдено'],
    ['INTERNAL', 500, 'Внутренняя ошибка сервера. Попробуйте позже.'],
  ])('%s is %i «%s»', (code, status, message) => {
    const error = new AppError(code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('maps framework statuses to codes', () => {
    expect(codeForStatus(400)).toBe('BAD_REQUEST');
    expect(codeForStatus(403)).toBe('FORBIDDEN');
    expect(codeForStatus(413)).toBe('PAYLOAD_TOO_LARGE');
    expect(codeForStatus(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeForStatus(406)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
  });
});

describe('toErrorAnswer', () => {
  it('answers a schema’s field rules with the first rule as the message', () => {
    const error = fieldRefusal({ card: 'Уже есть', name: 'Не короче 2 символов' });
    expect(toErrorAnswer(error)).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'Уже есть',
        fields: { card: 'Уже есть', name: 'Не короче 2 символов' },
      },
      unexpected: false,
    });
  });

  it('names the field a refusal is about, with the text of its code', () => {
    expect(toErrorAnswer(new AppError('EMAIL_MISSING', { field: 'email' })).body).toEqual({
      code: 'EMAIL_MISSING',
      message: API_ERRORS.EMAIL_MISSING.message,
      fields: { email: API_ERRORS.EMAIL_MISSING.message },
    });
  });

  it('answers a refusal with the text of its code, its values filled in', () => {
    expect(toErrorAnswer(new AppError('MORATORIUM', { from: '01.12.2026' }))).toMatchObject({
      status: 409,
      body: { code: 'MORATORIUM', message: 'Новую заявку можно подать с 01.12.2026' },
    });
    expect(toErrorAnswer(new AppError('CARD_NOT_BOUND')).body).toEqual({
      code: 'CARD_NOT_BOUND',
      message: API_ERRORS.CARD_NOT_BOUND.message,
    });
  });

  it('adds Retry-After to a rate-limit answer', () => {
    const answer = toErrorAnswer(new AppError('TOO_MANY_REQUESTS', { retryAfterSeconds: 60 }));
    expect(answer.headers).toEqual({ 'retry-after': '60' });
    expect(answer.body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Слишком много попыток. Попробуйте позже.',
      retry_after: 60,
    });
  });

  it('turns validation issues into Russian field messages, replacing English ones', () => {
    const error = Object.assign(new Error('body/name Too small'), {
      statusCode: 400,
      validation: [
        { instancePath: '/name', message: 'Не короче 2 символов' },
        { instancePath: '/passport/number', message: 'Invalid string: must match pattern' },
        { instancePath: '/name', message: 'Второе сообщение не нужно' },
        { instancePath: '', message: 'Корень' },
      ],
    });
    expect(toErrorAnswer(error)).toMatchObject({
      status: 400,
      body: {
        message: 'Проверьте правильность заполнения полей',
        fields: { name: 'Не короче 2 символов', 'passport.number': 'Проверьте значение поля' },
      },
    });
  });

  it('answers a framework 413 in Russian', () => {
    const error = Object.assign(new Error('Request body is too large'), {
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
      statusCode: 413,
    });
    expect(toErrorAnswer(error)).toMatchObject({
      status: 413,
      body: { message: 'Слишком большой запрос или файл' },
    });
  });

  it('keeps an unknown 4xx status but words it in Russian', () => {
    const error = Object.assign(new Error('Not Acceptable'), { statusCode: 406 });
    expect(toErrorAnswer(error)).toMatchObject({
      status: 406,
      body: { message: expect.stringMatching(CYRILLIC) },
    });
  });

  it('answers a database gone mid-failover with 503 and Retry-After, still logged as ours', () => {
    const cut = new DrizzleQueryError(
      'select 1',
      [],
      new Error('Connection terminated unexpectedly'),
    );
    const answer = toErrorAnswer(cut);
    expect(answer.status).toBe(503);
    expect(answer.headers).toEqual({ 'retry-after': '5' });
    expect(answer.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Сервис временно недоступен. Попробуйте позже.',
      retry_after: 5,
    });
    expect(answer.unexpected).toBe(true);
  });

  it.each([
    new Error('relation "clients" does not exist'),
    Object.assign(new Error('boom'), { statusCode: 503 }),
    'a thrown string',
    null,
  ])('answers anything else with a bare 500 (%s)', (thrown) => {
    const answer = toErrorAnswer(thrown);
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      code: 'INTERNAL',
      message: 'Внутренняя ошибка сервера. Попробуйте позже.',
    });
    expect(answer.unexpected).toBe(true);
  });

  it.each([
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a server shut down', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a server starting up',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a dropped socket', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'drizzle’s wrapper of one',
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ],
  ])('answers a database outage (%s) with the Russian 503', (_, thrown) => {
    const answer = toErrorAnswer(thrown);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Сервис временно недоступен. Попробуйте позже.',
      retry_after: 5,
    });
    expect(answer.headers).toEqual({ 'retry-after': '5' });
  });

  it('keeps a query our code got wrong a 500, with the driver’s error as the cause', () => {
    const wrong = new Error('Failed query: select x', {
      cause: Object.assign(new Error('column "x" does not exist'), { code: '42703' }),
    });
    expect(toErrorAnswer(wrong).status).toBe(500);
  });
});

describe('refusals in the server’s code', () => {
  const sources = readdirSync(path.join(serverPackageRoot(), 'src'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({
      file,
      text: readFileSync(path.join(serverPackageRoot(), 'src', file), 'utf8'),
    }));

  it('never throws a bare CONFLICT or UNPROCESSABLE: each refusal has its own code', () => {
    const bare = sources.filter(({ text }) =>
      /new AppError\(\s*'(CONFLICT|UNPROCESSABLE)'/.test(text),
    );
    expect(bare.map(({ file }) => file)).toEqual([]);
  });

  it('never writes a refusal’s text that the table holds', () => {
    const texts = Object.values(API_ERRORS)
      .map(({ message }) => message)
      .filter((message): message is string => typeof message === 'string');
    const copies = sources.flatMap(({ file, text }) =>
      texts
        .filter((message) => text.includes(`'${message}'`))
        .map((message) => `${file}: ${message}`),
    );
    expect(copies).toEqual([]);
  });

  it('never gives a code a text of its own: the table holds it, or a schema’s rule', () => {
    const written = sources.flatMap(({ file, text }) =>
      handWrittenTexts(text).map((call) => `${file}: ${call}`),
    );
    expect(written).toEqual([]);
  });

  it('would catch a text written at a call site', () => {
    expect(handWrittenTexts("throw new AppError('NOT_FOUND', 'Файл не найден');")).toHaveLength(1);
    expect(handWrittenTexts("throw new AppError('NOT_FOUND', FILE_MISSING);")).toHaveLength(1);
    expect(handWrittenTexts('throw fieldRefusal({ amount: `Не больше ${max}` });')).toHaveLength(1);
    expect(handWrittenTexts("throw new AppError('FILE_NOT_FOUND', { cause });")).toEqual([]);
    expect(handWrittenTexts("throw new AppError('MORATORIUM', until, { field: 'x' });")).toEqual(
      [],
    );
  });
});

const CALL = /new AppError\(|(?<![\w.])fieldRefusal\(/g;
const RUSSIAN_LITERAL = /(['`"])[^'`"]*[а-яё][^'`"]*\1/i;

/**
 * The calls of `source` that write a text: a Russian literal among their arguments, or a plain
 * code (one whose table text takes no values) followed by anything but its options (an object
 * literal, or `options` handed on by the rate-limit helper).
 */
function handWrittenTexts(source: string): string[] {
  return [...source.matchAll(CALL)].flatMap((match) => {
    const call = callText(source, match.index + match[0].length);
    if (RUSSIAN_LITERAL.test(call)) return [call];
    const [, code, second] = /^\s*'([A-Z_]+)'\s*,\s*([^\s,)]+)?/.exec(call) ?? [];
    const plain = code !== undefined && typeof API_ERRORS[code as ErrorCode]?.message === 'string';
    const options = second === undefined || second.startsWith('{') || second === 'options';
    return plain && !options ? [call] : [];
  });
}

/** The arguments of the call whose «(» ends just before `start`, up to its matching «)». */
function callText(source: string, start: number): string {
  let depth = 1;
  for (let index = start; index < source.length; index += 1) {
    if (source[index] === '(') depth += 1;
    if (source[index] === ')') depth -= 1;
    if (depth === 0) return source.slice(start, index);
  }
  return source.slice(start);
}
