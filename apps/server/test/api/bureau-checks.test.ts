import { crmClientCardResponseSchema, ORDER_STATUS, type Order } from '@zaymo/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bureauRequests,
  bureauSettings,
  clientIdentities,
  creditHistoryEvents,
  orderReviews,
  orderScorings,
  orderSignatures,
  smsCodes,
} from '../../src/db/schema';
import { sweepStuckOrders } from '../../src/services/scoring/scoring';
import { sandboxBureau } from '../helpers/bureau';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import {
  createBorrower,
  decidedOrder,
  listOrders,
  orderBody,
  orderOf,
  personalStep,
  postOrder,
  tariffIds,
  type Borrower,
} from './orders-helpers';

/*
 * What the law asks before a loan, through the API and the sandbox bureau (which answers by words
 * in the birth place): the self-ban, the high-cost-loan limits of 545-FZ around their dates, and
 * a bureau that does not answer — no loan on a guess, nothing lost.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

async function scoringOf(testApp: TestApp, orderId: number) {
  const [row] = await testApp.ctx.db
    .select()
    .from(orderScorings)
    .where(eq(orderScorings.orderId, orderId));
  return row;
}

function failedRules(rules: readonly { rule: string; passed: boolean }[] | undefined): string[] {
  return (rules ?? []).filter((rule) => !rule.passed).map((rule) => rule.rule);
}

describe('a self-banned client', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BUREAU_REPORT_SECONDS: '0' } });
  });
  afterAll(() => testApp.close());

  it('is refused before any document is signed, told why, and the request is kept', async () => {
    const borrower = await createBorrower(testApp, { birthPlace: 'г. Тверь, самозапрет' });
    const order = await decidedOrder(testApp, borrower);
    expect(order.status_id).toBe(ORDER_STATUS.REFUSED);
    expect(order.status_reason).toContain('действует самозапрет на займы');
    expect(order.status_reason).toContain('218-ФЗ');
    expect(order.status_reason).toMatch(/Новую заявку можно подать с \d\d\.\d\d\.\d{4}\.$/);
    expect(failedRules((await scoringOf(testApp, order.id))?.rules)).toEqual(['self_ban']);

    // Nothing to sign was ever offered: no signing code, no signature.
    const codes = await testApp.ctx.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.clientId, borrower.client.id), eq(smsCodes.purpose, 'sign')));
    expect(codes).toEqual([]);
    const signatures = await testApp.ctx.db
      .select()
      .from(orderSignatures)
      .where(eq(orderSignatures.orderId, order.id));
    expect(signatures).toEqual([]);
    const sign = await testApp.app.inject({
      method: 'POST',
      url: '/api/sms/send',
      headers: borrower.headers,
      remoteAddress: borrower.ip,
      payload: { purpose: 'sign', order_id: order.id },
    });
    expect(sign.statusCode).toBeGreaterThanOrEqual(400);

    // The request, its answer and the consent it rests on, as the console shows them.
    const [request] = await testApp.ctx.db
      .select()
      .from(bureauRequests)
      .where(eq(bureauRequests.orderId, order.id));
    expect(request).toMatchObject({
      outcome: 'answered',
      bureau: 'Песочница НБКИ',
      consentVersion: '1.0 от 01.03.2026',
      summary: { selfBan: true, openObligations: 0 },
    });
    expect(request?.requestXml).toContain('<placeOfBirth>г. Тверь, самозапрет</placeOfBirth>');
    expect(request?.requestXml).toContain('<Password>***</Password>');
    expect(request?.requestXml).not.toContain('zaymo-sandbox-bureau-password');
    expect(request?.answerXml).toContain('<ProhibitionReply>');

    const events = await testApp.ctx.db
      .select({ kind: creditHistoryEvents.kind, code: creditHistoryEvents.code })
      .from(creditHistoryEvents)
      .where(eq(creditHistoryEvents.orderId, order.id))
      .orderBy(asc(creditHistoryEvents.id));
    expect(events).toEqual([
      { kind: 'application', code: '1.1' },
      { kind: 'refusal', code: '1.3' },
    ]);
  });

  it('shows in the console’s client card with time, outcome and consent', async () => {
    const borrower = await createBorrower(testApp, { birthPlace: 'Самозапрет' });
    const order = await decidedOrder(testApp, borrower);
    const staff = await createStaffMember(testApp, 'operator');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${borrower.client.id}`,
      headers: await staffHeaders(testApp, staff.row.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = crmClientCardResponseSchema.parse(response.json()).data;
    expect(card.bureau_requests).toEqual([
      expect.objectContaining({
        order_id: order.id,
        outcome: 'answered',
        consent_version: '1.0 от 01.03.2026',
        summary: expect.objectContaining({ self_ban: true }),
      }),
    ]);
    expect(card.credit_history.map((event) => event.kind)).toEqual(['refusal', 'application']);
    expect(card.credit_history[0]).toMatchObject({ status: 'queued', code: '1.3' });
  });

  it('without a self-ban and with other loans, the bureau’s payments weigh in the debt load', async () => {
    // 60 000 ₽ income, 50 %: 12 400 ₽ of ours plus 3 × 6 000 ₽ elsewhere is over 30 000 ₽.
    const heavy = await createBorrower(testApp, { birthPlace: 'займов 3 пск 90 платёж 6000' });
    const refused = await decidedOrder(testApp, heavy);
    expect(refused.status_id).toBe(ORDER_STATUS.REFUSED);
    expect(failedRules((await scoringOf(testApp, refused.id))?.rules)).toEqual(['debt_load']);
    const light = await createBorrower(testApp, { birthPlace: 'займов 2 пск 90 платёж 6000' });
    expect((await decidedOrder(testApp, light)).status_id).toBe(ORDER_STATUS.APPROVED);
    const overdue = await createBorrower(testApp, { birthPlace: 'просрочка 45' });
    const late = await decidedOrder(testApp, overdue);
    expect(failedRules((await scoringOf(testApp, late.id))?.rules)).toEqual(['overdue_debts']);
    const unknown = await createBorrower(testApp, { birthPlace: 'Нет истории' });
    expect((await decidedOrder(testApp, unknown)).status_id).toBe(ORDER_STATUS.APPROVED);
  });
});

/** Moscow noon of a day, as an instant. */
function moscowNoon(day: string): Date {
  return new Date(`${day}T12:00:00+03:00`);
}

