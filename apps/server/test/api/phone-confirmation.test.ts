import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectRussianError,
  lastCode,
  signUpThroughApi,
  uniqueIp,
  wrongCode,
} from '../helpers/accounts';
import { createClient, createClientWithSession, uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

describe('phone change and confirmation', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const requestChange = (cid: number, phone: string, headers: Record<string, string>) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/clients/${cid}/phone-confirmation/request`,
      headers,
      payload: { phone },
      remoteAddress: uniqueIp(),
    });
  const confirmChange = (
    cid: number,
    payload: { phone: string; code: string },
    headers: Record<string, string>,
  ) =>
    testApp.app.inject({
      method: 'PATCH',
      url: `/api/clients/${cid}/phone-confirmation/confirm`,
      headers,
      payload,
    });

  it('moves the client to a new phone proven by a code sent to it', async () => {
    const client = await signUpThroughApi(testApp);
    const newPhone = uniquePhone();
    const sent = await requestChange(client.clientId, newPhone, client.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(testApp, newPhone);
    const wrong = await confirmChange(
      client.clientId,
      { phone: newPhone, code: wrongCode(code) },
      client.headers,
    );
    expectRussianError(wrong, 400);
    const done = await confirmChange(client.clientId, { phone: newPhone, code }, client.headers);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      data: { client: { phone: newPhone, phone_confirmed: true } },
    });
  });

  it('confirms the current phone of a client whose phone was never confirmed', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    expect((await requestChange(client.id, client.phone, headers)).statusCode).toBe(200);
    const code = await lastCode(testApp, client.phone);
    const done = await confirmChange(client.id, { phone: client.phone, code }, headers);
    expect(done.json()).toMatchObject({ data: { client: { phone_confirmed: true } } });
    const again = await requestChange(client.id, client.phone, headers);
    expect(expectRussianError(again, 400)).toBe('Этот номер уже подтверждён');
  });

  it('works through POST /sms/send with purpose phone_change too', async () => {
    const client = await signUpThroughApi(testApp);
    const newPhone = uniquePhone();
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: client.headers,
      payload: { purpose: 'phone_change', phone: newPhone },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode(testApp, newPhone);
    expect(
      (await confirmChange(client.clientId, { phone: newPhone, code }, client.headers)).statusCode,
    ).toBe(200);
    const noPhone = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: client.headers,
      payload: { purpose: 'phone_change' },
    });
    expect(expectRussianError(noPhone, 400)).toBe('Укажите новый номер телефона');
  });

  it('refuses a phone that belongs to another client with 409', async () => {
    const client = await signUpThroughApi(testApp);
    const other = await createClient(testApp);
    const response = await requestChange(client.clientId, other.phone, client.headers);
    expect(expectRussianError(response, 409)).toContain('другого клиента');
  });

  it("answers 404 for another client's id and logs the denied access", async () => {
    const client = await signUpThroughApi(testApp);
    const other = await createClient(testApp);
    const response = await requestChange(other.id, uniquePhone(), client.headers);
    expect(expectRussianError(response, 404)).toBe('Не найдено');
    const events = (await testApp.logs.settled()).entries();
    expect(events).toContainEqual(
      expect.objectContaining({
        security: 'access_denied',
        clientId: client.clientId,
        requestedClientId: other.id,
      }),
    );
  });

  it('does not accept a code sent to the new phone for another client', async () => {
    const first = await signUpThroughApi(testApp);
    const second = await signUpThroughApi(testApp);
    const newPhone = uniquePhone();
    await requestChange(first.clientId, newPhone, first.headers);
    const code = await lastCode(testApp, newPhone);
    const stolen = await confirmChange(second.clientId, { phone: newPhone, code }, second.headers);
    expectRussianError(stolen, 400);
  });

  it('needs a session (401)', async () => {
    const response = await requestChange(1, uniquePhone(), {});
    expectRussianError(response, 401);
  });
});
