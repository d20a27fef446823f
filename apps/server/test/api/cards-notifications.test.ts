import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  bindingOf,
  cardsOf,
  notificationsOf,
  payCallback,
  payWithCard,
  purchaseNotificationFields,
  purchaseNotificationXml,
  sandboxOperations,
  signedNotification,
} from './cards-helpers';
import { expectRefusal } from '../helpers/refusal';

function notify(testApp: TestApp, xml: string, contentType = 'application/xml') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/pay/notify/best2pay',
    headers: { 'content-type': contentType },
    payload: xml,
  });
}

describe('gateway notifications (sandbox notifications off: the test posts them)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BEST2PAY_SANDBOX_NOTIFY: '0' } });
  });
  afterAll(() => testApp.close());

  it('binds the card from the notification alone; the later return finds it', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '2200000000000004' }, '/cards');
    const orderId = query.id ?? '';
    const response = await notify(testApp, await purchaseNotificationXml(testApp, orderId));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    const cards = await cardsOf(testApp, client.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ panMasked: '220000******0004', isActive: true });
    expect(await bindingOf(testApp, orderId)).toMatchObject({
      status: 'approved',
      reversalStatus: 'done',
    });
    const back = await payCallback(testApp, headers, query);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ data: { data: { id: number } } }>().data.data.id).toBe(cards[0]?.id);
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
  });

  it('binds the card from the return alone (no notification ever comes)', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4111111111111111' });
    expect((await payCallback(testApp, headers, query)).statusCode).toBe(200);
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
    expect(await notificationsOf(testApp, query.id ?? '')).toEqual([]);
  });

  it('takes 50 parallel copies of one notification as one: one card, one record, one reversal', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '5555555555554444' });
    const orderId = query.id ?? '';
    const xml = await purchaseNotificationXml(testApp, orderId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(testApp, xml)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
    const records = await notificationsOf(testApp, orderId);
    expect(records).toHaveLength(1);
    expect(records[0]?.effect).toBe('card_bound');
    const reverses = (await sandboxOperations(testApp, orderId)).filter(
      (op) => op.type === 'REVERSE',
    );
    expect(reverses).toHaveLength(1);
  });

  it('races the return against the notifications: still one card', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '2200000000000004' });
    const xml = await purchaseNotificationXml(testApp, query.id ?? '');
    const answers = await Promise.all([
      payCallback(testApp, headers, query),
      notify(testApp, xml),
      payCallback(testApp, headers, query),
      notify(testApp, xml, 'text/xml'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
  });

  it('rejects a tampered notification (400) with a security line, and changes nothing', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4111111111111111' });
    const orderId = query.id ?? '';
    const genuine = await purchaseNotificationXml(testApp, orderId);
    const tampered = genuine.replace('<amount>100</amount>', '<amount>100000</amount>');
    expect(tampered).not.toBe(genuine);
    const response = await notify(testApp, tampered);
    expectRefusal(response, 'NOTIFICATION_SIGNATURE_INVALID');
    const unsigned = await notify(testApp, genuine.replace(/<signature>[^<]*<\/signature>/, ''));
    expect(unsigned.statusCode).toBe(400);
    const entries = (await testApp.logs.settled()).entries();
    expect(entries).toContainEqual(
      expect.objectContaining({
        security: 'payment_notification_rejected',
        reason: 'notification signature mismatch',
      }),
    );
    expect(await cardsOf(testApp, client.id)).toHaveLength(0);
    expect(await notificationsOf(testApp, orderId)).toEqual([]);
    expect((await bindingOf(testApp, orderId))?.status).toBe('pending');
  });

  it('refuses what is not a notification: JSON, junk, another document', async () => {
    for (const [body, type] of [
      ['{"id":1}', 'application/json'],
      ['not xml at all', 'application/xml'],
      ['<order><id>1</id></order>', 'application/xml'],
      ['<!DOCTYPE x [<!ENTITY a "b">]><operation/>', 'text/xml'],
    ] as const) {
      const response = await notify(testApp, body, type);
      expect(response.statusCode, body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[а-я]/);
    }
  });

  it('settles a declined binding from its notification', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4000000000009995' });
    const response = await notify(testApp, await purchaseNotificationXml(testApp, query.id ?? ''));
    expect(response.statusCode).toBe(200);
    expect(await bindingOf(testApp, query.id ?? '')).toMatchObject({
      status: 'declined',
      message: 'Недостаточно средств на карте',
    });
    const back = await payCallback(testApp, headers, query);
    expect(back.statusCode).toBe(422);
    expect(await cardsOf(testApp, client.id)).toHaveLength(0);
  });

  it('acknowledges a notification of an order it does not know, and records it', async () => {
    const { headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4111111111111111' });
    const fields = await purchaseNotificationFields(testApp, query.id ?? '');
    const foreign = fields.map(([name, value]) =>
      name === 'order_id' ? (['order_id', '777'] as const) : ([name, value] as const),
    );
    expect((await notify(testApp, signedNotification(testApp, foreign))).statusCode).toBe(200);
    const records = await notificationsOf(testApp, '777');
    expect(records.map((record) => record.effect)).toEqual(['unknown_order']);
  });
});
