import {
  addDays,
  crmClientLoansResponseSchema,
  crmSettingsResponseSchema,
  moscowDate,
  ORDER_STATUS,
  type CrmTariff,
  type Order,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayouts, paymentOperations } from '../../src/db/schema';
import type { PaymentsGateway } from '../../src/integrations/payments';
import { payCooledLoans } from '../../src/services/loans/cooling-off';
import type { InjectResponse } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import {
  approvedOrder,
  createBorrower,
  listOrders,
  orderOf,
  payout,
  requestSignCode,
  verify,
  type Borrower,
} from './orders-helpers';
import { LONG_SESSIONS, sandboxGatewayOf, startAtMoscowMorning } from './servicing-helpers';

/*
 * The cooling-off before a payout (353-FZ art. 7 part 9.3): 4 hours for 50 000–200 000 ₽, 48
 * hours above, none below. The console's admin raises the tariff's maximum to 500 000 ₽ as an
 * admin would. No unconfirmed income carries such a loan's debt load (it counts at most the
 * region's average), so the borrowers are the sandbox's «Одобренова», approved whatever the
 * rules say.
 */

const HOUR_MS = 60 * 60 * 1000;

describe('cooling-off before the payout', () => {
  let testApp: TestApp;
  let gateway: PaymentsGateway;

  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    startAtMoscowMorning(testApp);
    gateway = sandboxGatewayOf(testApp);
    await raiseTariffMaximum();
  });
  afterAll(() => testApp.close());

  /** A fresh console session: the clock moves past a staff session's life between the calls. */
  async function adminHeaders() {
    const member = await createStaffMember(testApp, 'admin', { name: 'Анна Админова' });
    return { ...(await staffHeaders(testApp, member.row.id)), 'user-agent': 'crm-test' };
  }

  async function raiseTariffMaximum(): Promise<void> {
    const admin = await adminHeaders();
    const current = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/settings',
      headers: admin,
    });
    const tariffs = crmSettingsResponseSchema.parse(current.json()).data.tariffs;
    for (const tariff of tariffs) {
      const { id, is_repeat: _repeat, ...editable }: CrmTariff = tariff;
      const raised = await testApp.app.inject({
        method: 'POST',
        url: `/api/crm/settings/tariffs/${id}`,
        headers: admin,
        payload: { ...editable, max_sum: '500000.00' },
      });
      expect(raised.statusCode, raised.body).toBe(200);
    }
  }

  const wealthy = () => createBorrower(testApp, { surname: 'Одобренова' });

  async function signedLoan(borrower: Borrower, amount: string): Promise<Order> {
    const approved = await approvedOrder(testApp, borrower, { amount });
    const code = await requestSignCode(testApp, borrower, approved.id);
    const signed = orderOf(await verify(testApp, borrower, approved.id, code));
    expect(signed.status_id).toBe(ORDER_STATUS.SIGNED);
    return signed;
  }

  const payoutsOf = (orderId: number) =>
    testApp.ctx.db.select().from(orderPayouts).where(eq(orderPayouts.orderId, orderId));
  const moneyMovesOf = (orderId: number) =>
    testApp.ctx.db
      .select()
      .from(paymentOperations)
      .where(eq(paymentOperations.loanOrderId, orderId));

  function cancel(borrower: Borrower, orderId: number): Promise<InjectResponse> {
    return testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/cancel`,
      headers: borrower.headers,
      remoteAddress: borrower.ip,
    });
  }

  function expectCode(response: InjectResponse, status: number, code: string): void {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ code: string }>().code).toBe(code);
  }

  async function orderNow(borrower: Borrower, orderId: number): Promise<Order> {
    const order = (await listOrders(testApp, borrower.headers)).find((o) => o.id === orderId);
    if (!order) throw new Error(`order ${orderId} missing`);
    return order;
  }

  const hoursOf = (order: Order) =>
    (Date.parse(order.cooling_off_until ?? '') - Date.parse(order.signed_at ?? '')) / HOUR_MS;

  it('pays out 100 000 ₽ only after 4 hours: the client is refused before, the job pays once', async () => {
    const borrower = await wealthy();
    const signed = await signedLoan(borrower, '100000.00');
    expect(hoursOf(signed)).toBe(4);
    expect(signed.cooling_off_running).toBe(true);

    expectCode(await payout(testApp, borrower, signed.id), 409, 'COOLING_OFF_RUNNING');
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    expect(await moneyMovesOf(signed.id)).toEqual([]);

    // The test clock also runs on: a minute short of the end keeps it inside the window.
    testApp.clock.advanceBy(4 * HOUR_MS - 60_000);
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    expect((await orderNow(borrower, signed.id)).cooling_off_running).toBe(true);

    testApp.clock.advanceBy(60_000);
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    const given = await orderNow(borrower, signed.id);
    expect(given).toMatchObject({ status_id: ORDER_STATUS.GIVEN, cooling_off_running: false });
    expect(given.balance?.interest).toBe('0.00');

    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    expect(orderOf(await payout(testApp, borrower, signed.id)).status_id).toBe(ORDER_STATUS.GIVEN);
    expect(await payoutsOf(signed.id)).toHaveLength(1);
  });

  it('lets the client refuse within the window: nothing moves, a second refusal is refused', async () => {
    const borrower = await wealthy();
    const signed = await signedLoan(borrower, '50000.00');
    expect(hoursOf(signed)).toBe(4);
    testApp.clock.advanceBy(HOUR_MS);

    const cancelled = orderOf(await cancel(borrower, signed.id));
    expect(cancelled).toMatchObject({
      status_id: ORDER_STATUS.REJECTED_BY_CLIENT,
      status_reason: 'Вы отказались от займа до получения денег',
      cooling_off_running: false,
    });
    expectCode(await cancel(borrower, signed.id), 409, 'LOAN_ALREADY_CANCELLED');

    testApp.clock.advanceBy(4 * HOUR_MS);
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(0);
    expectCode(await payout(testApp, borrower, signed.id), 409, 'ORDER_NOT_PAYABLE');
    expect(await moneyMovesOf(signed.id)).toEqual([]);

    const history = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/history',
      headers: borrower.headers,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('"status_id":7');

    const console = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${borrower.client.id}/loans`,
      headers: await adminHeaders(),
    });
    const [seen] = crmClientLoansResponseSchema.parse(console.json()).data.orders;
    expect(seen).toMatchObject({
      status: 'REJECTED_BY_CLIENT',
      cooling_off_until: signed.cooling_off_until,
    });
    expect(seen?.status_history.map((step) => step.status)).toEqual([
      'NEW',
      'APPROVED',
      'SIGNED',
      'REJECTED_BY_CLIENT',
    ]);
  });

  it('refuses a refusal once the money has gone out', async () => {
    const borrower = await wealthy();
    const signed = await signedLoan(borrower, '200000.00');
    expect(hoursOf(signed)).toBe(4);
    testApp.clock.advanceBy(4 * HOUR_MS);
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    expectCode(await cancel(borrower, signed.id), 409, 'LOAN_ALREADY_PAID_OUT');
    expect((await orderNow(borrower, signed.id)).status_id).toBe(ORDER_STATUS.GIVEN);
  });

  it('waits 48 hours above 200 000 ₽ and dates the contract by the payout day', async () => {
    const borrower = await wealthy();
    const signed = await signedLoan(borrower, '201000.00');
    expect(hoursOf(signed)).toBe(48);
    const payoutDay = addDays(moscowDate(new Date(signed.signed_at ?? '')), 2);
    expect(signed.contract_date).toBe(payoutDay);

    testApp.clock.advanceBy(24 * HOUR_MS);
    expectCode(await payout(testApp, borrower, signed.id), 409, 'COOLING_OFF_RUNNING');
    testApp.clock.advanceBy(24 * HOUR_MS);
    expect(await payCooledLoans(testApp.ctx, gateway, testApp.app.log)).toBe(1);
    const given = await orderNow(borrower, signed.id);
    expect(given).toMatchObject({ status_id: ORDER_STATUS.GIVEN, contract_date: payoutDay });
  });

  it('pays 49 000 ₽ at once: no cooling-off below 50 000 ₽', async () => {
    const borrower = await wealthy();
    const signed = await signedLoan(borrower, '49000.00');
    expect(signed.cooling_off_until).toBeUndefined();
    expect(orderOf(await payout(testApp, borrower, signed.id)).status_id).toBe(ORDER_STATUS.GIVEN);
    expectCode(await cancel(borrower, signed.id), 409, 'LOAN_ALREADY_PAID_OUT');
  });

  it('refuses a refusal of an order without a signed contract', async () => {
    const borrower = await wealthy();
    const approved = await approvedOrder(testApp, borrower, { amount: '60000.00' });
    expectCode(await cancel(borrower, approved.id), 409, 'LOAN_NOT_CANCELLABLE');
  });
});
