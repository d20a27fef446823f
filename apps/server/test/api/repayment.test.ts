import { ORDER_STATUS, addDays, moscowDate } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, loanLedger, paymentOperations } from '../../src/db/schema';
import { sandboxB2pTokens } from '../../src/db/sandbox-schema';
import { openCardToken } from '../../src/services/payments/token-vault';
import { issueSession } from '../../src/services/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { purchaseNotificationXml, returnQuery, submitCard } from './cards-helpers';
import { orderBody, postOrder, tariffIds } from './orders-helpers';
import {
  currentOrder,
  DAY_MS,
  LONG_SESSIONS,
  givenLoan,
  newKey,
  paid,
  pay,
} from './servicing-helpers';

describe('loan servicing: accrual, repayment, idempotency', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const paymentsOf = (orderId: number) =>
    testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(and(eq(loanLedger.orderId, orderId), eq(loanLedger.kind, 'payment')));

  it('golden example: 10 000 ₽ for 30 days owes 12 400 ₽ on day 30, then expires with penalty', async () => {
    const loan = await givenLoan(testApp);
    expect(loan.order.due_date).toBe(addDays(moscowDate(testApp.clock.now()), 30));
    testApp.clock.advanceBy(10 * DAY_MS);
    expect((await currentOrder(testApp, loan)).balance).toMatchObject({
      principal: '10000.00',
      interest: '800.00',
      total: '10800.00',
      days_to_due: 20,
    });
    testApp.clock.advanceBy(20 * DAY_MS);
    const due = await currentOrder(testApp, loan);
    expect(due.status_id).toBe(ORDER_STATUS.GIVEN);
    expect(due.balance).toMatchObject({ interest: '2400.00', penalty: '0.00', total: '12400.00' });
    testApp.clock.advanceBy(DAY_MS);
    const overdue = await currentOrder(testApp, loan);
    expect(overdue.status_id).toBe(ORDER_STATUS.EXPIRED);
    // Day 31: 80 ₽ interest and 10 000 × 20 % / 365 = 5.479… → 5.47 ₽ penalty (rounded down).
    expect(overdue.balance).toMatchObject({
      interest: '2480.00',
      penalty: '5.47',
      total: '12485.47',
      days_to_due: -1,
    });
    const booked = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, loan.order.id));
    expect(booked.filter((row) => row.kind === 'interest')).toHaveLength(31);
    expect(booked.filter((row) => row.kind === 'penalty')).toHaveLength(1);
  });

  it('a part payment goes to penalty, then interest, then principal', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(10 * DAY_MS);
    const answer = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '1000.00',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(answer.status).toBe('approved');
    expect(answer.order?.balance).toMatchObject({
      principal: '9800.00',
      interest: '0.00',
      total: '9800.00',
    });
    const [entry] = await paymentsOf(loan.order.id);
    expect(entry).toMatchObject({
      amount: 100_000n,
      allocatedPenalty: 0n,
      allocatedInterest: 80_000n,
      allocatedPrincipal: 20_000n,
    });
    const tooMuch = await pay(testApp, loan.borrower, loan.contract, {
      type: 'part',
      amount: '9800.01',
      card_id: loan.borrower.cardId ?? 0,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/Укажите сумму/);
  });

  it('full repayment → REPAID, and the repeat tariff now applies to the client', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(5 * DAY_MS);
    const answer = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(answer.status).toBe('approved');
    expect(answer.order).toMatchObject({ status_id: ORDER_STATUS.REPAID, balance: null });
    expect(answer.order?.repaid_at).not.toBeNull();
    const [entry] = await paymentsOf(loan.order.id);
    expect(entry).toMatchObject({ amount: 1_040_000n, allocatedPrincipal: 1_000_000n });
    const again = await pay(testApp, loan.borrower, loan.contract, { type: 'full' });
    expect(again.statusCode).toBe(409);
    const { repeat } = await tariffIds(testApp);
    const next = await postOrder(testApp, loan.borrower, orderBody(repeat));
    expect(next.statusCode, next.body).toBe(200);
  });

  it('50 parallel requests with one Idempotency-Key make one payment', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    const key = newKey();
    const card = loan.borrower.cardId ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        pay(testApp, loan.borrower, loan.contract, { type: 'full', card_id: card }, key),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const operations = await testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(
        and(
          eq(paymentOperations.clientId, loan.borrower.client.id),
          eq(paymentOperations.kind, 'payment'),
        ),
      );
    expect(operations).toHaveLength(1);
    expect(await paymentsOf(loan.order.id)).toHaveLength(1);
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);
  });

  it('a card without funds is declined and books nothing', async () => {
    const loan = await givenLoan(testApp);
    const [card] = await testApp.ctx.db
      .select()
      .from(cards)
      .where(eq(cards.id, loan.borrower.cardId ?? 0));
    const token = openCardToken(card?.tokenSealed ?? '', testApp.ctx.config.appSecret);
    await testApp.ctx.db
      .update(sandboxB2pTokens)
      .set({ behaviour: 'insufficientFunds' })
      .where(eq(sandboxB2pTokens.token, token));
    testApp.clock.advanceBy(DAY_MS);
    const answer = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(answer.status).toBe('declined');
    expect(answer.message).toMatch(/[А-Яа-я]/);
    expect(await paymentsOf(loan.order.id)).toHaveLength(0);
  });

  it('through the gateway page: replayed notifications make one payment; the return shows it', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    const answer = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    expect(answer.status).toBe('redirect');
    const pageUrl = new URL(answer.url ?? '');
    const redirect = await submitCard(testApp, pageUrl, { pan: '2200000000000004' });
    const query = returnQuery(redirect, '/loan');
    const gatewayOrderId = query.id ?? '';
    const xml = await purchaseNotificationXml(testApp, gatewayOrderId);
    for (let i = 0; i < 3; i += 1) {
      const notified = await testApp.app.inject({
        method: 'POST',
        url: '/api/pay/notify/best2pay',
        headers: { 'content-type': 'application/xml' },
        payload: xml,
      });
      expect(notified.statusCode, notified.body).toBe(200);
    }
    expect(await paymentsOf(loan.order.id)).toHaveLength(1);
    const back = await testApp.app.inject({
      method: 'GET',
      url: `/api/pay/callbackPayment?${new URLSearchParams(query).toString()}`,
      headers: loan.borrower.headers,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'approved', amount: '10080.00' });
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);
  });

  it('another client’s contract → 404; an operator → 403; no Idempotency-Key → 400', async () => {
    const loan = await givenLoan(testApp);
    const other = await givenLoan(testApp);
    const foreign = await pay(testApp, other.borrower, loan.contract, { type: 'full' });
    expect(foreign.statusCode).toBe(404);
    const operator = await issueSession(testApp.ctx, loan.borrower.client.id, {
      operatorName: 'Петрова А.',
    });
    const asOperator = await pay(
      testApp,
      { headers: { authorization: `Bearer ${operator.token}` }, ip: loan.borrower.ip },
      loan.contract,
      { type: 'full' },
    );
    expect(asOperator.statusCode).toBe(403);
    const noKey = await testApp.app.inject({
      method: 'POST',
      url: `/api/pay/payment/${encodeURIComponent(loan.contract)}`,
      payload: { type: 'full', payment_system_id: 1 },
      headers: loan.borrower.headers,
    });
    expect(noKey.statusCode).toBe(400);
  });
});
