import { loanpayLookupResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueIp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, newKey, paid } from './servicing-helpers';

describe('pay without signing in', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const lookup = (ip: string, contract: string, birthDate: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/loanpay/lookup',
      remoteAddress: ip,
      payload: { contract_number: contract, birth_date: birthDate },
    });

  it('finds the loan by contract and birth date, then pays on the gateway page', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(10 * DAY_MS);
    const ip = uniqueIp();
    const wrong = await lookup(ip, loan.contract, '1991-02-14');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toMatch(/Договор не найден/);
    const found = await lookup(ip, loan.contract, '1990-02-14');
    expect(found.statusCode, found.body).toBe(200);
    const data = loanpayLookupResponseSchema.parse(found.json()).data;
    expect(data.balance).toMatchObject({ total: '10800.00', interest: '800.00' });
    const payment = await testApp.app.inject({
      method: 'POST',
      url: `/api/loanpay/payment/${encodeURIComponent(loan.contract)}`,
      payload: { type: 'full', payment_system_id: 1 },
      headers: { 'x-pay-token': data.pay_token, 'idempotency-key': newKey() },
    });
    const answer = paid(payment);
    expect(answer.status).toBe('redirect');
    expect(answer.url).toMatch(/Purchase/);
    const other = await givenLoan(testApp);
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: `/api/loanpay/payment/${encodeURIComponent(other.contract)}`,
      payload: { type: 'full', payment_system_id: 1 },
      headers: { 'x-pay-token': data.pay_token, 'idempotency-key': newKey() },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('limits lookups per IP', async () => {
    const ip = uniqueIp();
    // Different numbers each time: a number is also capped on its own (security suite).
    for (let i = 0; i < 10; i += 1) {
      expect((await lookup(ip, `ЗМ-99990${i}`, '1990-01-01')).statusCode).toBe(404);
    }
    const limited = await lookup(ip, 'ЗМ-999999', '1990-01-01');
    expect(limited.statusCode).toBe(429);
    expect((await lookup(uniqueIp(), 'ЗМ-999999', '1990-01-01')).statusCode).toBe(404);
  });
});
