import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOperations } from '../../src/db/schema';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  bindCard,
  bindingOf,
  cardsOf,
  confirmThreeDs,
  databaseText,
  luhnValidNumbersIn,
  notificationsOf,
  notificationsSettled,
  payCallback,
  payLink,
  payWithCard,
  returnQuery,
  sandboxOperations,
  sandboxOrder,
  submitCard,
} from './cards-helpers';
import { expectRefusal } from '../helpers/refusal';

interface CardJson {
  id: number;
  pan_masked: string;
  is_active: boolean;
}
interface BoundAnswer {
  data: { data: CardJson & Record<string, unknown>; referer?: string };
}

/** Every number typed on a card page in this file: none may be found anywhere afterwards. */
const TYPED_NUMBERS = [
  '2200000000000004',
  '4111111111111111',
  '5555555555554444',
  '4000000000000002',
  '4000000000009995',
  '4000000000003220',
  '4111111111111112',
];

describe('binding a card through the sandbox gateway', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('binds an approved МИР card, returns it with the referer, reverses the 1 ₽', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(
      testApp,
      headers,
      { pan: '2200 0000 0000 0004' },
      '/profile/identity',
    );
    expect(query).toMatchObject({ id: expect.any(String), operation: expect.any(String) });
    expect(query.reference).toMatch(/^bind-/);
    const response = await payCallback(testApp, headers, query);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BoundAnswer>();
    expect(body.data.referer).toBe('/profile/identity');
    expect(body.data.data).toMatchObject({
      pan_masked: '220000******0004',
      expiry: '12/30',
      holder: 'IVAN IVANOV',
      payment_system: 'mir',
      is_active: true,
      is_autopay: false,
    });
    const orderId = query.id ?? '';
    await notificationsSettled(testApp, orderId);
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
    expect(await bindingOf(testApp, orderId)).toMatchObject({
      status: 'approved',
      reversalStatus: 'done',
      amount: 100n,
    });
    expect((await sandboxOrder(testApp, orderId))?.state).toBe('REVERSED');
    const reverses = (await sandboxOperations(testApp, orderId)).filter(
      (op) => op.type === 'REVERSE',
    );
    expect(reverses).toHaveLength(1);
  });

  it('answers the same card to a repeated return, and the notification adds nothing', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4111111111111111' });
    const first = await payCallback(testApp, headers, query);
    const again = await payCallback(testApp, headers, query);
    expect(first.statusCode).toBe(200);
    expect(again.json<BoundAnswer>().data.data.id).toBe(first.json<BoundAnswer>().data.data.id);
    await notificationsSettled(testApp, query.id ?? '');
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
    const notes = await notificationsOf(testApp, query.id ?? '');
    expect(notes.map((note) => note.type).sort()).toEqual(['PURCHASE', 'REVERSE']);
  });

  it('makes the first card active and the next ones not; lists them newest first', async () => {
    const { headers } = await createClientWithSession(testApp);
    const first = await bindCard(testApp, headers, { pan: '2200000000000004' });
    const second = await bindCard(testApp, headers, { pan: '5555 5555 5555 4444' });
    expect(first.json<BoundAnswer>().data.data.is_active).toBe(true);
    expect(second.json<BoundAnswer>().data.data).toMatchObject({
      is_active: false,
      pan_masked: '555555******4444',
      payment_system: 'mastercard',
    });
    const list = await testApp.app.inject({ method: 'GET', url: '/api/clients/cards', headers });
    const cards = list.json<{ data: CardJson[] }>().data;
    expect(cards.map((card) => card.pan_masked)).toEqual(['555555******4444', '220000******0004']);
    expect(cards.filter((card) => card.is_active)).toHaveLength(1);
  });

  it('lists a card bound again (same number and expiry) once', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    await bindCard(testApp, headers, { pan: '4111111111111111' });
    const again = await bindCard(testApp, headers, { pan: '4111111111111111' });
    expect(again.statusCode).toBe(200);
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0002', '3', 'Банк отклонил операцию'],
    ['4000 0000 0000 9995', '2', 'Недостаточно средств на карте'],
  ])(
    'refuses %s with the bank reason in Russian (422) and binds nothing',
    async (pan, code, text) => {
      const { client, headers } = await createClientWithSession(testApp);
      const query = await payWithCard(testApp, headers, { pan }, '/profile/identity');
      expect(query.error).toBe(code);
      const response = await payCallback(testApp, headers, query);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        code: 'CARD_BINDING_FAILED',
        message: text,
        referer: '/profile/identity',
      });
      await notificationsSettled(testApp, query.id ?? '');
      expect(await cardsOf(testApp, client.id)).toHaveLength(0);
      expect(await bindingOf(testApp, query.id ?? '')).toMatchObject({
        status: 'declined',
        message: text,
      });
      const again = await payCallback(testApp, headers, query);
      expect(again.statusCode).toBe(422);
    },
  );

  it('asks for 3-D Secure: code 1234 binds the card', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const page = await payLink(testApp, headers);
    const challenge = await submitCard(testApp, page, { pan: '4000000000003220' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain('3-D Secure');
    expect(challenge.body).toContain('1234');
    expect(challenge.body).not.toContain('4000000000003220');
    const query = returnQuery(await confirmThreeDs(testApp, page, challenge, '1234'));
    const response = await payCallback(testApp, headers, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BoundAnswer>().data.data.pan_masked).toBe('400000******3220');
    await notificationsSettled(testApp, query.id ?? '');
    expect(await cardsOf(testApp, client.id)).toHaveLength(1);
  });

  it('asks for 3-D Secure: a wrong code rejects, and the page cannot be answered twice', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const page = await payLink(testApp, headers);
    const challenge = await submitCard(testApp, page, { pan: '4000000000003220' });
    const query = returnQuery(await confirmThreeDs(testApp, page, challenge, '0000'));
    expect(query.error).toBe('7');
    const response = await payCallback(testApp, headers, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: 'Не пройдена проверка 3-D Secure' });
    const replay = await confirmThreeDs(testApp, page, challenge, '1234');
    expect(replay.statusCode).toBe(409);
    for (const operation of ['abc', '1', '']) {
      const junk = await testApp.app.inject({
        method: 'POST',
        url: '/sandbox/best2pay/acs',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ operation, challenge: 'x', code: '1234' }).toString(),
      });
      expect(junk.statusCode, operation).toBe(409);
      expect(junk.body).toContain('Страница подтверждения устарела');
    }
    await notificationsSettled(testApp, query.id ?? '');
    expect(await cardsOf(testApp, client.id)).toHaveLength(0);
  });

  it('keeps the card page on a wrong number or an expired card, without echoing the number', async () => {
    const { headers } = await createClientWithSession(testApp);
    const page = await payLink(testApp, headers);
    const wrong = await submitCard(testApp, page, { pan: '4111 1111 1111 1112' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers['content-type']).toMatch(/^text\/html/);
    expect(wrong.body).toContain('Неверный номер карты — проверьте цифры');
    expect(wrong.body).not.toMatch(/4111[\s]?1111[\s]?1111[\s]?1112/);
    const expired = await submitCard(testApp, page, { pan: '4111111111111111', expiry: '01/20' });
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain('Срок действия карты истёк');
    expect(expired.body).toContain('value="01/20"');
    const badCvc = await submitCard(testApp, page, { pan: '4111111111111111', cvc: '12' });
    expect(badCvc.body).toContain('CVC — три цифры');
    expect(badCvc.body).not.toContain('value="12"');
  });

  it('serves an accessible page: labels, numeric input modes, card autocomplete, a CSP nonce', async () => {
    const { headers } = await createClientWithSession(testApp);
    const link = await payLink(testApp, headers);
    const page = await testApp.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    for (const [id, autocomplete] of [
      ['pan', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['holder', 'cc-name'],
      ['cvc', 'cc-csc'],
    ]) {
      expect(page.body).toContain(`<label for="${id}">`);
      expect(page.body).toContain(`autocomplete="${autocomplete}"`);
    }
    expect(page.body.match(/inputmode="numeric"/g)?.length).toBe(3);
    expect(page.body).toContain('<html lang="ru">');
    const nonce = /<script nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeDefined();
    expect(page.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(page.body).toContain('2200 0000 0000 0004');
  });

  it('sends the browser back to the origin it came from when PUBLIC_URL is not set', async () => {
    const { headers } = await createClientWithSession(testApp);
    const link = await testApp.app.inject({
      method: 'GET',
      url: '/api/pay/link?referer=/cards',
      headers: { ...headers, host: '127.0.0.1:3100' },
    });
    const page = new URL(link.json<{ data: { url: string } }>().data.url);
    const redirect = await submitCard(testApp, page, { pan: '4111111111111111' });
    const back = new URL(String(redirect.headers.location));
    expect(back.origin).toBe('http://127.0.0.1:3100');
    expect(back.pathname).toBe('/pay/callback');
    await notificationsSettled(testApp, back.searchParams.get('id') ?? '');
  });

  it('refuses a card page link with a forged signature', async () => {
    const { headers } = await createClientWithSession(testApp);
    const page = await payLink(testApp, headers);
    page.searchParams.set('signature', 'Zm9yZ2Vk');
    const response = await testApp.app.inject({ method: 'GET', url: page.pathname + page.search });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Ссылка на оплату недействительна');
  });

  it('reports a cancelled page as not bound', async () => {
    const { headers } = await createClientWithSession(testApp);
    const page = await payLink(testApp, headers);
    const html = (await testApp.app.inject({ method: 'GET', url: page.pathname + page.search }))
      .body;
    const cancel = /<a class="cancel" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    const query = Object.fromEntries(new URL(cancel ?? '').searchParams);
    expect(query.error).toBe('canceled');
    const response = await payCallback(testApp, headers, query);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'CARD_BINDING_FAILED',
      message: 'Карта не привязана: оплата на странице банка отменена.',
      referer: '/cards',
    });
  });

  it("answers 404 for another client's binding and for an unknown order", async () => {
    const owner = await createClientWithSession(testApp);
    const stranger = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, owner.headers, { pan: '4111111111111111' });
    const foreign = await payCallback(testApp, stranger.headers, query);
    expectRefusal(foreign, 'BINDING_NOT_FOUND');
    const unknown = await payCallback(testApp, owner.headers, { id: '999999999', operation: '1' });
    expect(unknown.statusCode).toBe(404);
    await notificationsSettled(testApp, query.id ?? '');
    expect(await cardsOf(testApp, stranger.client.id)).toHaveLength(0);
  });

  it('needs a session (401) and a valid query (400)', async () => {
    const { headers } = await createClientWithSession(testApp);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/pay/link' });
    expect(anonymous.statusCode).toBe(401);
    const noId = await payCallback(testApp, headers, { operation: '1' });
    expect(noId.statusCode).toBe(400);
    const badReferer = await testApp.app.inject({
      method: 'GET',
      url: `/api/pay/link?referer=${encodeURIComponent('https://evil.example/')}`,
      headers,
    });
    expect(badReferer.statusCode).toBe(400);
    expect(badReferer.json<{ message: string }>().message).toMatch(/[а-я]/);
  });

  it('refuses a CRM operator a binding: the card would become a payout destination', async () => {
    const { headers } = await createClientWithSession(testApp, { operatorName: 'Оператор Анна' });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/pay/link', headers });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/Оператор не может привязывать/);
    const entries = (await testApp.logs.settled()).entries();
    expect(entries).toContainEqual(
      expect.objectContaining({ security: 'operator_denied', route: '/api/pay/link' }),
    );
  });

  it('keeps no card number anywhere: not in the database, not in the logs', async () => {
    // Runs after the tests above (their cards are in the database too) and on its own.
    const { headers } = await createClientWithSession(testApp);
    await bindCard(testApp, headers, { pan: '2200000000000004' });
    await bindCard(testApp, headers, { pan: '4000000000000002' });
    const bindings = await testApp.ctx.db
      .select({ orderId: paymentOperations.gatewayOrderId })
      .from(paymentOperations)
      .where(eq(paymentOperations.kind, 'bind'));
    for (const { orderId } of bindings) if (orderId) await notificationsSettled(testApp, orderId);
    // The scan itself finds a number when there is one.
    expect(luhnValidNumbersIn('{"pan":"4111111111111111","t":0.9469719999979}')).toEqual([
      '4111111111111111',
    ]);
    const database = await databaseText(testApp);
    expect(database).toContain('220000******0004');
    const logs = (await testApp.logs.settled()).text();
    for (const [where, text] of [
      ['database', database],
      ['logs', logs],
    ] as const) {
      expect(luhnValidNumbersIn(text), where).toEqual([]);
      for (const pan of TYPED_NUMBERS) {
        expect(text, `${where}: ${pan}`).not.toContain(pan);
        expect(text, `${where}: ${pan}`).not.toContain(pan.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
    }
  });
});
