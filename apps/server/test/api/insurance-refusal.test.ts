import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  clientDocumentsResponseSchema,
  crmClientLoansResponseSchema,
  historyResponseSchema,
  moscowDate,
  orderResponseSchema,
  parseMoney,
  prolongationOptionsResponseSchema,
  type Order,
} from '@zaymo/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insuranceRefusals, loanLedger, paymentOperations } from '../../src/db/schema';
import { sandboxB2pOperations, sandboxB2pOrders } from '../../src/db/sandbox-schema';
import { PaymentGatewayError, type PaymentsGateway } from '../../src/integrations/payments';
import { refuseInsurance } from '../../src/services/loans/insurance-refusal';
import { sendQueuedInsuranceRefunds } from '../../src/services/servicing/insurance-refunds';
import { reconcileStaleOperations } from '../../src/services/servicing/reconciliation';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import {
  approvedOrder,
  createBorrower,
  listOrders,
  orderOf,
  payout,
  postOrder,
  orderBody,
  requestSignCode,
  tariffIds,
  verify,
  waitForDecision,
  type Borrower,
} from './orders-helpers';
import {
  DAY_MS,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  sandboxGatewayOf,
  startAtMoscowMorning,
} from './servicing-helpers';

/*
 * Refusal of the insurance chosen with a loan (353-ФЗ ст. 7 ч. 2.7–2.10): within 30 calendar
 * days of the consent, from the cabinet; the premium (490 ₽) goes back to the card through the
 * gateway exactly once, whatever races or times out; the loan's principal does not change.
 */

const PREMIUM = 49_000n;
const run = promisify(execFile);

async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-', '-'], { encoding: 'utf8' });
  child.child.stdin?.end(pdf);
  return (await child).stdout.replace(/\s+/g, ' ');
}

function russianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}
const STALE = 3 * 60_000;
const POLL = { timeout: 60_000, interval: 50 };

interface InsuredLoan {
  readonly borrower: Borrower;
  readonly order: Order;
}

