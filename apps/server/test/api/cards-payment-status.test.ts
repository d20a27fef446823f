import { randomUUID } from 'node:crypto';
import { kopecks } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOperations } from '../../src/db/schema';
import { Best2PayClient } from '../../src/integrations/payments';
import { inProcessFetch } from '../../src/integrations/in-process-fetch';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { notificationsOf, notificationsSettled, submitCard } from './cards-helpers';
import { expectRefusal } from '../helpers/refusal';

/*
 * GET /pay/callbackPayment. A payment operation is opened the way a repayment opens one (our row
 * + a gateway order) and paid on the sandbox's card page.
 */

describe('the status of a payment made on the gateway page', () => {
  let testApp: TestApp;
  let gatewayClient: Best2PayClient;
  beforeAll(async () => {
    testApp = await createTestApp();
    const settings = testApp.ctx.config.best2pay;
    if (!settings) throw new Error('the sandbox gateway is configured by default');
    gatewayClient = new Best2PayClient({
      baseUrl: settings.url,
      sector: settings.sector,
      password: settings.password,
      fetch: inProcessFetch(testApp.app),
    });
  });
  afterAll(() => testApp.close());

  async function openPayment(
    clientId: number,
    amount: bigint,
  ): Promise<{ orderId: string; page: URL }> {
    const reference = `pay-${randomUUID()}`;
    const orderId = await gatewayClient.register({
      amount: kopecks(amount),
      description: 'Погашение займа',
      reference,
      url: `http://localhost/pay/loanpay`,
      failurl: `http://localhost/pay/loanpay`,
    });
    const now = testApp.clock.now();
    await testApp.ctx.db.insert(paymentOperations).values({
      kind: 'payment',
      clientId,
      gatewayOrderId: orderId,
      reference,
      idempotencyKey: reference,
      amount,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return { orderId, page: new URL(gatewayClient.purchasePageUrl(orderId, { getToken: false })) };
  }

  const status = (headers: { authorization: string }, orderId: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/pay/callbackPayment?id=${orderId}`, headers });

  it('answers pending before the page is paid, approved after, with the amount', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const { orderId, page } = await openPayment(client.id, 1_234_56n);
    const before = await status(headers, orderId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      data: {
        status: 'pending',
        message: 'Банк ещё обрабатывает платёж. Обновите страницу через минуту.',
        amount: '1234.56',
      },
    });
    const redirect = await submitCard(testApp, page, { pan: '2200000000000004' });
    expect(new URL(String(redirect.headers.location)).pathname).toBe('/pay/loanpay');
    const after = await status(headers, orderId);
    expect(after.json()).toEqual({
      data: { status: 'approved', message: 'Платёж прошёл успешно', amount: '1234.56' },
    });
    await notificationsSettled(testApp, orderId);
    const records = await notificationsOf(testApp, orderId);
    expect(records.map((record) => record.effect)).toEqual(['payment_settled']);
  });

  it('answers declined with the bank reason', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const { orderId, page } = await openPayment(client.id, 500_00n);
    await submitCard(testApp, page, { pan: '4000000000009995' });
    const response = await status(headers, orderId);
    expect(response.json()).toEqual({
      data: { status: 'declined', message: 'Недостаточно средств на карте', amount: '500.00' },
    });
    await notificationsSettled(testApp, orderId);
  });

  it("answers 404 for another client's payment and for a binding's order", async () => {
    const owner = await createClientWithSession(testApp);
    const stranger = await createClientWithSession(testApp);
    const { orderId } = await openPayment(owner.client.id, 100_00n);
    expect((await status(stranger.headers, orderId)).statusCode).toBe(404);
    const link = await testApp.app.inject({
      method: 'GET',
      url: '/api/pay/link',
      headers: owner.headers,
    });
    const bindingOrder = new URL(link.json<{ data: { url: string } }>().data.url).searchParams.get(
      'id',
    );
    const binding = await status(owner.headers, bindingOrder ?? '');
    expectRefusal(binding, 'PAYMENT_NOT_FOUND');
    expect((await status(owner.headers, 'abc')).statusCode).toBe(400);
  });
});
