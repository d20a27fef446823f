import { ORDER_STATUS, settingsResponseSchema, tariffsResponseSchema } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffs } from '../../src/db/schema';
import { expectRussianError } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createBorrower,
  insertOrder,
  orderBody,
  orderOf,
  postOrder,
  tariffIds,
  waitForDecision,
} from './orders-helpers';
import { expectRefusal } from '../helpers/refusal';

describe('tariffs and settings', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const getTariffs = async (path: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: path });
    expect(response.statusCode, response.body).toBe(200);
    return tariffsResponseSchema.parse(response.json()).data;
  };

  it('GET /tariff/default: the seeded first loan and the insurances, open to guests', async () => {
    const data = await getTariffs('/api/tariff/default');
    expect(data.tariffs).toEqual([
      {
        id: expect.any(Number),
        name: 'Первый заём',
        is_repeat: false,
        min_sum: '1000.00',
        max_sum: '30000.00',
        sum_step: '1000.00',
        min_period: 5,
        max_period: 30,
        period_step: 1,
        day_percent: '0.8',
        period: 'Daily',
      },
    ]);
    expect(data.service.insurances.map(({ code, price }) => ({ code, price }))).toEqual([
      { code: 'borrower_protection', price: '490.00' },
      { code: 'job_loss', price: '290.00' },
    ]);
    for (const insurance of data.service.insurances) {
      expect(insurance.name).toMatch(/[а-яё]/i);
      expect(insurance.description).toMatch(/[а-яё]/i);
    }
  });

  it('GET /tariff/repeat: up to 49 000 ₽, below the 50 000 ₽ cooling-off threshold', async () => {
    const [repeat] = (await getTariffs('/api/tariff/repeat')).tariffs;
    expect(repeat).toMatchObject({ is_repeat: true, max_sum: '49000.00', day_percent: '0.8' });
  });

  it('comes from the database: a change there shows at once', async () => {
    const { first } = await tariffIds(testApp);
    await testApp.ctx.db.update(tariffs).set({ maxSum: 2_500_000n }).where(eq(tariffs.id, first));
    try {
      expect((await getTariffs('/api/tariff/default')).tariffs[0]?.max_sum).toBe('25000.00');
      const borrower = await createBorrower(testApp);
      const response = await postOrder(testApp, borrower, orderBody(first, { amount: '30000.00' }));
      expectRussianError(response, 400);
    } finally {
      await testApp.ctx.db.update(tariffs).set({ maxSum: 3_000_000n }).where(eq(tariffs.id, first));
    }
  });

  it('gives the repeat tariff only to a client with a repaid loan', async () => {
    const { repeat } = await tariffIds(testApp);
    const newcomer = await createBorrower(testApp);
    const refused = await postOrder(testApp, newcomer, orderBody(repeat, { amount: '45000.00' }));
    expectRefusal(refused, 'TARIFF_FOR_REPEAT_CLIENTS');

    // 45 000 ₽ is a debt load above 50 % of any unconfirmed income (capped by the region's
    // average): the sandbox's «Одобренова» is approved whatever the rules say.
    const regular = await createBorrower(testApp, { surname: 'Одобренова' });
    await insertOrder(testApp, regular.client.id, { statusId: ORDER_STATUS.REPAID });
    const created = orderOf(
      await postOrder(testApp, regular, orderBody(repeat, { amount: '45000.00' })),
    );
    expect(created).toMatchObject({
      tariff_id: repeat,
      amount: '45000.00',
      return_sum: '55800.00',
    });
    const decided = await waitForDecision(testApp, regular.headers, created.id);
    expect(decided.status_id).toBe(ORDER_STATUS.APPROVED);

    const tooMuch = await createBorrower(testApp);
    await insertOrder(testApp, tooMuch.client.id, { statusId: ORDER_STATUS.REPAID });
    const above = await postOrder(testApp, tooMuch, orderBody(repeat, { amount: '50000.00' }));
    expect(expectRussianError(above, 400)).toMatch(/49\s000/u);
  });

  it('GET /settings/get: the company details', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/settings/get' });
    const { params } = settingsResponseSchema.parse(response.json()).data;
    expect(params.legal_name).toBe('ООО МКК «Займо»');
  });
});
