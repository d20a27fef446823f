import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, paymentOperations } from '../../src/db/schema';
import type { XmlFields } from '../../src/integrations/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  cardsOf,
  notificationsOf,
  payWithCard,
  purchaseNotificationFields,
  returnQuery,
  signedNotification,
  submitCard,
} from './cards-helpers';
import { createClientWithSession } from '../helpers/factories';
import { DAY_MS, LONG_SESSIONS, givenLoan, paid, pay, type Loan } from './servicing-helpers';
import { expectRefusal } from '../helpers/refusal';

/*
 * A correctly signed notification whose amount, currency or reference is not
 * the operation's is refused (400), logged as a security event, and books nothing; the operation
 * stays pending, and the genuine notification still settles it afterwards.
 */

function withField(fields: XmlFields, name: string, value: string): XmlFields {
  expect(fields.some(([field]) => field === name)).toBe(true);
  return fields.map(([field, old]) => [field, field === name ? value : old] as const);
}

function notify(testApp: TestApp, fields: XmlFields) {
  const xml = signedNotification(testApp, fields);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/pay/notify/best2pay',
    headers: { 'content-type': 'application/xml' },
    payload: xml,
  });
}

/** A 100 ₽ partial repayment paid on the gateway page; the sandbox posts no notification. */
async function pagePayment(testApp: TestApp, loan: Loan): Promise<string> {
  const answer = paid(
    await pay(testApp, loan.borrower, loan.contract, { type: 'part', amount: '100.00' }),
  );
  expect(answer.status).toBe('redirect');
  const redirect = await submitCard(testApp, new URL(answer.url ?? ''), {
    pan: '2200000000000004',
  });
  return returnQuery(redirect, '/loan').id ?? '';
}

describe('gateway notifications that do not match the operation', () => {
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

  const operationOf = async (gatewayOrderId: string) => {
    const [row] = await testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.gatewayOrderId, gatewayOrderId));
    return row;
  };

  it('0.01 ₽ for 100 ₽, another currency, another reference: refused, nothing booked', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(DAY_MS);
    const orderId = await pagePayment(testApp, loan);
    const genuine = await purchaseNotificationFields(testApp, orderId);
    expect(genuine).toContainEqual(['amount', '10000']);
    const forged: Array<[string, XmlFields]> = [
      ['amount', withField(genuine, 'amount', '1')],
      ['currency', withField(genuine, 'currency', '840')],
      ['reference', withField(genuine, 'reference', 'pay-somebody-else')],
    ];
    for (const [mismatch, fields] of forged) {
      const response = await notify(testApp, fields);
      expectRefusal(response, 'NOTIFICATION_MISMATCH');
      const entries = (await testApp.logs.settled()).entries();
      expect(entries).toContainEqual(
        expect.objectContaining({
          security: 'payment_notification_mismatch',
          mismatches: [mismatch],
          orderId,
        }),
      );
    }
    expect(await paymentsOf(loan.order.id)).toHaveLength(0);
    expect((await operationOf(orderId))?.status).toBe('pending');
    expect(await notificationsOf(testApp, orderId)).toEqual([]);

    // The genuine notification is not blocked by the refused ones: it books the 100 ₽.
    expect((await notify(testApp, genuine)).statusCode).toBe(200);
    const payments = await paymentsOf(loan.order.id);
    expect(payments.map((row) => row.amount)).toEqual([10000n]);
    expect((await operationOf(orderId))?.status).toBe('approved');
  });

  it('a binding notified with another amount binds no card', async () => {
    const { client, headers } = await createClientWithSession(testApp);
    const query = await payWithCard(testApp, headers, { pan: '4111111111111111' });
    const orderId = query.id ?? '';
    const fields = withField(
      await purchaseNotificationFields(testApp, orderId),
      'amount',
      '100000',
    );
    expect((await notify(testApp, fields)).statusCode).toBe(400);
    expect(await cardsOf(testApp, client.id)).toHaveLength(0);
    expect(await notificationsOf(testApp, orderId)).toEqual([]);
  });
});
