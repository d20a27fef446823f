import { kopecks, ORDER_STATUS } from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cards,
  loanLedger,
  loanOrders,
  paymentOperations,
  type PaymentOperationRow,
} from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import { recordGatewayOrder } from '../../src/services/payments/operations';
import { openCardToken } from '../../src/services/payments/token-vault';
import { claimPayment } from '../../src/services/servicing/claim';
import { NEVER_SENT_MESSAGE, PAYMENT_UNDER_WAY_MS } from '../../src/services/servicing/interrupted';
import { operationKeyOf } from '../../src/services/servicing/repayment';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  sandboxGatewayOf,
  type Loan,
} from './servicing-helpers';

/*
 * A payment cut off by a crash: the process claimed it and (maybe) the gateway charged the card,
 * then it died before settling. The client's next try asks the gateway at once and goes on,
 * instead of 409 «платёж уже выполняется» until reconciliation.
 */

const PART = { type: 'part' as const, amount: '1000.00' };

describe('a payment cut off by a crash settles on the client’s next try', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  /** What a process killed at `stage` of a card charge leaves behind: the operation, in flight. */
  async function crashedCharge(
    loan: Loan,
    key: string,
    stage: 'claimed' | 'charged',
  ): Promise<PaymentOperationRow> {
    const [order] = await testApp.ctx.db
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, loan.order.id));
    if (!order) throw new Error('no order');
    const claim = await claimPayment(testApp.ctx, {
      orderId: order.id,
      operationKey: operationKeyOf(order, key),
      cardId: loan.borrower.cardId,
      ...PART,
    });
    if (claim.kind !== 'new') throw new Error(`claimed ${claim.kind}`);
    if (stage === 'charged') {
      const [card] = await testApp.ctx.db
        .select()
        .from(cards)
        .where(eq(cards.id, loan.borrower.cardId ?? 0));
      const move = await sandboxGatewayOf(testApp).chargeByToken({
        token: openCardToken(card?.tokenSealed ?? '', testApp.ctx.config.appSecret),
        amount: kopecks(claim.operation.amount),
        reference: claim.operation.reference,
        description: 'Погашение',
        onRegistered: (gatewayOrderId) =>
          recordGatewayOrder(testApp.ctx, claim.operation.id, gatewayOrderId, 'PAYMENT_IN_FLIGHT'),
      });
      expect(move.status).toBe('approved');
    }
    return claim.operation;
  }

  async function operationsOf(loan: Loan) {
    return testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.loanOrderId, loan.order.id));
  }

  /** Loan payments booked in the ledger, and what the sandbox gateway charged for the loan. */
  async function moneyOf(loan: Loan): Promise<{ booked: bigint; charged: bigint }> {
    const ledger = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(and(eq(loanLedger.orderId, loan.order.id), eq(loanLedger.kind, 'payment')));
    const references = (await operationsOf(loan))
      .filter((operation) => operation.kind === 'payment')
      .map((operation) => operation.reference);
    const charges = await testApp.ctx.db
      .select({ amount: sandboxB2pOperations.amount })
      .from(sandboxB2pOperations)
      .innerJoin(sandboxB2pOrders, eq(sandboxB2pOrders.id, sandboxB2pOperations.orderId))
      .where(
        and(
          inArray(sandboxB2pOrders.reference, references),
          eq(sandboxB2pOperations.type, 'PURCHASE'),
          eq(sandboxB2pOperations.state, 'APPROVED'),
        ),
      );
    const total = (rows: { amount: bigint }[]) => rows.reduce((sum, row) => sum + row.amount, 0n);
    return { booked: total(ledger), charged: total(charges) };
  }

  it('the same attempt again (same Idempotency-Key): the gateway’s charge is booked at once', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const key = newKey();
    await crashedCharge(loan, key, 'charged');
    const card = { card_id: loan.borrower.cardId ?? 0 };

    const again = paid(await pay(testApp, loan.borrower, loan.contract, { ...PART, ...card }, key));

    expect(again.status).toBe('approved');
    expect(await moneyOf(loan)).toEqual({ booked: 100_000n, charged: 100_000n });
    expect((await operationsOf(loan)).filter((op) => op.kind === 'payment')).toHaveLength(1);
  });

  it('a new payment: the charged one is booked first, the new sum is the debt left', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    await crashedCharge(loan, newKey(), 'charged');
    const card = { card_id: loan.borrower.cardId ?? 0 };

    const full = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full', ...card }));

    expect(full.status).toBe('approved');
    expect(full.order?.status_id).toBe(ORDER_STATUS.REPAID);
    // 10 000 ₽ and three days of 80 ₽: 10 240 ₽ in all, of which the crashed charge paid 1 000.
    expect(await moneyOf(loan)).toEqual({ booked: 1_024_000n, charged: 1_024_000n });
    const statuses = (await operationsOf(loan)).map((op) => op.status);
    expect(statuses).not.toContain('new');
    expect(statuses).not.toContain('pending');
  });

  it('one the gateway never saw waits while a request may still send it, then is failed', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const crashed = await crashedCharge(loan, newKey(), 'claimed');
    const card = { card_id: loan.borrower.cardId ?? 0 };

    const meanwhile = await pay(testApp, loan.borrower, loan.contract, { ...PART, ...card });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().code).toBe('PAYMENT_IN_FLIGHT');

    testApp.clock.advanceBy(PAYMENT_UNDER_WAY_MS);
    const later = paid(await pay(testApp, loan.borrower, loan.contract, { ...PART, ...card }));
    expect(later.status).toBe('approved');
    const [ended] = (await operationsOf(loan)).filter((op) => op.id === crashed.id);
    expect(ended).toMatchObject({ status: 'failed', message: NEVER_SENT_MESSAGE });
    expect(await moneyOf(loan)).toEqual({ booked: 100_000n, charged: 100_000n });
  });
});
