import { randomBytes } from 'node:crypto';
import {
  IDENTITY_COMPLETE_STEP,
  ORDER_STATUS,
  orderResponseSchema,
  ordersResponseSchema,
  parseMoney,
  tariffsResponseSchema,
  type Order,
  type OrderStatusId,
  type PersonalStep,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  cards,
  clientIdentities,
  clients,
  loanOrders,
  orderDocumentAcceptances,
  type ClientRow,
  type LoanOrderRow,
} from '../../src/db/schema';
import { sandboxB2pTokens } from '../../src/db/sandbox-schema';
import { sealCardToken } from '../../src/services/payments/token-vault';
import { lastCode, uniqueIp, type InjectResponse } from '../helpers/accounts';
import { createClientWithSession, type ClientWithSession } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/*
 * A borrower as the loan journey needs one: identity steps done (rows written directly, as the
 * identity API would write them), step 7, and an active card whose token the sandbox gateway
 * issued — so P2PCredit by that token pays out, exactly as after a real binding.
 */

export type Headers = { authorization: string };

export interface BorrowerOptions {
  surname?: string;
  name?: string;
  birthDate?: string;
  birthPlace?: string;
  monthlyIncome?: string;
  /** The registration address's region as the address suggestions write it; Москва unless given. */
  region?: string;
  /** false: identity steps are not finished (step 4). */
  identityDone?: boolean;
  /** false: no card is bound. */
  withCard?: boolean;
  operatorName?: string;
}

export interface Borrower extends ClientWithSession {
  ip: string;
  cardId: number | null;
}

export function personalStep(options: BorrowerOptions): PersonalStep {
  return {
    surname: options.surname ?? 'Смирнова',
    name: options.name ?? 'Анна',
    patronymic: 'Сергеевна',
    no_patronymic: false,
    gender: 'FEMALE',
    birth_date: options.birthDate ?? '1990-02-14',
    birth_place: options.birthPlace ?? 'г. Москва',
  };
}

const ADDRESS = {
  value: 'г Москва, ул Бакунинская, д 7, кв 15',
  postal_code: '105005',
  region: 'Москва',
  city: 'Москва',
  street: 'Бакунинская',
  house: '7',
  flat: '15',
  fias_id: null,
};

async function writeIdentity(testApp: TestApp, client: ClientRow, options: BorrowerOptions) {
  const personal = personalStep(options);
  const income = options.monthlyIncome ?? '60000';
  await testApp.ctx.db.insert(clientIdentities).values({
    clientId: client.id,
    personal,
    passport: {
      series_number: '4512345678',
      issue_date: '2015-03-10',
      division_code: '770-045',
      issued_by: 'ОУФМС России по г. Москве по району Басманный',
    },
    addresses: {
      registration: { ...ADDRESS, region: options.region ?? ADDRESS.region },
      residence_same: true,
      residence: null,
    },
    work: {
      employment_type: 'employed',
      employer_name: 'ООО «Ромашка»',
      employer_inn: null,
      position: 'Бухгалтер',
      monthly_income: income,
      email: 'anna.smirnova@example.com',
    },
    monthlyIncomeKopecks: parseMoney(income),
    updatedAt: testApp.clock.now(),
  });
  await testApp.ctx.db
    .update(clients)
    .set({
      surname: personal.surname,
      name: personal.name,
      patronymic: personal.patronymic,
      step: options.identityDone === false ? 4 : IDENTITY_COMPLETE_STEP,
    })
    .where(eq(clients.id, client.id));
}

/** A token the sandbox gateway knows (as its card page would have issued), or an unknown one. */
export async function insertSandboxCard(
  testApp: TestApp,
  clientId: number,
  options: { knownToGateway?: boolean } = {},
): Promise<number> {
  const token = `b2ps_${randomBytes(16).toString('hex')}`;
  const now = testApp.clock.now();
  if (options.knownToGateway !== false) {
    await testApp.ctx.db.insert(sandboxB2pTokens).values({
      token,
      sector: testApp.ctx.config.best2paySandbox.sector,
      panMasked: '220000******0004',
      expiry: '12/30',
      holder: 'ANNA SMIRNOVA',
      behaviour: 'approve',
      createdAt: now,
    });
  }
  const [card] = await testApp.ctx.db
    .insert(cards)
    .values({
      clientId,
      tokenSealed: sealCardToken(token, testApp.ctx.config.appSecret),
      panMasked: '220000******0004',
      expiry: '12/30',
      holder: 'ANNA SMIRNOVA',
      paymentSystem: 'mir',
      isActive: true,
      createdAt: now,
    })
    .returning({ id: cards.id });
  if (!card) throw new Error('card not created');
  return card.id;
}

export async function createBorrower(
  testApp: TestApp,
  options: BorrowerOptions = {},
): Promise<Borrower> {
  const session = await createClientWithSession(
    testApp,
    options.operatorName ? { operatorName: options.operatorName } : {},
  );
  await writeIdentity(testApp, session.client, options);
  const cardId =
    options.withCard === false ? null : await insertSandboxCard(testApp, session.client.id);
  return { ...session, ip: uniqueIp(), cardId };
}

export async function tariffIds(testApp: TestApp): Promise<{ first: number; repeat: number }> {
  const get = async (path: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: path });
    const [tariff] = tariffsResponseSchema.parse(response.json()).data.tariffs;
    if (!tariff) throw new Error(`no tariff at ${path}`);
    return tariff.id;
  };
  return { first: await get('/api/tariff/default'), repeat: await get('/api/tariff/repeat') };
}