describe('insurance refusal and the premium refund', () => {
  let testApp: TestApp;
  let gateway: PaymentsGateway;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ...LONG_SESSIONS, BEST2PAY_SANDBOX_NOTIFY: '0' } });
    startAtMoscowMorning(testApp);
    gateway = sandboxGatewayOf(testApp);
  });
  afterAll(() => testApp.close());

  async function insuredLoan(): Promise<InsuredLoan> {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower, { insurance_ids: [1] });
    const code = await requestSignCode(testApp, borrower, approved.id);
    orderOf(await verify(testApp, borrower, approved.id, code));
    const order = orderOf(await payout(testApp, borrower, approved.id));
    return { borrower, order };
  }

  function refuse(loan: InsuredLoan) {
    return testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${loan.order.id}/insurance/refusal`,
      headers: loan.borrower.headers,
      remoteAddress: loan.borrower.ip,
    });
  }

  const ledgerKinds = async (orderId: number) =>
    (await testApp.ctx.db.select().from(loanLedger).where(eq(loanLedger.orderId, orderId))).map(
      (row) => [row.kind, row.amount],
    );

  const refundsOf = (orderId: number) =>
    testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(
        and(
          eq(paymentOperations.loanOrderId, orderId),
          eq(paymentOperations.kind, 'insurance_refund'),
        ),
      );

  /** What the sandbox gateway credited to cards for the loan's insurance refund, approved. */
  async function creditedAtGateway(orderId: number): Promise<bigint[]> {
    const rows = await testApp.ctx.db
      .select({ amount: sandboxB2pOperations.amount })
      .from(sandboxB2pOperations)
      .innerJoin(sandboxB2pOrders, eq(sandboxB2pOrders.id, sandboxB2pOperations.orderId))
      .where(
        and(
          inArray(sandboxB2pOrders.reference, [`insurance-refund-${orderId}`]),
          eq(sandboxB2pOperations.type, 'P2PCREDIT'),
          eq(sandboxB2pOperations.state, 'APPROVED'),
        ),
      );
    return rows.map((row) => row.amount);
  }

  it('an order made without an explicit choice has no insurance, and none is withheld', async () => {
    const borrower = await createBorrower(testApp);
    const { first } = await tariffIds(testApp);
    const body = orderBody(first);
    delete (body as { insurance_ids?: unknown }).insurance_ids;
    const created = orderOf(await postOrder(testApp, borrower, body));
    expect(created.insurance_ids).toEqual([]);
    const decided = await waitForDecision(testApp, borrower.headers, created.id);
    const code = await requestSignCode(testApp, borrower, decided.id);
    orderOf(await verify(testApp, borrower, decided.id, code));
    const given = orderOf(await payout(testApp, borrower, decided.id));
    expect(given.insurance).toBeUndefined();
    expect(await ledgerKinds(given.id)).toEqual([['payout', 1_000_000n]]);
    const refused = await refuse({ borrower, order: given });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'INSURANCE_NOT_CHOSEN' });
  });

  it('day 30: refused in one request, the premium goes back to the card once, principal kept', async () => {
    const loan = await insuredLoan();
    const consentDay = moscowDate(new Date(loan.order.signed_at ?? ''));
    expect(loan.order.insurance).toMatchObject({
      premium: '490.00',
      refusable: true,
      refusal: null,
    });
    testApp.clock.advanceBy(30 * DAY_MS);
    expect(loan.order.insurance?.refusal_last_day).toBe(moscowDate(testApp.clock.now()));
    const answer = await refuse(loan);
    expect(answer.statusCode, answer.body).toBe(200);
    const order = orderResponseSchema.parse(answer.json()).data.order;
    expect(order.insurance?.refusable).toBe(false);
    expect(order.insurance?.refusal).toMatchObject({
      applied_on: moscowDate(testApp.clock.now()),
      amount: '490.00',
    });
    expect(consentDay < (order.insurance?.refusal?.refund_due_by ?? '')).toBe(true);

    // The route starts the jobs' run; whichever sends it, the card is credited once.
    await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log);
    await expect
      .poll(async () => (await refundsOf(loan.order.id)).map((op) => op.status), POLL)
      .toEqual(['approved']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
    expect(await ledgerKinds(loan.order.id)).toContainEqual(['insurance_refund', PREMIUM]);

    const [listed] = await listOrders(testApp, loan.borrower.headers);
    expect(listed?.balance?.principal).toBe('10000.00');
    expect(listed?.insurance?.refusal?.refund_status).toBe('refunded');
    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/history',
      headers: loan.borrower.headers,
    });
    const { payments } = historyResponseSchema.parse(history.json()).data;
    expect(payments.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['insurance_premium', 'insurance_refund']),
    );

    const documents = await testApp.app.inject({
      method: 'GET',
      url: `/api/documents/loan_documents/${loan.order.id}`,
      headers: loan.borrower.headers,
    });
    const listedDocuments = clientDocumentsResponseSchema.parse(documents.json()).data;
    const application = listedDocuments.find((doc) => doc.kind === 'insurance_refusal');
    expect(application?.signature?.method).toBe('acceptance');
    const pdf = await testApp.app.inject({
      method: 'GET',
      url: `/api/${application?.link ?? ''}`,
      headers: loan.borrower.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Сумма к возврату 490 ₽');
    expect(text).toContain(`Дата заявления ${russianDate(moscowDate(testApp.clock.now()))}`);

    const operator = await createStaffMember(testApp, 'operator');
    const consoleAnswer = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${loan.borrower.client.id}/loans`,
      headers: await staffHeaders(testApp, operator.row.id),
    });
    expect(consoleAnswer.statusCode, consoleAnswer.body).toBe(200);
    const [card] = crmClientLoansResponseSchema.parse(consoleAnswer.json()).data.orders;
    expect(card?.insurance?.refusal).toMatchObject({ amount: '490.00', refund_status: 'refunded' });
    expect(card?.ledger.map((entry) => entry.kind)).toContain('insurance_refund');

    const again = await refuse(loan);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INSURANCE_ALREADY_REFUSED' });
    expect(await refundsOf(loan.order.id)).toHaveLength(1);
  });

  it('day 31: refused with its own code and the day the period ended', async () => {
    const loan = await insuredLoan();
    const lastDay = loan.order.insurance?.refusal_last_day ?? '';
    testApp.clock.advanceBy(31 * DAY_MS);
    const answer = await refuse(loan);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'INSURANCE_REFUSAL_PERIOD_ENDED',
      message: `Срок отказа от страховки истёк: последним днём было ${russianDate(lastDay)}`,
    });
    expect(await refundsOf(loan.order.id)).toEqual([]);
    const [listed] = await listOrders(testApp, loan.borrower.headers);
    expect(listed?.insurance).toMatchObject({ refusable: false, refusal: null });
  });

  it('two refusals at once: one is taken, one refund, one ledger entry', async () => {
    const loan = await insuredLoan();
    const answers = await Promise.all([refuse(loan), refuse(loan)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'INSURANCE_ALREADY_REFUSED' });
    await Promise.all([
      sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log),
      sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log),
    ]);
    await expect
      .poll(async () => (await refundsOf(loan.order.id)).map((op) => op.status), POLL)
      .toEqual(['approved']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
    const entries = (await ledgerKinds(loan.order.id)).filter(
      ([kind]) => kind === 'insurance_refund',
    );
    expect(entries).toHaveLength(1);
    const refusals = await testApp.ctx.db
      .select()
      .from(insuranceRefusals)
      .where(eq(insuranceRefusals.orderId, loan.order.id));
    expect(refusals).toHaveLength(1);
  });

  it('two job runs at once take the queued refund once: one credit', async () => {
    const loan = await insuredLoan();
    await refuseInsurance(testApp.ctx, {
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ip: loan.borrower.ip,
      onForeign: () => undefined,
    });
    await Promise.all([
      sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log),
      sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log),
    ]);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['approved']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
  });

  it('a gateway that times out after paying: reconciliation settles it, never a second credit', async () => {
    const loan = await insuredLoan();
    await refuseInsurance(testApp.ctx, {
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ip: loan.borrower.ip,
      onForeign: () => undefined,
    });
    const timesOut = Object.create(gateway) as PaymentsGateway;
    timesOut.payout = async (input) => {
      await gateway.payout(input);
      throw new PaymentGatewayError('Нет ответа', {
        kind: 'timeout',
        detail: 'test: no answer',
        outcomeUnknown: true,
      });
    };
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, timesOut, testApp.app.log)).toBe(1);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['pending']);
    // Nothing is sent again while the outcome is unknown.
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    testApp.clock.advanceBy(STALE);
    await reconcileStaleOperations(testApp.ctx, gateway, testApp.app.log);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['approved']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
    const entries = (await ledgerKinds(loan.order.id)).filter(
      ([kind]) => kind === 'insurance_refund',
    );
    expect(entries).toEqual([['insurance_refund', PREMIUM]]);
  });

  it('a gateway that refuses the call: queued again, then paid once', async () => {
    const loan = await insuredLoan();
    await refuseInsurance(testApp.ctx, {
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ip: loan.borrower.ip,
      onForeign: () => undefined,
    });
    const unavailable = Object.create(gateway) as PaymentsGateway;
    unavailable.payout = () =>
      Promise.reject(
        new PaymentGatewayError('Шлюз недоступен', { kind: 'unavailable', detail: 'test' }),
      );
    await sendQueuedInsuranceRefunds(testApp.ctx, unavailable, testApp.app.log);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['new']);
    await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['approved']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
  });

  /** A gateway whose card bank declines the credit once: the order is registered, nothing paid. */
  function declinesOnce(): PaymentsGateway {
    const declining = Object.create(gateway) as PaymentsGateway;
    declining.payout = async (input) => {
      await input.onRegistered?.('declined-order');
      return {
        orderId: 'declined-order',
        operationId: 'declined-operation',
        reference: input.reference,
        status: 'declined',
        type: 'P2PCREDIT',
        amount: input.amount,
        reasonCode: 5,
        message: 'Банк отклонил операцию',
        panMasked: null,
      };
    };
    return declining;
  }

  it('a refund the bank declined is sent again after the pause and booked once', async () => {
    const loan = await insuredLoan();
    await refuseInsurance(testApp.ctx, {
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ip: loan.borrower.ip,
      onForeign: () => undefined,
    });
    await sendQueuedInsuranceRefunds(testApp.ctx, declinesOnce(), testApp.app.log);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['declined']);
    // Not before the pause.
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    testApp.clock.advanceBy(61 * 60_000);
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    const [refund] = await refundsOf(loan.order.id);
    expect(refund).toMatchObject({ status: 'approved', message: null });
    expect(refund?.gatewayOrderId).not.toBe('declined-order');
    expect(await creditedAtGateway(loan.order.id)).toEqual([PREMIUM]);
    testApp.clock.advanceBy(61 * 60_000);
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    const entries = (await ledgerKinds(loan.order.id)).filter(
      ([kind]) => kind === 'insurance_refund',
    );
    expect(entries).toEqual([['insurance_refund', PREMIUM]]);
    const [listed] = await listOrders(testApp, loan.borrower.headers);
    expect(listed?.insurance?.refusal?.refund_status).toBe('refunded');
  });

  it('a declined refund older than the retry days waits for a person', async () => {
    const loan = await insuredLoan();
    await refuseInsurance(testApp.ctx, {
      clientId: loan.borrower.client.id,
      orderId: loan.order.id,
      ip: loan.borrower.ip,
      onForeign: () => undefined,
    });
    await sendQueuedInsuranceRefunds(testApp.ctx, declinesOnce(), testApp.app.log);
    testApp.clock.advanceBy(7 * DAY_MS + 60_000);
    expect(await sendQueuedInsuranceRefunds(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    expect((await refundsOf(loan.order.id)).map((op) => op.status)).toEqual(['declined']);
    expect(await creditedAtGateway(loan.order.id)).toEqual([]);
    const [listed] = await listOrders(testApp, loan.borrower.headers);
    expect(listed?.insurance?.refusal?.refund_status).toBe('declined');
  });

  it('prolongation offers no add-on and withholds no premium', async () => {
    const loan = await insuredLoan();
    testApp.clock.advanceBy(10 * DAY_MS);
    const options = await testApp.app.inject({
      method: 'GET',
      url: `/api/loans/${loan.order.id}/prolongation`,
      headers: loan.borrower.headers,
    });
    expect(options.statusCode, options.body).toBe(200);
    const raw = options.json() as { data: { options: Record<string, unknown>[] } };
    for (const option of raw.data.options) {
      expect(Object.keys(option).sort()).toEqual(['days', 'new_due_date', 'price']);
    }
    const offered = prolongationOptionsResponseSchema.parse(options.json()).data.options;
    const price = offered.find((option) => option.days === 14)?.price;
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const answer = paid(
      await pay(
        testApp,
        loan.borrower,
        loan.order.contract_number ?? '',
        {
          type: 'full',
          prolongation: 14,
          asp_code: code,
          document_agreements: 'prolongation_agreement',
          card_id: loan.borrower.cardId ?? 0,
        },
        newKey(),
      ),
    );
    expect(answer.status).toBe('approved');
    const kinds = await ledgerKinds(loan.order.id);
    expect(kinds.filter(([kind]) => kind === 'insurance_premium')).toEqual([
      ['insurance_premium', PREMIUM],
    ]);
    const fee = kinds.find(([kind]) => kind === 'prolongation_fee');
    expect(fee?.[1]).toBe(parseMoney(price ?? ''));
  });
});