describe('545-FZ limits on high-cost loans around their dates (the sandbox clock)', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function appOn(day: string): Promise<TestApp> {
    const app = await createTestApp({
      startAt: moscowNoon(day),
      // Borrowers here type their data; the 41-FZ biometric rule from 01.03.2027 is esia.test.ts's.
      env: { BUREAU_REPORT_SECONDS: '0', MORATORIUM_DAYS: '0', BIOMETRIC_REQUIRED_FROM: 'never' },
    });
    apps.push(app);
    return app;
  }

  async function decide(testApp: TestApp, birthPlace: string): Promise<Order> {
    return decidedOrder(testApp, await createBorrower(testApp, { birthPlace }));
  }

  it('two loans above 200 %: allowed on 30.09.2026, refused from 01.10.2026', async () => {
    const testApp = await appOn('2026-09-30');
    const twoLoans = 'займов 2 пск 250 платёж 3000';
    expect((await decide(testApp, twoLoans)).status_id).toBe(ORDER_STATUS.APPROVED);
    testApp.clock.advanceBy(DAY_MS);
    const refused = await decide(testApp, twoLoans);
    expect(refused.status_id).toBe(ORDER_STATUS.REFUSED);
    expect(failedRules((await scoringOf(testApp, refused.id))?.rules)).toEqual(['high_cost_loans']);
    expect(refused.status_reason).toContain('С 01.10.2026 закон (545-ФЗ от 29.12.2025)');
    expect(refused.status_reason).toContain('выше 200 % годовых');
    expect(refused.status_reason).toContain('возможен после погашения одного из них');
    // One such loan is still fine then.
    expect((await decide(testApp, 'займов 1 пск 250 платёж 3000')).status_id).toBe(
      ORDER_STATUS.APPROVED,
    );
  });

  it('one loan above 100 %: allowed on 31.03.2027, refused from 01.04.2027', async () => {
    const testApp = await appOn('2027-03-31');
    const oneLoan = 'займов 1 пск 150 платёж 3000';
    expect((await decide(testApp, oneLoan)).status_id).toBe(ORDER_STATUS.APPROVED);
    testApp.clock.advanceBy(DAY_MS);
    const refused = await decide(testApp, oneLoan);
    expect(refused.status_id).toBe(ORDER_STATUS.REFUSED);
    expect(refused.status_reason).toContain('С 01.04.2027');
    expect(refused.status_reason).toContain('выше 100 % годовых');
  });

  it('a loan above 100 % repaid yesterday: refused until the gap is over, with that day', async () => {
    const testApp = await appOn('2027-01-12');
    const refused = await decide(testApp, 'погашен 1 пск 150');
    expect(refused.status_id).toBe(ORDER_STATUS.REFUSED);
    // Repaid on 11.01, four days: a new one from 15.01.2027 (the moratorium is the law's day).
    expect(refused.status_reason).toContain('не раньше чем через 4 дн.');
    expect(refused.status_reason).toMatch(/Новую заявку можно подать с 15\.01\.2027\.$/);
    testApp.clock.advanceBy(3 * DAY_MS);
    expect((await decide(testApp, 'погашен 4 пск 150')).status_id).toBe(ORDER_STATUS.APPROVED);
  });
});

