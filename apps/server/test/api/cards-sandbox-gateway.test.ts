import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { kopecks, roubles } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../src/db/schema';
import {
  Best2PayClient,
  Best2PayGateway,
  PaymentGatewayError,
  type PaymentsGateway,
} from '../../src/integrations/payments';
import { inProcessFetch } from '../../src/integrations/in-process-fetch';
import { openCardToken } from '../../src/services/payments/token-vault';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bindCard, returnQuery, submitCard } from './cards-helpers';

/*
 * The sandbox answers the server-to-server calls as Best2Pay does: driven here through our own
 * Best2PayClient / Best2PayGateway, the same code that talks to the real gateway.
 */

describe('the sandbox gateway’s API, through our Best2Pay client', () => {
  let testApp: TestApp;
  let client: Best2PayClient;
  let gateway: PaymentsGateway;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BEST2PAY_SANDBOX_NOTIFY: '0' } });
    const settings = testApp.ctx.config.best2pay;
    if (!settings) throw new Error('sandbox gateway expected');
    client = new Best2PayClient({
      baseUrl: settings.url,
      sector: settings.sector,
      password: settings.password,
      fetch: inProcessFetch(testApp.app),
    });
    gateway = new Best2PayGateway(client);
  });
  afterAll(() => testApp.close());

  /** Binds a test card through the API and opens its stored token. */
  async function boundToken(pan: string): Promise<string> {
    const owner = await createClientWithSession(testApp);
    const bound = await bindCard(testApp, owner.headers, { pan });
    const id = bound.json<{ data: { data: { id: number } } }>().data.data.id;
    const [row] = await testApp.ctx.db.select().from(cards).where(eq(cards.id, id));
    return openCardToken(row?.tokenSealed ?? '', testApp.ctx.config.appSecret);
  }

  const reference = () => `test-${randomUUID()}`;

  it('charges a bound card by token (PurchaseByToken)', async () => {
    const token = await boundToken('2200000000000004');
    expect(token).toMatch(/^b2ps_/);
    const move = await gateway.chargeByToken({
      token,
      amount: roubles(1500),
      reference: reference(),
      description: 'Погашение займа',
    });
    expect(move).toMatchObject({
      status: 'approved',
      type: 'PURCHASE',
      amount: roubles(1500),
      panMasked: '220000******0004',
    });
    const order = await gateway.status(move.orderId);
    expect(order.state).toBe('completed');
    expect(order.operations.map((op) => op.status)).toEqual(['approved']);
  });

  it('declines a charge of the «no funds on charges» test card with code 2', async () => {
    const token = await boundToken('2200000000000053');
    const move = await gateway.chargeByToken({
      token,
      amount: roubles(100),
      reference: reference(),
      description: 'Погашение займа',
    });
    expect(move).toMatchObject({
      status: 'declined',
      reasonCode: 2,
      message: 'Недостаточно средств на карте',
    });
  });

  it('pays out by token and by a card number (P2PCredit), never keeping the number', async () => {
    const token = await boundToken('5555555555554444');
    const byToken = await gateway.payout({
      token,
      amount: roubles(5000),
      reference: reference(),
      description: 'Выдача займа',
    });
    expect(byToken).toMatchObject({ status: 'approved', type: 'P2PCREDIT' });
    const byPan = await gateway.payout({
      pan: '4111111111111111',
      amount: roubles(5000),
      reference: reference(),
      description: 'Выдача займа',
    });
    expect(byPan).toMatchObject({ status: 'approved', panMasked: '411111******1111' });
    const declined = await gateway.payout({
      pan: '4000000000000002',
      amount: roubles(5000),
      reference: reference(),
      description: 'Выдача займа',
    });
    expect(declined.status).toBe('declined');
  });

  it('authorizes on the page (webapi/Authorize), then completes (webapi/Complete)', async () => {
    const orderId = await client.register({
      amount: kopecks(2500n),
      description: 'Двухстадийная оплата',
      reference: reference(),
      url: 'http://127.0.0.1/pay/callback',
    });
    const page = new URL(client.purchasePageUrl(orderId, { getToken: false }));
    page.pathname = page.pathname.replace('Purchase', 'Authorize');
    const redirect = await submitCard(testApp, page, { pan: '4111111111111111' });
    expect(new URL(String(redirect.headers.location)).searchParams.get('id')).toBe(orderId);
    expect((await gateway.status(orderId)).state).toBe('authorized');
    const completed = await client.complete({ orderId, amount: kopecks(2500n) });
    expect(completed).toMatchObject({ type: 'COMPLETE', state: 'APPROVED' });
    expect((await gateway.status(orderId)).state).toBe('completed');
  });

  it('reverses part of an order, then the rest; not more than was paid', async () => {
    const orderId = await client.register({
      amount: kopecks(1000n),
      description: 'Оплата',
      reference: reference(),
      url: `http://localhost/pay/callback`,
    });
    const page = new URL(client.purchasePageUrl(orderId, { getToken: false }));
    returnQuery(await submitCard(testApp, page, { pan: '2200000000000004' }));
    await expect(gateway.reverse({ orderId, amount: kopecks(1001n) })).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
    expect((await gateway.reverse({ orderId, amount: kopecks(400n) })).status).toBe('approved');
    expect((await gateway.status(orderId)).state).toBe('completed');
    expect((await gateway.reverse({ orderId, amount: kopecks(600n) })).status).toBe('approved');
    expect((await gateway.status(orderId)).state).toBe('reversed');
  });

  it('refuses a request signed with another password, and an unknown order', async () => {
    const settings = testApp.ctx.config.best2pay;
    const forger = new Best2PayClient({
      baseUrl: settings?.url ?? '',
      sector: settings?.sector ?? '',
      password: 'not-the-password',
      fetch: inProcessFetch(testApp.app),
    });
    const refused = await forger
      .register({ amount: kopecks(100n), description: 'x', reference: reference() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentGatewayError);
    expect((refused as PaymentGatewayError).detail).toContain('103');
    await expect(client.getOrder('123')).rejects.toMatchObject({
      kind: 'gateway',
      gatewayCode: 104,
    });
  });
});
