import { ORDER_STATUS, parseMoney } from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, orderPayouts, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import type { PaymentsGateway } from '../../src/integrations/payments';
import { stopsAfter, stopsBefore } from '../helpers/stopped-gateway';
import { payoutOrder } from '../../src/services/loans/payout';
import { reconcileStaleOperations } from '../../src/services/servicing/reconciliation';
import { sendQueuedRefunds } from '../../src/services/servicing/refunds';
import { payLoan } from '../../src/services/servicing/repayment';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { returnQuery, submitCard } from './cards-helpers';
import { createBorrower, signedOrder, type Borrower } from './orders-helpers';
import {
  currentOrder,
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  sandboxGatewayOf,
  startAtMoscowMorning,
  type Loan,
} from './servicing-helpers';

/*
 * Money moves exactly once. Concurrent repayments never collect more than the debt; money a closed
 * loan did not need goes back to the card; operations left behind by a stopped server are brought
 * to a final state by reconciliation, and the ledger always equals what the gateway moved. A full
 * repayment settled after its day: late-full-repayment.test.ts.
 */

const STALE = 3 * 60_000;
/** Waiting for work a request started in the background; generous for a busy machine. */
const POLL = { timeout: 60_000, interval: 50 };

describe('money exactly once', () => {
  let testApp: TestApp;
  let gateway: PaymentsGateway;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    startAtMoscowMorning(testApp);
    gateway = sandboxGatewayOf(testApp);
  });
  afterAll(() => testApp.close());

  const reconcile = () => reconcileStaleOperations(testApp.ctx, gateway, testApp.app.log);

  const loanOperations = (orderId: number) =>
    testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.loanOrderId, orderId));

  const ledgerOf = (orderId: number) =>
    testApp.ctx.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId));

  /** What the sandbox gateway moved for our operations (approved, by type), in kopecks. */
  async function gatewayMoved(references: string[]): Promise<Record<string, bigint>> {
    if (references.length === 0) return {};
    const rows = await testApp.ctx.db
      .select({ type: sandboxB2pOperations.type, amount: sandboxB2pOperations.amount })
      .from(sandboxB2pOperations)
      .innerJoin(sandboxB2pOrders, eq(sandboxB2pOrders.id, sandboxB2pOperations.orderId))
      .where(
        and(
          inArray(sandboxB2pOrders.reference, references),
          eq(sandboxB2pOperations.state, 'APPROVED'),
        ),
      );
    const sums: Record<string, bigint> = {};
    for (const row of rows) sums[row.type] = (sums[row.type] ?? 0n) + row.amount;
    return sums;
  }

  /** Ledger money in (payments) and out (payout, refunds) equals what the gateway moved. */
  async function expectLedgerEqualsGateway(orderId: number): Promise<void> {
    const operations = await loanOperations(orderId);
    const moved = await gatewayMoved(operations.map((op) => op.reference));
    const ledger = await ledgerOf(orderId);
    const sum = (kind: string) =>
      ledger.filter((row) => row.kind === kind).reduce((total, row) => total + row.amount, 0n);
    expect(sum('payment') + sum('prolongation_fee')).toBe(moved.PURCHASE ?? 0n);
    expect(sum('refund')).toBe(moved.REVERSE ?? 0n);
  }

  function payByCard(loan: Loan, viaGateway: PaymentsGateway) {
    return payLoan(testApp.ctx, viaGateway, testApp.app.log, {
      payer: { kind: 'client', clientId: loan.borrower.client.id, onForeign: () => undefined },
      contractNumber: loan.contract,
      idempotencyKey: newKey(),
      type: 'full',
      cardId: loan.borrower.cardId ?? undefined,
      returnBaseUrl: 'http://localhost',
    });
  }

  it('353-FZ art. 5 part 20: 1 000 ₽ on day 10 and 3 000 ₽ on day 40 leave the penalty owed', async () => {
    const loan = await givenLoan(testApp);
    const card = loan.borrower.cardId ?? 0;
    testApp.clock.advanceBy(10 * DAY_MS);
    paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '1000.00',
        card_id: card,
      }),
    );
    testApp.clock.advanceBy(30 * DAY_MS);
    paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '3000.00',
        card_id: card,
      }),
    );
    // Overdue interest (2 352 ₽) first, then overdue principal; 10 days of penalty at 5.36 ₽
    // (9 800 ₽ × 20 % / 365, rounded down) stay owed. Penalty-first left 9 205.70 and 0.
    expect((await currentOrder(testApp, loan)).balance).toMatchObject({
      principal: '9152.00',
      interest: '0.00',
      penalty: '53.60',
    });
  });

  it('20 concurrent full repayments with different keys collect the debt once', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const card = loan.borrower.cardId ?? 0;
    const debt = parseMoney((await currentOrder(testApp, loan)).balance?.total ?? '') ?? 0n;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        pay(testApp, loan.borrower, loan.contract, { type: 'full', card_id: card }),
      ),
    );
    const approved = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(approved.length + refused.length).toBe(20);
    expect(approved).toHaveLength(1);
    for (const answer of refused) {
      expect(['PAYMENT_IN_FLIGHT', 'LOAN_CLOSED']).toContain(answer.json().code);
    }
    const operations = await loanOperations(loan.order.id);
    const collected = operations
      .filter((op) => op.kind === 'payment' && op.status === 'approved')
      .reduce((sum, op) => sum + op.amount, 0n);
    expect(collected).toBe(debt);
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);
    await expectLedgerEqualsGateway(loan.order.id);
  });

  it('concurrent part payments never collect more than the debt', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    const card = loan.borrower.cardId ?? 0;
    const debt = parseMoney((await currentOrder(testApp, loan)).balance?.total ?? '') ?? 0n;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        pay(testApp, loan.borrower, loan.contract, {
          type: 'part',
          amount: '3000.00',
          card_id: card,
        }),
      ),
    );
    for (const answer of answers) expect([200, 400, 409]).toContain(answer.statusCode);
    const collected = (await loanOperations(loan.order.id))
      .filter((op) => op.kind === 'payment' && op.status === 'approved')
      .reduce((sum, op) => sum + op.amount, 0n);
    expect(collected).toBeLessThanOrEqual(debt);
    const overpaid = (await ledgerOf(loan.order.id)).filter(
      (row) =>
        row.kind === 'payment' &&
        (row.allocatedInterest ?? 0n) +
          (row.allocatedPrincipal ?? 0n) +
          (row.allocatedPenalty ?? 0n) <
          row.amount,
    );
    expect(overpaid).toEqual([]);
  });

  /** A loan repaid by card on day 2 while the client still pays its full debt on an old page. */
  async function paidAfterClosing(): Promise<Loan> {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(2 * DAY_MS);
    const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    expect(page.status).toBe('redirect');
    const byCard = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(byCard.order?.status_id).toBe(ORDER_STATUS.REPAID);
    // The client still pays on the old page: the loan needs none of it.
    const redirect = await submitCard(testApp, new URL(page.url ?? ''), {
      pan: '2200000000000004',
    });
    const query = returnQuery(redirect, '/loan');
    const back = await testApp.app.inject({
      method: 'GET',
      url: `/api/pay/callbackPayment?${new URLSearchParams(query).toString()}`,
      headers: loan.borrower.headers,
    });
    expect(back.statusCode, back.body).toBe(200);
    return loan;
  }

  it('a gateway page paid after the loan closed is refunded, and history shows both', async () => {
    const loan = await paidAfterClosing();
    expect(await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    const refunds = (await loanOperations(loan.order.id)).filter((op) => op.kind === 'refund');
    // The page was for the debt of day 2: 10 000 ₽ + 2 × 80 ₽.
    expect(refunds).toMatchObject([{ status: 'approved', amount: 1_016_000n }]);
    await expectLedgerEqualsGateway(loan.order.id);
    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/history',
      headers: loan.borrower.headers,
    });
    const kinds = (history.json().data.payments as { kind: string; order_id: number }[])
      .filter((item) => item.order_id === loan.order.id)
      .map((item) => item.kind);
    expect(kinds.filter((kind) => kind === 'payment')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'refund')).toHaveLength(1);
    // A second run sends nothing more.
    expect(await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
  });

  it('a refund the card’s bank declined is sent again after the pause and booked once', async () => {
    const loan = await paidAfterClosing();
    const declining = Object.create(gateway) as PaymentsGateway;
    declining.reverse = async (input) => ({
      orderId: input.orderId,
      operationId: 'declined-reverse',
      reference: null,
      status: 'declined',
      type: 'REVERSE',
      amount: input.amount,
      reasonCode: 5,
      message: 'Банк отклонил операцию',
      panMasked: null,
    });
    expect(await sendQueuedRefunds(testApp.ctx, declining, testApp.app.log)).toBe(1);
    const refunds = async () =>
      (await loanOperations(loan.order.id)).filter((op) => op.kind === 'refund');
    expect((await refunds()).map((op) => op.status)).toEqual(['declined']);
    expect(await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    testApp.clock.advanceBy(61 * 60_000);
    expect(await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    expect(await refunds()).toMatchObject([{ status: 'approved', amount: 1_016_000n }]);
    testApp.clock.advanceBy(61 * 60_000);
    expect(await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    const booked = (await ledgerOf(loan.order.id)).filter((row) => row.kind === 'refund');
    expect(booked.map((row) => row.amount)).toEqual([1_016_000n]);
    await expectLedgerEqualsGateway(loan.order.id);
  });

  it('an unpaid page expires after its Moscow day and frees the loan for a new payment', async () => {
    const loan = await givenLoan(testApp);
    const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    expect(page.status).toBe('redirect');
    testApp.clock.advanceBy(DAY_MS + STALE);
    await reconcile();
    const [operation] = await loanOperations(loan.order.id).then((ops) =>
      ops.filter((op) => op.kind === 'payment'),
    );
    expect(operation?.status).toBe('expired');
    const byCard = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(byCard.order?.status_id).toBe(ORDER_STATUS.REPAID);
  });

  it('two runs at once over a batch of pages, one paid: each asked once, only the paid one booked', async () => {
    const loans = [await givenLoan(testApp), await givenLoan(testApp), await givenLoan(testApp)];
    const pages = [];
    for (const loan of loans) {
      pages.push(paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' })));
    }
    const [paidLoan, ...leftLoans] = loans;
    if (!paidLoan) throw new Error('no loan');
    const redirect = await submitCard(testApp, new URL(pages[0]?.url ?? ''), {
      pan: '2200000000000004',
    });
    expect(redirect.statusCode).toBe(303);
    testApp.clock.advanceBy(DAY_MS + STALE);
    const asked = new Map<string, number>();
    const counting = Object.create(gateway) as PaymentsGateway;
    counting.status = (orderId) => {
      asked.set(orderId, (asked.get(orderId) ?? 0) + 1);
      return gateway.status(orderId);
    };
    const run = () => reconcileStaleOperations(testApp.ctx, counting, testApp.app.log);
    await Promise.all([run(), run()]);
    const pagesOf = async (loan: Loan) =>
      (await loanOperations(loan.order.id)).filter(
        (op) => op.kind === 'payment' && op.cardId === null,
      );
    const [paidPage] = await pagesOf(paidLoan);
    expect(paidPage?.status).toBe('approved');
    const ledgerPayments = (await ledgerOf(paidLoan.order.id)).filter(
      (row) => row.kind === 'payment',
    );
    expect(ledgerPayments.map((row) => row.amount)).toEqual([paidPage?.amount]);
    await expectLedgerEqualsGateway(paidLoan.order.id);
    for (const loan of leftLoans) {
      expect((await pagesOf(loan)).map((op) => op.status)).toEqual(['expired']);
      expect((await ledgerOf(loan.order.id)).filter((row) => row.kind === 'payment')).toEqual([]);
    }
    for (const loan of loans) {
      const [page] = await pagesOf(loan);
      expect(asked.get(page?.gatewayOrderId ?? '') ?? 0).toBeLessThanOrEqual(1);
    }
    for (const loan of leftLoans) {
      const [page] = await pagesOf(loan);
      expect(asked.get(page?.gatewayOrderId ?? '')).toBe(1);
    }
  });

  it('a charge whose server stopped after the bank took the money is booked once', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    void payByCard(loan, stopsAfter(gateway, 'chargeByToken'));
    await expect
      .poll(async () => (await gatewayMoved(await references(loan))).PURCHASE ?? 0n, POLL)
      .toBeGreaterThan(0n);
    // The client's next try asks the gateway at once: the charge is booked, and the loan it
    // repaid takes no second payment (interrupted-payment.test.ts has the other cases).
    const next = await pay(testApp, loan.borrower, loan.contract, {
      type: 'full',
      card_id: loan.borrower.cardId ?? 0,
    });
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toMatch(/Заём уже погашен/);
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);
    await expectLedgerEqualsGateway(loan.order.id);
  });

  it('a charge whose server stopped before reaching the bank fails, and paying again works', async () => {
    const loan = await givenLoan(testApp);
    void payByCard(loan, stopsBefore(gateway, 'chargeByToken'));
    await expect.poll(async () => (await loanOperations(loan.order.id)).length, POLL).toBe(2);
    testApp.clock.advanceBy(STALE);
    await reconcile();
    const payments = (await loanOperations(loan.order.id)).filter((op) => op.kind === 'payment');
    expect(payments).toMatchObject([{ status: 'failed' }]);
    const again = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(again.order?.status_id).toBe(ORDER_STATUS.REPAID);
    await expectLedgerEqualsGateway(loan.order.id);
  });

  async function references(loan: Loan): Promise<string[]> {
    return (await loanOperations(loan.order.id)).map((op) => op.reference);
  }

  async function signedBorrower(): Promise<{ borrower: Borrower; orderId: number }> {
    const borrower = await createBorrower(testApp);
    const signed = await signedOrder(testApp, borrower);
    return { borrower, orderId: signed.id };
  }

  function sendPayout(borrower: Borrower, orderId: number, viaGateway: PaymentsGateway) {
    return payoutOrder(testApp.ctx, viaGateway, testApp.app.log, {
      clientId: borrower.client.id,
      orderId,
      idempotencyKey: newKey(),
      onForeign: () => undefined,
    });
  }

  const payoutsOf = (orderId: number) =>
    testApp.ctx.db.select().from(orderPayouts).where(eq(orderPayouts.orderId, orderId));

  it('payouts left by a stopped server: one paid at the bank becomes GIVEN, one never sent can be retried', async () => {
    const paidAtBank = await signedBorrower();
    const neverSent = await signedBorrower();
    void sendPayout(paidAtBank.borrower, paidAtBank.orderId, stopsAfter(gateway, 'payout'));
    void sendPayout(neverSent.borrower, neverSent.orderId, stopsBefore(gateway, 'payout'));
    await expect.poll(async () => (await payoutsOf(neverSent.orderId)).length, POLL).toBe(1);
    await expect
      .poll(async () => {
        const ops = await loanOperations(paidAtBank.orderId);
        return (await gatewayMoved(ops.map((op) => op.reference))).P2PCREDIT ?? 0n;
      }, POLL)
      .toBeGreaterThan(0n);
    testApp.clock.advanceBy(STALE);
    await reconcile();
    const given = (await payoutsOf(paidAtBank.orderId))[0];
    expect(given?.status).toBe('approved');
    const ledger = await ledgerOf(paidAtBank.orderId);
    expect(ledger.filter((row) => row.kind === 'payout')).toHaveLength(1);
    expect((await payoutsOf(neverSent.orderId))[0]?.status).toBe('failed');
    const retried = await sendPayout(neverSent.borrower, neverSent.orderId, gateway);
    expect(retried.status_id).toBe(ORDER_STATUS.GIVEN);
    const moved = await gatewayMoved(
      (await loanOperations(neverSent.orderId)).map((op) => op.reference),
    );
    expect(moved.P2PCREDIT).toBe(1_000_000n);
  });
});
