import { historyResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, givenLoan, LONG_SESSIONS, paid, pay } from './servicing-helpers';

describe('GET /clients/history', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  it('lists the orders, every payment and the interest per period, newest first', async () => {
    const loan = await givenLoan(testApp);
    const card = loan.borrower.cardId ?? 0;
    testApp.clock.advanceBy(2 * DAY_MS);
    paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '100.00',
        card_id: card,
      }),
    );
    testApp.clock.advanceBy(2 * DAY_MS);
    paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full', card_id: card }));
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/history',
      headers: loan.borrower.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orders, payments } = historyResponseSchema.parse(response.json()).data;
    expect(orders.map((order) => order.id)).toEqual([loan.order.id]);
    // Interest of 0.8 %/day on 10 000 ₽ is 80 ₽ a day, summed per period between the movements.
    const payoutDay = payments.at(-1)?.date ?? '';
    const day = (n: number) =>
      new Date(Date.parse(`${payoutDay}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    expect(payments.map((item) => [item.kind, item.amount, item.period_start, item.date])).toEqual([
      ['payment', '10220.00', null, day(4)],
      ['interest', '160.00', day(3), day(4)],
      ['payment', '100.00', null, day(2)],
      ['interest', '160.00', day(1), day(2)],
      ['payout', '10000.00', null, day(0)],
    ]);
    expect(payments.every((item) => item.contract_number === loan.contract)).toBe(true);
  });
});
