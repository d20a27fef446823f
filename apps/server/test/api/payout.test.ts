import { ORDER_STATUS, addDays, moscowDate } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, loanLedger, orderPayouts, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import { issueSession } from '../../src/services/sessions';
import { expectRussianError } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  insertSandboxCard,
  listOrders,
  orderOf,
  payout,
  requestSignCode,
  signedOrder,
  verify,
  type Borrower,
} from './orders-helpers';

describe('payout: exactly one per order, through the sandbox gateway', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // The sandbox's signed notifications about payouts are only noted; leave them out here.
    testApp = await createTestApp({ env: { BEST2PAY_SANDBOX_NOTIFY: '0' } });
  });
  afterAll(() => testApp.close());

  const payoutsOf = (orderId: number) =>
    testApp.ctx.db.select().from(orderPayouts).where(eq(orderPayouts.orderId, orderId));
  const operationsOf = (clientId: number) =>
    testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(and(eq(paymentOperations.clientId, clientId), eq(paymentOperations.kind, 'payout')));
  const ledgerOf = (orderId: number) =>
    testApp.ctx.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId));

  it('pays out a signed order: GIVEN, due date, the ledger’s payout entry, the balance', async () => {
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    const given = orderOf(await payout(testApp, borrower, order.id));
    const today = moscowDate(testApp.clock.now());
    expect(given).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      due_date: addDays(today, 30),
      status_reason: null,
      balance: {
        principal: '10000.00',
        interest: '0.00',
        penalty: '0.00',
        total: '10000.00',
        days_to_due: 30,
      },
    });
    expect(given.given_at).not.toBeNull();
    expect(given.payout_card?.id).toBe(borrower.cardId);
    expect(given.payout_card?.pan_masked).toMatch(/^\d{6}\*+\d{4}$/);
    const [entry] = await ledgerOf(order.id);
    expect(entry).toMatchObject({
      kind: 'payout',
      entryKey: 'payout',
      amount: 1_000_000n,
      entryDate: today,
    });
    const [operation] = await operationsOf(borrower.client.id);
    expect(operation).toMatchObject({
      status: 'approved',
      amount: 1_000_000n,
      cardId: borrower.cardId,
    });
    const [gatewayOrder] = await testApp.ctx.db
      .select()
      .from(sandboxB2pOrders)
      .where(eq(sandboxB2pOrders.id, Number(operation?.gatewayOrderId)));
    expect(gatewayOrder?.state).toBe('COMPLETED');
    const moves = await testApp.ctx.db
      .select()
      .from(sandboxB2pOperations)
      .where(eq(sandboxB2pOperations.orderId, Number(operation?.gatewayOrderId)));
    expect(moves.map((move) => [move.type, move.state, move.amount])).toEqual([
      ['P2PCREDIT', 'APPROVED', 1_000_000n],
    ]);
  });

  it('accrues interest into the balance day by day (computed from the ledger)', async () => {
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    orderOf(await payout(testApp, borrower, order.id));
    testApp.clock.advanceBy(24 * 60 * 60 * 1000);
    const session = await issueSession(testApp.ctx, borrower.client.id);
    const [loan] = await listOrders(testApp, { authorization: `Bearer ${session.token}` });
    expect(loan?.balance).toMatchObject({ interest: '80.00', total: '10080.00', days_to_due: 29 });
  });

  it('withholds the chosen insurance from the money sent; the loan is the full principal', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower, { insurance_ids: [1, 2] });
    const code = await requestSignCode(testApp, borrower, approved.id);
    orderOf(await verify(testApp, borrower, approved.id, code));
    const given = orderOf(await payout(testApp, borrower, approved.id));
    expect(given.insurance_ids).toEqual([1, 2]);
    expect(given.balance?.principal).toBe('10000.00');
    const [operation] = await operationsOf(borrower.client.id);
    expect(operation?.amount).toBe(1_000_000n - 49_000n - 29_000n);
    const [entry] = await ledgerOf(approved.id);
    expect(entry?.amount).toBe(1_000_000n);
  });

  it('answers a repeated key with the same result and moves no more money', async () => {
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    const first = orderOf(await payout(testApp, borrower, order.id, 'same-key-0001'));
    const again = orderOf(await payout(testApp, borrower, order.id, 'same-key-0001'));
    const otherKey = orderOf(await payout(testApp, borrower, order.id, 'other-key-0002'));
    expect([first.status_id, again.status_id, otherKey.status_id]).toEqual([
      ORDER_STATUS.GIVEN,
      ORDER_STATUS.GIVEN,
      ORDER_STATUS.GIVEN,
    ]);
    expect(await operationsOf(borrower.client.id)).toHaveLength(1);
    expect(await ledgerOf(order.id)).toHaveLength(1);
  });

  it('makes exactly one payout out of 50 concurrent requests', async () => {
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    const keys = Array.from({ length: 50 }, (_, index) =>
      index % 2 === 0 ? 'shared-key-concurrent' : `own-key-${index}-concurrent`,
    );
    const answers = await Promise.all(keys.map((key) => payout(testApp, borrower, order.id, key)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expectRussianError(answer, 409);
    }
    expect(await operationsOf(borrower.client.id)).toHaveLength(1);
    const entries = await ledgerOf(order.id);
    expect(entries.filter((entry) => entry.kind === 'payout')).toHaveLength(1);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    const [loan] = await listOrders(testApp, borrower.headers);
    expect(loan?.status_id).toBe(ORDER_STATUS.GIVEN);
  });

  it('goes FAIL_TO_GIVE when the gateway refuses, and pays on a retry with a new key', async () => {
    const borrower = await createBorrower(testApp, { withCard: false });
    await insertSandboxCard(testApp, borrower.client.id, { knownToGateway: false });
    const order = await signedOrder(testApp, borrower);
    const failed = orderOf(await payout(testApp, borrower, order.id, 'retry-key-first'));
    expect(failed.status_id).toBe(ORDER_STATUS.FAIL_TO_GIVE);
    expect(failed.status_reason).toMatch(/[а-яё]/i);
    expect(failed.given_at).toBeNull();
    expect(await ledgerOf(order.id)).toHaveLength(0);
    // The same key answers the same failure, without another attempt.
    expect(orderOf(await payout(testApp, borrower, order.id, 'retry-key-first')).status_id).toBe(
      ORDER_STATUS.FAIL_TO_GIVE,
    );
    expect(await payoutsOf(order.id)).toHaveLength(1);

    await testApp.ctx.db
      .update(cards)
      .set({ isActive: false })
      .where(eq(cards.clientId, borrower.client.id));
    await insertSandboxCard(testApp, borrower.client.id);
    const second = orderOf(await payout(testApp, borrower, order.id, 'retry-key-second'));
    expect(second.status_id).toBe(ORDER_STATUS.GIVEN);
    const attempts = await payoutsOf(order.id);
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(['approved', 'failed']);
    expect(await ledgerOf(order.id)).toHaveLength(1);
  });

  it('refuses before signing (409), for an operator (403), without a key (400), for a stranger (404)', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower);
    expectRussianError(await payout(testApp, borrower, order.id), 409);
    const operatorSession = await issueSession(testApp.ctx, borrower.client.id, {
      operatorName: 'Петрова А.',
    });
    const operator: Pick<Borrower, 'headers' | 'ip'> = {
      headers: { authorization: `Bearer ${operatorSession.token}` },
      ip: borrower.ip,
    };
    expectRussianError(await payout(testApp, operator, order.id), 403);
    const noKey = await testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payout`,
      headers: borrower.headers,
    });
    expectRussianError(noKey, 400);
    const stranger = await createBorrower(testApp);
    expectRussianError(await payout(testApp, stranger, order.id), 404);
    expect(await operationsOf(borrower.client.id)).toHaveLength(0);
  });

  it('keeps the only card of an open loan from being deleted', async () => {
    const borrower = await createBorrower(testApp);
    const order = await signedOrder(testApp, borrower);
    orderOf(await payout(testApp, borrower, order.id));
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/clients/cards/${borrower.cardId}`,
      headers: borrower.headers,
    });
    expectRussianError(response, 422);
  });
});
