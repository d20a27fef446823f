import { historyResponseSchema, moscowDate } from '@zaymo/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, orderInsurances, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations } from '../../src/db/sandbox-schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  orderOf,
  payout,
  requestSignCode,
  verify,
} from './orders-helpers';

/*
 * The insurance withheld from the payout is a ledger movement of its own. The
 * loan is the whole principal provided (payout 10 000 ₽); the premium (490 ₽) is a separate entry;
 * the card receives the difference (9 510 ₽); the history lists both movements.
 */

describe('payout with insurance: the premium is its own ledger movement', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BEST2PAY_SANDBOX_NOTIFY: '0' } });
  });
  afterAll(() => testApp.close());

  it('books payout 10 000 ₽ and insurance_premium 490 ₽; 9 510 ₽ reaches the card', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower, { insurance_ids: [1] });
    const [insurance] = await testApp.ctx.db
      .select()
      .from(orderInsurances)
      .where(eq(orderInsurances.orderId, approved.id));
    expect(insurance?.price).toBe(49_000n);
    orderOf(
      await verify(
        testApp,
        borrower,
        approved.id,
        await requestSignCode(testApp, borrower, approved.id),
      ),
    );
    const given = orderOf(await payout(testApp, borrower, approved.id));
    // Twice: the repeat answers the same and books nothing more.
    orderOf(await payout(testApp, borrower, approved.id));
    expect(given.balance).toMatchObject({ principal: '10000.00', total: '10000.00' });

    const today = moscowDate(testApp.clock.now());
    const ledger = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, approved.id))
      .orderBy(asc(loanLedger.id));
    expect(ledger.map((row) => [row.kind, row.amount, row.entryDate])).toEqual([
      ['payout', 1_000_000n, today],
      ['insurance_premium', 49_000n, today],
    ]);
    const [operation] = await testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.id, ledger[0]?.paymentOperationId ?? 0));
    expect(ledger[1]?.paymentOperationId).toBe(operation?.id);
    const sent = await testApp.ctx.db
      .select()
      .from(sandboxB2pOperations)
      .where(eq(sandboxB2pOperations.orderId, Number(operation?.gatewayOrderId)));
    expect(sent.map((move) => [move.type, move.amount])).toEqual([['P2PCREDIT', 951_000n]]);
    // What the gateway moved is what the ledger says reached the card.
    expect((ledger[0]?.amount ?? 0n) - (ledger[1]?.amount ?? 0n)).toBe(sent[0]?.amount);

    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/history',
      headers: borrower.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    const { payments } = historyResponseSchema.parse(history.json()).data;
    expect(payments.map((item) => [item.kind, item.amount])).toEqual([
      ['insurance_premium', '490.00'],
      ['payout', '10000.00'],
    ]);
  });

  it('books no premium entry without insurance', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower);
    orderOf(
      await verify(
        testApp,
        borrower,
        approved.id,
        await requestSignCode(testApp, borrower, approved.id),
      ),
    );
    orderOf(await payout(testApp, borrower, approved.id));
    const ledger = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, approved.id));
    expect(ledger.map((row) => row.kind)).toEqual(['payout']);
  });
});
