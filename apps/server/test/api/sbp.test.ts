import { addDays, ORDER_STATUS, sbpPrecheckResponseSchema, type Order } from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  loanLedger,
  orderPayouts,
  paymentOperations,
  sbpPrechecks,
} from '../../src/db/schema';
import { sandboxB2pOperations } from '../../src/db/sandbox-schema';
import type { PaymentsGateway } from '../../src/integrations/payments';
import { reconcileStaleOperations } from '../../src/services/servicing/reconciliation';
import { sendQueuedRefunds } from '../../src/services/servicing/refunds';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createBorrower,
  orderOf,
  payout,
  requestSignCode,
  signedOrder,
  type Borrower,
} from './orders-helpers';
import {
  currentOrder,
  DAY_MS,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  sandboxGatewayOf,
  startAtMoscowMorning,
  type Loan,
} from './servicing-helpers';

/*
 * The СБП through the Best2Pay adapter and the sandbox gateway. A payout by
 * phone goes only to a recipient the client confirmed, exactly once; a repayment by QR code is a
 * page payment like the card page: one in flight per loan, settled whenever its money comes
 * (late money beyond the debt goes back), and reconciliation settles what nobody answered.
 */

const SBERBANK = '100000000111';
const STALE = 3 * 60_000;

describe('СБП', () => {
  let testApp: TestApp;
  let gateway: PaymentsGateway;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    startAtMoscowMorning(testApp);
    gateway = sandboxGatewayOf(testApp);
  });
  afterAll(() => testApp.close());

  const reconcile = () => reconcileStaleOperations(testApp.ctx, gateway, testApp.app.log);

  /** A borrower whose phone ends in `ending` (the sandbox's test phones decide by it). */
  async function borrowerWithPhone(ending: string): Promise<Borrower> {
    const borrower = await createBorrower(testApp);
    const phone = `+7916${String(randomInt(100_000)).padStart(5, '0')}${ending}`;
    await testApp.ctx.db.update(clients).set({ phone }).where(eq(clients.id, borrower.client.id));
    return { ...borrower, client: { ...borrower.client, phone } };
  }

  function precheck(borrower: Borrower, orderId: number, bankId = SBERBANK) {
    return testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/sbp/precheck`,
      headers: borrower.headers,
      remoteAddress: borrower.ip,
      payload: { bank_id: bankId },
    });
  }

  function choose(borrower: Borrower, orderId: number, payload: Record<string, unknown>) {
    return testApp.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}/payout_method`,
      headers: borrower.headers,
      remoteAddress: borrower.ip,
      payload,
    });
  }

  /** Checks the recipient at Sberbank and confirms the name: the payout goes by phone. */
  async function confirmSbp(borrower: Borrower, orderId: number): Promise<Order> {
    const checked = await precheck(borrower, orderId);
    expect(checked.statusCode, checked.body).toBe(200);
    const { precheck_id } = sbpPrecheckResponseSchema.parse(checked.json()).data;
    const chosen = await choose(borrower, orderId, { method: 'sbp', precheck_id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return orderOf(chosen);
  }

  const payoutsOf = (orderId: number) =>
    testApp.ctx.db.select().from(orderPayouts).where(eq(orderPayouts.orderId, orderId));
  const ledgerOf = (orderId: number) =>
    testApp.ctx.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId));
  const sbpCreditsOf = (gatewayOrderId: string) =>
    testApp.ctx.db
      .select()
      .from(sandboxB2pOperations)
      .where(
        and(
          eq(sandboxB2pOperations.orderId, Number(gatewayOrderId)),
          eq(sandboxB2pOperations.type, 'SBPCREDIT'),
        ),
      );

  it('lists the СБП banks and shows СБП as a working payment and payout method', async () => {
    const borrower = await createBorrower(testApp);
    const banks = await testApp.app.inject({ url: '/api/sbp/banks', headers: borrower.headers });
    expect(banks.statusCode, banks.body).toBe(200);
    expect(banks.json().data).toContainEqual({ id: SBERBANK, name: 'Сбербанк' });
    for (const kind of ['payment', 'payout']) {
      const methods = await testApp.app.inject({
        url: `/api/payment_system/${kind}`,
        headers: borrower.headers,
      });
      expect(methods.json().data[1]).toMatchObject({ code: 'sbp', enabled: true });
    }
  });

  it('pays out by phone once, to the recipient the client confirmed', async () => {
    const borrower = await borrowerWithPhone('67');
    const order = await signedOrder(testApp, borrower);
    const checked = await precheck(borrower, order.id);
    expect(checked.statusCode, checked.body).toBe(200);
    const check = sbpPrecheckResponseSchema.parse(checked.json()).data;
    expect(check).toMatchObject({
      bank_name: 'Сбербанк',
      recipient_name: 'Анна Сергеевна С.',
      amount: '10000.00',
    });
    expect(check.phone_masked).toMatch(/^\+7 916 \*\*\*-\*\*-67$/);
    // Nothing is sent before the name is confirmed: the payout still goes to the card then.
    expect(orderOf(await choose(borrower, order.id, { method: 'card' })).payout_method).toBe(
      'card',
    );
    const chosen = orderOf(
      await choose(borrower, order.id, { method: 'sbp', precheck_id: check.precheck_id }),
    );
    expect(chosen.payout_sbp).toMatchObject({ recipient_name: 'Анна Сергеевна С.' });

    const key = newKey();
    const answers = await Promise.all([
      payout(testApp, borrower, order.id, key),
      payout(testApp, borrower, order.id, key),
      payout(testApp, borrower, order.id),
    ]);
    const given = answers.filter((answer) => answer.statusCode === 200).map(orderOf);
    expect(given.length).toBeGreaterThan(0);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    const [final] = await payoutsOf(order.id);
    expect(await payoutsOf(order.id)).toHaveLength(1);
    expect(final).toMatchObject({ status: 'approved', cardId: null });
    const [operation] = await testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.id, final?.paymentOperationId ?? 0));
    expect(await sbpCreditsOf(operation?.gatewayOrderId ?? '0')).toHaveLength(1);
    const ledger = await ledgerOf(order.id);
    expect(ledger.filter((row) => row.kind === 'payout')).toHaveLength(1);
    const again = orderOf(await payout(testApp, borrower, order.id));
    expect(again).toMatchObject({ status_id: ORDER_STATUS.GIVEN, payout_method: 'sbp' });
  });

  it('refuses a phone the bank does not know, and a payout by СБП nobody confirmed', async () => {
    const borrower = await borrowerWithPhone('91');
    const order = await signedOrder(testApp, borrower);
    const refused = await precheck(borrower, order.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/В выбранном банке нет счёта/);
    const unknownBank = await precheck(borrower, order.id, '999999999999');
    expect(unknownBank.statusCode).toBe(400);
    const unconfirmed = await choose(borrower, order.id, { method: 'sbp', precheck_id: 987654 });
    expect(unconfirmed.statusCode).toBe(409);
  });

  it('refuses someone else’s account (…92): the reason, no check kept, the card still pays', async () => {
    const borrower = await borrowerWithPhone('92');
    const order = await signedOrder(testApp, borrower);
    const refused = await precheck(borrower, order.id);
    expect(refused.statusCode).toBe(422);
    expectRefusal(refused, 'SBP_SOMEONE_ELSE', { recipient: 'Пётр Петрович С.' });
    const kept = await testApp.ctx.db
      .select()
      .from(sbpPrechecks)
      .where(eq(sbpPrechecks.orderId, order.id));
    expect(kept).toHaveLength(0);
    const given = orderOf(await payout(testApp, borrower, order.id));
    expect(given).toMatchObject({ status_id: ORDER_STATUS.GIVEN, payout_method: 'card' });
  });

  it('pays no confirmed check that names someone other than the borrower', async () => {
    const borrower = await borrowerWithPhone('67');
    const order = await signedOrder(testApp, borrower);
    const check = await confirmSbp(borrower, order.id);
    expect(check.payout_method).toBe('sbp');
    // The borrower's name is no longer the one the bank named.
    await testApp.ctx.db
      .update(clients)
      .set({ name: 'Мария' })
      .where(eq(clients.id, borrower.client.id));
    const refused = await payout(testApp, borrower, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/оформлен не на вас/);
    expect(await payoutsOf(order.id)).toHaveLength(0);
    expect(await ledgerOf(order.id)).toHaveLength(0);
  });

  it('a declined payout fails the order; the same check is never paid twice', async () => {
    const borrower = await borrowerWithPhone('93');
    const order = await signedOrder(testApp, borrower);
    await confirmSbp(borrower, order.id);
    const failed = orderOf(await payout(testApp, borrower, order.id));
    expect(failed.status_id).toBe(ORDER_STATUS.FAIL_TO_GIVE);
    expect(failed.status_reason).toBeTruthy();
    const retried = await payout(testApp, borrower, order.id);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().message).toMatch(/Подтвердите получателя/);
    expect(await ledgerOf(order.id)).toHaveLength(0);
  });

  it('a payout whose answer was lost stays pending and reconciliation settles it as paid', async () => {
    const borrower = await borrowerWithPhone('94');
    const order = await signedOrder(testApp, borrower);
    await confirmSbp(borrower, order.id);
    const lost = await payout(testApp, borrower, order.id);
    expect([200, 503]).toContain(lost.statusCode);
    const [pending] = await payoutsOf(order.id);
    expect(pending?.status).toBe('pending');
    expect(await ledgerOf(order.id)).toHaveLength(0);
    testApp.clock.advanceBy(STALE);
    await reconcile();
    const [settled] = await payoutsOf(order.id);
    expect(settled?.status).toBe('approved');
    expect((await ledgerOf(order.id)).filter((row) => row.kind === 'payout')).toHaveLength(1);
  });

  it('a payout the bank confirms late is pending until reconciliation finds it approved', async () => {
    const borrower = await borrowerWithPhone('95');
    const order = await signedOrder(testApp, borrower);
    await confirmSbp(borrower, order.id);
    const first = orderOf(await payout(testApp, borrower, order.id));
    expect(first.status_id).toBe(ORDER_STATUS.SIGNED);
    const meanwhile = await payout(testApp, borrower, order.id);
    expect(meanwhile.statusCode).toBe(409);
    testApp.clock.advanceBy(STALE);
    await reconcile();
    const [settled] = await payoutsOf(order.id);
    expect(settled?.status).toBe('approved');
  });

  /** A loan paid out by СБП today. */
  async function sbpLoan(): Promise<Loan> {
    const borrower = await borrowerWithPhone('68');
    const signed = await signedOrder(testApp, borrower);
    await confirmSbp(borrower, signed.id);
    const order = orderOf(await payout(testApp, borrower, signed.id));
    if (!order.contract_number) throw new Error('no contract number');
    return { borrower, order, contract: order.contract_number };
  }

  function status(loan: Loan, gatewayOrderId: string) {
    return testApp.app.inject({
      url: `/api/pay/callbackPayment?id=${gatewayOrderId}`,
      headers: loan.borrower.headers,
    });
  }

  /** The tester's choice on the sandbox's «bank app» page the QR code leads to. */
  async function payQr(link: string, action: 'pay' | 'decline' | 'late' | 'confirm') {
    const url = new URL(link);
    const page = await testApp.app.inject({ url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    const answer = await testApp.app.inject({
      method: 'POST',
      url: url.pathname,
      payload: new URLSearchParams({ ...Object.fromEntries(url.searchParams), action }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }

  it('repays by QR code: the SVG and the link, pending until the bank app pays it', async () => {
    const loan = await sbpLoan();
    const started = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '1000.00',
        payment_system_id: 2,
      }),
    );
    expect(started.status).toBe('sbp');
    expect(started.sbp?.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(started.url).toBe(started.sbp?.link);
    const orderId = started.sbp?.order_id ?? '';
    expect((await status(loan, orderId)).json().data.status).toBe('pending');
    // One payment in flight: the open QR is asked about before a second payment is claimed.
    await payQr(started.sbp?.link ?? '', 'pay');
    expect((await status(loan, orderId)).json().data).toMatchObject({
      status: 'approved',
      amount: '1000.00',
    });
    const order = await currentOrder(testApp, loan);
    expect(order.balance?.principal).toBe('9000.00');
  });

  it('a QR payment declined by the bank books nothing', async () => {
    const loan = await sbpLoan();
    const started = paid(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
    );
    await payQr(started.sbp?.link ?? '', 'decline');
    expect((await status(loan, started.sbp?.order_id ?? '')).json().data.status).toBe('declined');
    expect((await ledgerOf(loan.order.id)).filter((row) => row.kind === 'payment')).toHaveLength(0);
  });

  it('a late confirmation is pending until the bank confirms; late money beyond the debt goes back', async () => {
    const loan = await sbpLoan();
    const qr = paid(
      await pay(testApp, loan.borrower, loan.contract, { type: 'full', payment_system_id: 2 }),
    );
    const orderId = qr.sbp?.order_id ?? '';
    await payQr(qr.sbp?.link ?? '', 'late');
    expect((await status(loan, orderId)).json().data.status).toBe('pending');
    testApp.clock.advanceBy(60_000);
    expect((await status(loan, orderId)).json().data.status).toBe('approved');
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);

    // The tester may confirm a late one at once on the «bank app» page.
    const third = await sbpLoan();
    const late = paid(
      await pay(testApp, third.borrower, third.contract, { type: 'full', payment_system_id: 2 }),
    );
    await payQr(late.sbp?.link ?? '', 'late');
    expect((await status(third, late.sbp?.order_id ?? '')).json().data.status).toBe('pending');
    await payQr(late.sbp?.link ?? '', 'confirm');
    expect((await status(third, late.sbp?.order_id ?? '')).json().data.status).toBe('approved');

    // A QR left open, replaced by a card payment, then paid in the bank app anyway: booked, and
    // what the closed loan did not need is returned (webapi/Reverse).
    const second = await sbpLoan();
    const open = paid(
      await pay(testApp, second.borrower, second.contract, { type: 'full', payment_system_id: 2 }),
    );
    const byCard = paid(
      await pay(testApp, second.borrower, second.contract, {
        type: 'full',
        card_id: second.borrower.cardId ?? 0,
      }),
    );
    expect(byCard.status).toBe('approved');
    await payQr(open.sbp?.link ?? '', 'pay');
    expect((await status(second, open.sbp?.order_id ?? '')).json().data.status).toBe('approved');
    await sendQueuedRefunds(testApp.ctx, gateway, testApp.app.log);
    const ledger = await ledgerOf(second.order.id);
    expect(ledger.filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  // Last in the file: it moves the clock ten days on.
  it('prolongs by QR code: signed with its code, the due date moves once the bank app pays', async () => {
    const loan = await sbpLoan();
    testApp.clock.advanceBy(10 * DAY_MS);
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const started = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        prolongation: 14,
        asp_code: code,
        document_agreements: 'prolongation_agreement',
        payment_system_id: 2,
      }),
    );
    expect(started.status).toBe('sbp');
    expect((await currentOrder(testApp, loan)).due_date).toBe(loan.order.due_date);

    await payQr(started.sbp?.link ?? '', 'pay');
    expect((await status(loan, started.sbp?.order_id ?? '')).json().data).toMatchObject({
      status: 'approved',
      amount: '800.00',
    });
    expect(await currentOrder(testApp, loan)).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      due_date: addDays(loan.order.due_date ?? '', 14),
      balance: { principal: '10000.00', interest: '0.00', penalty: '0.00' },
    });
    const fees = (await ledgerOf(loan.order.id)).filter((row) => row.kind === 'prolongation_fee');
    expect(fees).toMatchObject([{ amount: 80_000n, allocatedInterest: 80_000n }]);
  });
});
