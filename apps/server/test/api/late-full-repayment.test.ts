import { endOfMoscowDay, ORDER_STATUS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOrders } from '../../src/db/sandbox-schema';
import type { PaymentsGateway } from '../../src/integrations/payments';
import { reconcileStaleOperations } from '../../src/services/servicing/reconciliation';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectRefusal } from '../helpers/refusal';
import { openPage, returnQuery, submitCard } from './cards-helpers';
import {
  currentOrder,
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  paid,
  pay,
  sandboxGatewayOf,
  startAtMoscowMorning,
  type Loan,
} from './servicing-helpers';

/*
 * A full repayment is quoted for its Moscow day: the gateway order lives until that day ends
 * (Register's life_period) and refuses money later, and money that still arrives after midnight
 * for a sum paid in time closes the loan, the charges of the days between written off (Civil Code
 * art. 415). The audit's case: 10 000 ₽ for 30 days, quoted at 23:59 on day 29, settled on day 30,
 * used to leave 80 ₽ owed.
 */

const RECONCILE_LATER = 3 * 60_000;

describe('a full repayment quoted on one day and settled on the next', () => {
  let testApp: TestApp;
  let gateway: PaymentsGateway;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ...LONG_SESSIONS, RECONCILE_AFTER_SECONDS: '30' } });
    startAtMoscowMorning(testApp);
    gateway = sandboxGatewayOf(testApp);
  });
  afterAll(() => testApp.close());

  /** A 10 000 ₽ loan on its 29th day, the clock at 23:59:30 Moscow time. */
  async function loanAtMidnight(): Promise<Loan> {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(29 * DAY_MS);
    const now = testApp.clock.now();
    testApp.clock.advanceBy(endOfMoscowDay(now).getTime() - now.getTime() - 30_000);
    return loan;
  }

  const ledgerOf = (orderId: number) =>
    testApp.ctx.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId));

  const paymentsOf = (orderId: number) =>
    testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.loanOrderId, orderId));

  async function expectClosedWithWriteOff(loan: Loan): Promise<void> {
    const order = await currentOrder(testApp, loan);
    expect(order.status_id).toBe(ORDER_STATUS.REPAID);
    const ledger = await ledgerOf(loan.order.id);
    const writeOff = ledger.filter((row) => row.kind === 'write_off');
    expect(writeOff).toMatchObject([
      { amount: 8_000n, allocatedInterest: 8_000n, allocatedPenalty: 0n, allocatedPrincipal: 0n },
    ]);
    const payment = ledger.find((row) => row.kind === 'payment');
    // The payment pays exactly the debt of the day it was quoted for: 10 000 ₽ + 29 × 80 ₽.
    expect(payment).toMatchObject({ amount: 1_232_000n, allocatedPrincipal: 1_000_000n });
    expect(writeOff[0]?.entryDate).toBe(payment?.entryDate);
  }

  /** The client pays on the СБП page, and the sandbox bank confirms it only when asked later. */
  async function bankConfirmsLater(qr: ReturnType<typeof paid>): Promise<void> {
    const link = new URL(qr.sbp?.link ?? '');
    const answer = await testApp.app.inject({
      method: 'POST',
      url: link.pathname,
      payload: new URLSearchParams({
        ...Object.fromEntries(link.searchParams),
        action: 'late',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  /** A minute on, the client's status question gets the bank's confirmation: the loan closes. */
  async function expectConfirmedAndClosed(loan: Loan, qr: ReturnType<typeof paid>): Promise<void> {
    testApp.clock.advanceBy(60_000);
    const status = await testApp.app.inject({
      url: `/api/pay/callbackPayment?id=${qr.sbp?.order_id ?? ''}`,
      headers: loan.borrower.headers,
    });
    expect(status.json().data.status).toBe('approved');
    await expectClosedWithWriteOff(loan);
  }

  it('gives the gateway order a lifetime that ends with the Moscow day', async () => {
    const loan = await givenLoan(testApp);
    const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    const [operation] = await paymentsOf(loan.order.id).then((ops) =>
      ops.filter((op) => op.kind === 'payment'),
    );
    const [order] = await testApp.ctx.db
      .select()
      .from(sandboxB2pOrders)
      .where(eq(sandboxB2pOrders.id, Number(operation?.gatewayOrderId)));
    expect(page.status).toBe('redirect');
    const midnight = endOfMoscowDay(testApp.clock.now()).getTime();
    expect(order?.expiresAt?.getTime()).toBeLessThanOrEqual(midnight);
    expect(order?.expiresAt?.getTime()).toBeGreaterThan(midnight - 60_000);
  });

  it('card page paid at 23:59:30, its return after midnight: the loan closes, 80 ₽ written off', async () => {
    const loan = await loanAtMidnight();
    const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    const redirect = await submitCard(testApp, new URL(page.url ?? ''), {
      pan: '2200000000000004',
    });
    testApp.clock.advanceBy(60_000);
    const back = await testApp.app.inject({
      method: 'GET',
      url: `/api/pay/callbackPayment?${new URLSearchParams(returnQuery(redirect, '/loan')).toString()}`,
      headers: loan.borrower.headers,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.message).toBe('Платёж прошёл успешно');
    await expectClosedWithWriteOff(loan);
    const history = await testApp.app.inject({
      url: '/api/clients/history',
      headers: loan.borrower.headers,
    });
    const kinds = (history.json().data.payments as { kind: string; order_id: number }[])
      .filter((item) => item.order_id === loan.order.id)
      .map((item) => item.kind);
    expect(kinds).toContain('write_off');
  });

  it('СБП paid at 23:59:30 and confirmed by the bank after midnight: the loan closes', async () => {
    const loan = await loanAtMidnight();
    const qr = paid(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
    );
    await bankConfirmsLater(qr);
    await expectConfirmedAndClosed(loan, qr);
  });

  it('СБП taken by the bank at 23:59:55 and still confirming after midnight: a new payment and reconciliation wait for it', async () => {
    const loan = await loanAtMidnight();
    const qr = paid(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
    );
    testApp.clock.advanceBy(25_000);
    await bankConfirmsLater(qr);
    // Paying again while the bank confirms is refused: the page stays open, not replaced.
    expectRefusal(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
      'PAYMENT_IN_FLIGHT',
    );
    // 00:00:05: our operation is stale, the page's day is over, the bank's confirmation not due yet.
    testApp.clock.advanceBy(10_000);
    await reconcileStaleOperations(testApp.ctx, gateway, testApp.app.log);
    const [operation] = await paymentsOf(loan.order.id).then((ops) =>
      ops.filter((op) => op.kind === 'payment'),
    );
    expect(operation?.status).toBe('pending');
    await expectConfirmedAndClosed(loan, qr);
  });

  it('a page opened before midnight and paid after it is refused; nothing is charged', async () => {
    const loan = await loanAtMidnight();
    const page = paid(await pay(testApp, loan.borrower, loan.contract, { type: 'full' }));
    const url = new URL(page.url ?? '');
    expect((await openPage(testApp, url)).statusCode).toBe(200);
    testApp.clock.advanceBy(60_000);
    const late = await openPage(testApp, url);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('Время оплаты заказа истекло');
    testApp.clock.advanceBy(RECONCILE_LATER);
    await reconcileStaleOperations(testApp.ctx, gateway, testApp.app.log);
    const [operation] = await paymentsOf(loan.order.id).then((ops) =>
      ops.filter((op) => op.kind === 'payment'),
    );
    expect(operation?.status).toBe('expired');
    const order = await currentOrder(testApp, loan);
    expect(order.status_id).toBe(ORDER_STATUS.GIVEN);
    // Day 30's debt, to be quoted anew: 10 000 ₽ + 30 × 80 ₽.
    expect(order.balance?.total).toBe('12400.00');
    const ledger = await ledgerOf(loan.order.id);
    expect(ledger.filter((row) => row.kind === 'payment' || row.kind === 'write_off')).toEqual([]);
  });

  it('a СБП code scanned after midnight is refused by the gateway', async () => {
    const loan = await loanAtMidnight();
    const qr = paid(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
    );
    testApp.clock.advanceBy(60_000);
    const link = new URL(qr.sbp?.link ?? '');
    const late = await testApp.app.inject({ url: `${link.pathname}${link.search}` });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('Время оплаты истекло');
  });
});
