import { randomBytes } from 'node:crypto';
import {
  ordersResponseSchema,
  payLoanResponseSchema,
  type Order,
  type PayLoanRequest,
} from '@zaymo/contract';
import { expect } from 'vitest';
import type { InjectResponse } from '../helpers/accounts';
import type { PaymentsGateway } from '../../src/integrations/payments';
import { createPaymentsGateway } from '../../src/services/payments/gateway';
import { inProcessFetch } from '../../src/integrations/in-process-fetch';
import type { TestApp } from '../helpers/test-app';
import { createBorrower, orderOf, payout, signedOrder, type Borrower } from './orders-helpers';

/*
 * A borrower with an issued loan (10 000 ₽ for 30 days at 0.8 % a day, paid out today
 * through the sandbox gateway) and the calls that service it.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions that outlive the months the clock is moved by; no background accrual (on demand). */
export const LONG_SESSIONS = {
  BEST2PAY_SANDBOX_NOTIFY: '0',
  ACCRUAL_SECONDS: '0',
  SESSION_IDLE_MINUTES: String(365 * 24 * 60),
  SESSION_ABSOLUTE_MINUTES: String(365 * 24 * 60),
};

export interface Loan {
  readonly borrower: Borrower;
  readonly order: Order;
  readonly contract: string;
}

export async function givenLoan(testApp: TestApp): Promise<Loan> {
  const borrower = await createBorrower(testApp);
  const signed = await signedOrder(testApp, borrower);
  const order = orderOf(await payout(testApp, borrower, signed.id));
  if (!order.contract_number) throw new Error('no contract number');
  return { borrower, order, contract: order.contract_number };
}

export function newKey(): string {
  return randomBytes(12).toString('hex');
}

export function pay(
  testApp: TestApp,
  borrower: Pick<Borrower, 'headers' | 'ip'>,
  contract: string,
  body: Omit<PayLoanRequest, 'payment_system_id'> & { payment_system_id?: number },
  key: string = newKey(),
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/pay/payment/${encodeURIComponent(contract)}`,
    headers: { ...borrower.headers, 'idempotency-key': key },
    payload: { payment_system_id: 1, ...body },
    remoteAddress: borrower.ip,
  });
}

export function paid(response: InjectResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return payLoanResponseSchema.parse(response.json()).data;
}

export async function currentOrder(testApp: TestApp, loan: Loan): Promise<Order> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/clients/orders',
    headers: loan.borrower.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const order = ordersResponseSchema
    .parse(response.json())
    .data.data.data.find((item) => item.id === loan.order.id);
  if (!order) throw new Error('order missing');
  return order;
}

/**
 * Tests that move the clock by minutes between signing and payout start at 09:00 Moscow time, so
 * those minutes stay on one Moscow day (a payout on another day than the signature asks to sign
 * again), whenever the suite runs.
 */
export function startAtMoscowMorning(testApp: TestApp): void {
  const moscowMs = testApp.clock.now().getTime() + 3 * 60 * 60_000;
  const sinceMidnight = moscowMs % DAY_MS;
  const nineAm = 9 * 60 * 60_000;
  testApp.clock.advanceBy((nineAm - sinceMidnight + DAY_MS) % DAY_MS);
}

/** The sandbox gateway as the jobs see it, reached in-process (for reconciliation and refunds). */
export function sandboxGatewayOf(testApp: TestApp): PaymentsGateway {
  const gateway = createPaymentsGateway(testApp.ctx.config, inProcessFetch(testApp.app));
  if (!gateway) throw new Error('no sandbox gateway');
  return gateway;
}