describe('a bureau that does not answer', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        BUREAU_TIMEOUT_MS: '300',
        BUREAU_REPORT_SECONDS: '0',
        SCORING_SWEEP_SECONDS: '0',
      },
    });
  });
  afterAll(() => testApp.close());

  async function waitUntilAsked(borrower: Borrower, orderId: number, times: number) {
    for (let tries = 0; tries < 600; tries += 1) {
      const rows = await testApp.ctx.db
        .select()
        .from(bureauRequests)
        .where(eq(bureauRequests.orderId, orderId));
      const order = (await listOrders(testApp, borrower.headers)).find((o) => o.id === orderId);
      if (rows.length >= times && order?.credit_check_pending) return { rows, order };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`order ${orderId} was not asked about ${times} times`);
  }

  async function orderWaiting(birthPlace: string) {
    const borrower = await createBorrower(testApp, { birthPlace });
    const { first } = await tariffIds(testApp);
    const created = orderOf(await postOrder(testApp, borrower, orderBody(first)));
    const { rows, order } = await waitUntilAsked(borrower, created.id, 1);
    return { borrower, order, rows };
  }

  const sweep = () => sweepStuckOrders(testApp.ctx, sandboxBureau(testApp));

  async function setWait(minutes: number, action: 'refuse' | 'review') {
    await testApp.ctx.db
      .insert(bureauSettings)
      .values({ id: 1, waitMinutes: minutes, waitAction: action })
      .onConflictDoUpdate({
        target: bureauSettings.id,
        set: { waitMinutes: minutes, waitAction: action },
      });
  }

  it('times out: no loan, the order waits, the client is told, the sweep asks again', async () => {
    await setWait(60, 'refuse');
    const { borrower, order, rows } = await orderWaiting('бюро молчит');
    expect(order.status_id).toBe(ORDER_STATUS.ACCEPTED);
    expect(order.credit_check_pending).toBe(true);
    expect(rows[0]).toMatchObject({ outcome: 'unavailable', answeredAt: null });
    expect(rows[0]?.error).toContain('бюро не ответило');
    expect(await scoringOf(testApp, order.id)).toBeUndefined();

    testApp.clock.advanceBy(31_000);
    expect(await sweep()).toBe(0);
    const again = await waitUntilAsked(borrower, order.id, 2);
    expect(again.order.status_id).toBe(ORDER_STATUS.ACCEPTED);

    // The bureau answers again (the tester fixed the birth place): the order is decided.
    await testApp.ctx.db
      .update(clientIdentities)
      .set({ personal: personalStep({ birthPlace: 'г. Москва' }) })
      .where(eq(clientIdentities.clientId, borrower.client.id));
    testApp.clock.advanceBy(31_000);
    expect(await sweep()).toBe(1);
    const [decided] = (await listOrders(testApp, borrower.headers)).filter(
      (item) => item.id === order.id,
    );
    expect(decided?.status_id).toBe(ORDER_STATUS.APPROVED);
    expect(decided?.credit_check_pending).toBeUndefined();
  });

  it('answers 5xx for longer than the risk team waits: refused, with the reason', async () => {
    await setWait(5, 'refuse');
    const { borrower, order } = await orderWaiting('бюро сбой');
    testApp.clock.advanceBy(6 * MINUTE_MS);
    expect(await sweep()).toBe(1);
    const [refused] = (await listOrders(testApp, borrower.headers)).filter(
      (item) => item.id === order.id,
    );
    expect(refused?.status_id).toBe(ORDER_STATUS.REFUSED);
    expect(refused?.status_reason).toContain('Мы не смогли получить вашу кредитную историю');
    const rules = (await scoringOf(testApp, order.id))?.rules ?? [];
    expect(rules).toEqual([expect.objectContaining({ rule: 'bureau', passed: false })]);
    expect(rules[0]?.detail).toContain('бюро ответило 500');
  });

  it('or sent to a person, who may approve only once the bureau answers', async () => {
    await setWait(5, 'review');
    const { borrower, order } = await orderWaiting('бюро молчит');
    testApp.clock.advanceBy(6 * MINUTE_MS);
    expect(await sweep()).toBe(1);
    const [review] = await testApp.ctx.db
      .select()
      .from(orderReviews)
      .where(eq(orderReviews.orderId, order.id));
    expect(review?.sentBy).toBe('bureau:unavailable');

    const risk = await createStaffMember(testApp, 'risk');
    const headers = await staffHeaders(testApp, risk.row.id);
    const decide = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/crm/review/${order.id}/decision`,
        headers,
        payload: { decision: 'approve', reason: 'Проверили доход' },
      });
    const silent = await decide();
    expectRefusal(silent, 'BUREAU_SILENT');

    await testApp.ctx.db
      .update(clientIdentities)
      .set({ personal: personalStep({ birthPlace: 'Самозапрет' }) })
      .where(eq(clientIdentities.clientId, borrower.client.id));
    const banned = await decide();
    expect(banned.statusCode).toBe(409);
    expect(banned.json().message).toContain('Одобрить нельзя по закону');

    await testApp.ctx.db
      .update(clientIdentities)
      .set({ personal: personalStep({ birthPlace: 'г. Москва' }) })
      .where(eq(clientIdentities.clientId, borrower.client.id));
    const approved = await decide();
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = (await listOrders(testApp, borrower.headers)).filter((o) => o.id === order.id);
    expect(row?.status_id).toBe(ORDER_STATUS.APPROVED);
  });
});
