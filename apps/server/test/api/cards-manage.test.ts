import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards } from '../../src/db/schema';
import { issueSession } from '../../src/services/sessions';
import { createClientWithSession } from '../helpers/factories';
import { MALFORMED_BODIES, expectAllRefused } from '../helpers/malformed';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { insertCard } from './cards-helpers';
import { expectRefusal } from '../helpers/refusal';

interface CardJson {
  id: number;
  pan_masked: string;
  is_active: boolean;
  is_autopay: boolean;
}
type Headers = { authorization: string };

const MINUTE = 60_000;

describe('the client’s cards: list, activate, autopay, delete', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const list = async (headers: Headers) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/cards',
      headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CardJson[] }>().data;
  };
  const activate = (headers: Headers, id: number | string) =>
    testApp.app.inject({ method: 'POST', url: `/api/clients/activate_card/${id}`, headers });
  const autopay = (headers: Headers, id: number | string, enabled: boolean) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/clients/autopay_card/${id}`,
      headers,
      payload: { enabled },
    });
  const remove = (headers: Headers, id: number | string) =>
    testApp.app.inject({ method: 'DELETE', url: `/api/clients/cards/${id}`, headers });

  async function clientWithCards(count: number) {
    const owner = await createClientWithSession(testApp);
    const rows = [];
    for (let index = 0; index < count; index += 1) {
      testApp.clock.advanceBy(MINUTE);
      rows.push(
        await insertCard(testApp, owner.client.id, {
          panMasked: `411111******000${index}`,
          isActive: index === 0,
        }),
      );
    }
    return { ...owner, rows };
  }

  it('lists nothing for a new client', async () => {
    const { headers } = await createClientWithSession(testApp);
    expect(await list(headers)).toEqual([]);
  });

  it('switches the active card: exactly one active afterwards', async () => {
    const { headers, rows } = await clientWithCards(3);
    const [first, , third] = rows;
    const response = await activate(headers, third?.id ?? 0);
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: CardJson[] }>().data;
    expect(after.filter((card) => card.is_active).map((card) => card.id)).toEqual([third?.id]);
    expect(after.find((card) => card.id === first?.id)?.is_active).toBe(false);
    expect(await list(headers)).toEqual(after);
    expect((await activate(headers, third?.id ?? 0)).statusCode).toBe(200);
  });

  it('keeps one active card under parallel activations', async () => {
    const { headers, rows } = await clientWithCards(5);
    const answers = await Promise.all(rows.map((row) => activate(headers, row.id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
    expect((await list(headers)).filter((card) => card.is_active)).toHaveLength(1);
  });

  it('has the database refuse a second active card (partial unique index)', async () => {
    const { client } = await createClientWithSession(testApp);
    await insertCard(testApp, client.id, { isActive: true });
    await expect(insertCard(testApp, client.id, { isActive: true })).rejects.toThrow();
  });

  it('switches autopay on and off', async () => {
    const { headers, rows } = await clientWithCards(1);
    const id = rows[0]?.id ?? 0;
    const on = await autopay(headers, id, true);
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: CardJson[] }>().data[0]?.is_autopay).toBe(true);
    const [row] = await testApp.ctx.db.select().from(cards).where(eq(cards.id, id));
    expect(row?.autopayChangedAt).toBeInstanceOf(Date);
    const off = await autopay(headers, id, false);
    expect(off.json<{ data: CardJson[] }>().data[0]?.is_autopay).toBe(false);
  });

  it('refuses an operator autopay either way and a new main card (the client decides)', async () => {
    const { client, rows } = await clientWithCards(1);
    const id = rows[0]?.id ?? 0;
    const session = await issueSession(testApp.ctx, client.id, { operatorName: 'Оператор Пётр' });
    const operator = { authorization: `Bearer ${session.token}` };
    const on = await autopay(operator, id, true);
    expect(on.statusCode).toBe(403);
    expect(on.json<{ message: string }>().message).toMatch(/Оператор/);
    expect((await autopay(operator, id, false)).statusCode).toBe(403);
    expect((await activate(operator, id)).statusCode).toBe(403);
    const entries = (await testApp.logs.settled()).entries();
    expect(entries).toContainEqual(
      expect.objectContaining({ security: 'operator_denied', operator: 'Оператор Пётр' }),
    );
  });

  it('deletes softly; the newest remaining card becomes active', async () => {
    const { headers, rows } = await clientWithCards(3);
    const [first, second, third] = rows;
    const response = await remove(headers, first?.id ?? 0);
    expect(response.statusCode).toBe(200);
    const after = response.json<{ data: CardJson[] }>().data;
    expect(after.map((card) => card.id)).toEqual([third?.id, second?.id]);
    expect(after.find((card) => card.is_active)?.id).toBe(third?.id);
    const [row] = await testApp.ctx.db
      .select()
      .from(cards)
      .where(eq(cards.id, first?.id ?? 0));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await remove(headers, first?.id ?? 0)).statusCode).toBe(404);
    expect((await activate(headers, first?.id ?? 0)).statusCode).toBe(404);
  });

  it('deletes the only card of a client without a loan', async () => {
    const { headers, rows } = await clientWithCards(1);
    const response = await remove(headers, rows[0]?.id ?? 0);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it("answers 404 for another client's card on activate, autopay and delete, and logs it", async () => {
    const victim = await clientWithCards(2);
    const attacker = await createClientWithSession(testApp);
    const target = victim.rows[1]?.id ?? 0;
    for (const response of [
      await activate(attacker.headers, target),
      await autopay(attacker.headers, target, true),
      await remove(attacker.headers, target),
    ]) {
      expectRefusal(response, 'CARD_NOT_FOUND');
    }
    const victimCards = await list(victim.headers);
    expect(victimCards).toHaveLength(2);
    expect(victimCards.find((card) => card.id === target)).toMatchObject({
      is_active: false,
      is_autopay: false,
    });
    const entries = (await testApp.logs.settled()).entries();
    const denied = entries.filter(
      (entry) => entry.security === 'access_denied' && entry.cardId === target,
    );
    expect(denied).toHaveLength(3);
  });

  it('answers 404 for an unknown card and 400 for a card id that is not one', async () => {
    const { headers } = await createClientWithSession(testApp);
    expect((await activate(headers, 987654321)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5']) {
      const response = await activate(headers, id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/[а-я]/);
    }
  });

  it('refuses malformed autopay bodies with a Russian 4xx', async () => {
    const { headers, rows } = await clientWithCards(1);
    await expectAllRefused(
      testApp,
      { method: 'POST', url: `/api/clients/autopay_card/${rows[0]?.id ?? 0}`, headers },
      MALFORMED_BODIES,
    );
  });

  it('needs a session for every card call (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/clients/cards'],
      ['POST', '/api/clients/activate_card/1'],
      ['POST', '/api/clients/autopay_card/1'],
      ['DELETE', '/api/clients/cards/1'],
      ['GET', '/api/payment_system/payment'],
      ['GET', '/api/payment_system/payout'],
      ['GET', '/api/pay/callbackPayment?id=1'],
      ['POST', '/api/pay/callback/best2pay?id=1'],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists the payment and payout methods: the card and the СБП, both through Best2Pay', async () => {
    const { headers } = await createClientWithSession(testApp);
    for (const [kind, card, sbp] of [
      ['payment', 'Банковская карта', 'СБП — Система быстрых платежей'],
      ['payout', 'На банковскую карту', 'По номеру телефона через СБП'],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/payment_system/${kind}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: [
          { id: 1, code: 'best2pay_card', title: card, enabled: true },
          { id: 2, code: 'sbp', title: sbp, enabled: true },
        ],
      });
    }
  });
});

describe('without a payment gateway (production, no BEST2PAY_URL)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      env: { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-32-characters-or-more' },
    });
  });
  afterAll(() => testApp.close());

  it('says the card is not connected and cannot start a binding (503)', async () => {
    const { headers } = await createClientWithSession(testApp);
    const methods = await testApp.app.inject({
      method: 'GET',
      url: '/api/payment_system/payment',
      headers,
    });
    expect(methods.json<{ data: unknown[] }>().data[0]).toEqual({
      id: 1,
      code: 'best2pay_card',
      title: 'Банковская карта',
      enabled: false,
      reason: 'Не подключено',
    });
    const link = await testApp.app.inject({ method: 'GET', url: '/api/pay/link', headers });
    expect(link.statusCode).toBe(503);
    expect(link.json<{ message: string }>().message).toMatch(/не подключена/);
    const sandbox = await testApp.app.inject({
      method: 'POST',
      url: '/sandbox/best2pay/webapi/Register',
    });
    expect(sandbox.statusCode).toBe(404);
  });
});
