import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsDeliveryError } from './sms-sender';
import { createSmsRuSender, multiRequests } from './smsru';

/** A local stand-in for sms.ru: records the form and answers what the test sets. */
describe('the SMS.ru adapter', () => {
  let server: Server;
  let url: string;
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  const received: { method?: string; contentType?: string; form: URLSearchParams }[] = [];

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method,
          contentType: request.headers['content-type'],
          form: new URLSearchParams(body),
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const sender = () => createSmsRuSender({ apiId: 'TEST-API-ID', url, from: 'Zaymo' });

  it('posts api_id, to (digits), msg and json=1, and accepts status OK for the number', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        status: 'OK',
        status_code: 100,
        sms: { '79123456789': { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
        balance: 4122.56,
      }),
    };
    await sender().send({ to: '+79123456789', text: 'Займо: код 123456 для входа.' });
    const last = received.at(-1);
    expect(last?.method).toBe('POST');
    expect(last?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last?.form ?? [])).toEqual({
      api_id: 'TEST-API-ID',
      to: '79123456789',
      msg: 'Займо: код 123456 для входа.',
      json: '1',
      from: 'Zaymo',
    });
  });

  it.each([
    [
      'an account error',
      { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' },
      /200 Неправильный api_id/,
    ],
    [
      'a refused number',
      {
        status: 'OK',
        status_code: 100,
        sms: {
          '79123456789': {
            status: 'ERROR',
            status_code: 207,
            status_text: 'На этот номер нельзя отправлять сообщения',
          },
        },
      },
      /207/,
    ],
    ['no status for the number', { status: 'OK', status_code: 100, sms: {} }, /нет статуса/],
    ['an unknown answer', { hello: 'world' }, /неизвестного вида/],
  ])('throws SmsDeliveryError on %s', async (_name, body, message) => {
    answer = { status: 200, body: JSON.stringify(body) };
    const attempt = sender().send({ to: '+79123456789', text: 'x' });
    await expect(attempt).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sender().send({ to: '+79123456789', text: 'x' })).rejects.toThrow(message);
  });

  it('throws SmsDeliveryError on an HTTP error and when the host is unreachable', async () => {
    answer = { status: 502, body: 'Bad gateway' };
    await expect(sender().send({ to: '+79123456789', text: 'x' })).rejects.toThrow(/HTTP 502/);
    const unreachable = createSmsRuSender({
      apiId: 'x',
      url: 'http://127.0.0.1:1/sms/send',
      from: null,
      timeoutMs: 2000,
    });
    await expect(unreachable.send({ to: '+79123456789', text: 'x' })).rejects.toThrow(/недоступен/);
  });

  it('sends many texts in one multi request, a repeated number in the next, each with its answer', async () => {
    const sms = {
      '79123456789': { status: 'OK', status_code: 100, sms_id: '1' },
      '79123456780': { status: 'ERROR', status_code: 207, status_text: 'Нельзя на этот номер' },
    };
    answer = { status: 200, body: JSON.stringify({ status: 'OK', status_code: 100, sms }) };
    const before = received.length;
    const outcomes = await sender().sendMany?.([
      { to: '+79123456789', text: 'Первое' },
      { to: '+79123456780', text: 'Второе' },
      { to: '+79123456789', text: 'Третье' },
    ]);
    const forms = received.slice(before).map((request) => Object.fromEntries(request.form));
    expect(forms).toEqual([
      {
        api_id: 'TEST-API-ID',
        json: '1',
        'multi[79123456789]': 'Первое',
        'multi[79123456780]': 'Второе',
        from: 'Zaymo',
      },
      { api_id: 'TEST-API-ID', json: '1', 'multi[79123456789]': 'Третье', from: 'Zaymo' },
    ]);
    expect(outcomes?.map((outcome) => outcome?.message ?? null)).toEqual([
      null,
      'SMS.ru не принял сообщение: 207 Нельзя на этот номер',
      null,
    ]);
  });

  it('answers every message of a request the provider refused whole with the reason', async () => {
    answer = { status: 502, body: 'Bad gateway' };
    const outcomes = await sender().sendMany?.([
      { to: '+79123456789', text: 'x' },
      { to: '+79123456780', text: 'y' },
    ]);
    expect(outcomes?.map((outcome) => outcome instanceof SmsDeliveryError)).toEqual([true, true]);
  });

  it('splits more than a hundred numbers into requests of a hundred', () => {
    const messages = Array.from({ length: 250 }, (_, n) => ({ to: `7912${n}`, text: 't' }));
    expect(multiRequests(messages).map((request) => request.length)).toEqual([100, 100, 50]);
  });
});