export const ACCEPTED_DOCUMENTS = ['loan_application', 'bki_consent'];

export function orderBody(tariffId: number, overrides: Record<string, unknown> = {}) {
  return {
    tariff_id: tariffId,
    amount: '10000.00',
    period: 30,
    insurance_ids: [],
    accepted_documents: ACCEPTED_DOCUMENTS,
    ...overrides,
  };
}

export function postOrder(
  testApp: TestApp,
  borrower: Pick<Borrower, 'headers' | 'ip'>,
  body: Record<string, unknown>,
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/orders/create',
    headers: borrower.headers,
    remoteAddress: borrower.ip,
    payload: body,
  });
}

export async function listOrders(testApp: TestApp, headers: Headers): Promise<Order[]> {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/clients/orders', headers });
  expect(response.statusCode, response.body).toBe(200);
  return ordersResponseSchema.parse(response.json()).data.data.data;
}

export function orderOf(response: InjectResponse): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderResponseSchema.parse(response.json()).data.order;
}

/** Waits until the background scoring has decided the order (APPROVED or REFUSED). */
export async function waitForDecision(
  testApp: TestApp,
  headers: Headers,
  orderId: number,
): Promise<Order> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const order = (await listOrders(testApp, headers)).find((item) => item.id === orderId);
    const decided =
      order && order.status_id !== ORDER_STATUS.NEW && order.status_id !== ORDER_STATUS.ACCEPTED;
    if (decided) return order;
    if (Date.now() > deadline) throw new Error(`order ${orderId} was not scored`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new order of the borrower, scored: APPROVED or REFUSED. */
export async function decidedOrder(
  testApp: TestApp,
  borrower: Borrower,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const { first } = await tariffIds(testApp);
  const created = orderOf(await postOrder(testApp, borrower, orderBody(first, overrides)));
  return waitForDecision(testApp, borrower.headers, created.id);
}

export async function approvedOrder(
  testApp: TestApp,
  borrower: Borrower,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const order = await decidedOrder(testApp, borrower, overrides);
  expect(order.status_id, order.status_reason ?? '').toBe(ORDER_STATUS.APPROVED);
  return order;
}

/** POST /sms/send purpose sign: a code bound to the order's contract, or its prolongation. */
export function signCodeRequest(
  testApp: TestApp,
  borrower: Pick<Borrower, 'headers' | 'ip'>,
  orderId: number,
  prolongation?: number,
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/sms/send',
    headers: borrower.headers,
    remoteAddress: borrower.ip,
    payload: { purpose: 'sign', order_id: orderId, ...(prolongation ? { prolongation } : {}) },
  });
}

export async function requestSignCode(
  testApp: TestApp,
  borrower: Borrower,
  orderId: number,
  prolongation?: number,
): Promise<string> {
  const response = await signCodeRequest(testApp, borrower, orderId, prolongation);
  expect(response.statusCode, response.body).toBe(200);
  return lastCode(testApp, borrower.client.phone);
}

export function verify(
  testApp: TestApp,
  borrower: Borrower,
  orderId: number,
  code: string,
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/orders/verify',
    headers: borrower.headers,
    remoteAddress: borrower.ip,
    payload: { order_id: orderId, code },
  });
}

export async function signedOrder(testApp: TestApp, borrower: Borrower): Promise<Order> {
  const approved = await approvedOrder(testApp, borrower);
  const signed = orderOf(
    await verify(
      testApp,
      borrower,
      approved.id,
      await requestSignCode(testApp, borrower, approved.id),
    ),
  );
  expect(signed.status_id).toBe(ORDER_STATUS.SIGNED);
  return signed;
}

export function payout(
  testApp: TestApp,
  borrower: Pick<Borrower, 'headers' | 'ip'>,
  orderId: number,
  key: string = randomBytes(12).toString('hex'),
): Promise<InjectResponse> {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/payout`,
    headers: { ...borrower.headers, 'idempotency-key': key },
    remoteAddress: borrower.ip,
  });
}

/** An order row straight in the table, in any status, for the states tests skip through. */
export async function insertOrder(
  testApp: TestApp,
  clientId: number,
  values: { statusId: OrderStatusId; updatedAt?: Date; tariffId?: number },
): Promise<LoanOrderRow> {
  const now = testApp.clock.now();
  const [order] = await testApp.ctx.db
    .insert(loanOrders)
    .values({
      clientId,
      statusId: values.statusId,
      tariffId: values.tariffId ?? (await tariffIds(testApp)).first,
      amount: 1_000_000n,
      period: 30,
      dayPercent: '0.8',
      interest: 240_000n,
      returnSum: 1_240_000n,
      pskPercent: '292.000',
      pskAmount: 240_000n,
      clientSnapshot: { fullName: 'Смирнова Анна Сергеевна', phone: '+79990000000' },
      createdAt: values.updatedAt ?? now,
      updatedAt: values.updatedAt ?? now,
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  // The consent to the bureau request, accepted with the order as POST /orders/create records it.
  await testApp.ctx.db.insert(orderDocumentAcceptances).values({
    orderId: order.id,
    kind: 'bki_consent',
    version: '1.0 от 01.03.2026',
    acceptedAt: now,
    ip: '127.0.0.1',
  });
  return order;
}
