import {
  arrangementsResponseSchema,
  crmCollectionLoanResponseSchema,
  crmCollectionsResponseSchema,
  type CallbackRequest,
  type InteractionStatementRequest,
} from '@zaymo/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { currentOrder, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * «Договориться об оплате» and the statements of 230-FZ art. 8 from the cabinet, on a real
 * database: the console's promise limits, call-back hours in the client's zone, a refusal only
 * after four months of overdue, and what the collector sees.
 */

/** Monday 2 November 2026, 09:00 Moscow: loans of 30 days fall due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');

let testApp: TestApp;
let collectorId: number;
let moscow: Loan;
let vladivostok: Loan;
let notDue: Loan;

function moveTo(instant: string): void {
  const delta = new Date(instant).getTime() - testApp.clock.now().getTime();
  if (delta < 0) throw new Error(`the clock is past ${instant}`);
  testApp.clock.advanceBy(delta);
}

function post(loan: Loan, path: string, payload: Record<string, unknown>) {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/loans/${loan.order.id}/${path}`,
    headers: loan.borrower.headers,
    payload,
  });
}

const callback = (loan: Loan, body: CallbackRequest) => post(loan, 'callback', body);
const statement = (loan: Loan, body: InteractionStatementRequest) =>
  post(loan, 'interaction', body);

async function arrangementsOf(loan: Loan) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/loans/${loan.order.id}/arrangements`,
    headers: loan.borrower.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return arrangementsResponseSchema.parse(response.json()).data;
}

async function consoleCard(loan: Loan) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/crm/collections/${loan.order.id}`,
    headers: await staffHeaders(testApp, collectorId),
  });
  expect(response.statusCode, response.body).toBe(200);
  return crmCollectionLoanResponseSchema.parse(response.json()).data;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  collectorId = (await createStaffMember(testApp, 'collector')).row.id;
  moscow = await givenLoan(testApp);
  vladivostok = await givenLoan(testApp);
  await testApp.ctx.db
    .update(clientIdentities)
    .set({
      addresses: sql`jsonb_set(${clientIdentities.addresses}, '{registration,region}', '"Приморский край"'::jsonb)`,
    })
    .where(eq(clientIdentities.clientId, vladivostok.borrower.client.id));
  // Thursday 3 December, 10:00 Moscow: a day past due.
  moveTo('2026-12-03T07:00:00Z');
  notDue = await givenLoan(testApp);
});
afterAll(() => testApp.close());

describe('the cabinet on an overdue loan', () => {
  it('only an overdue loan of one’s own can be arranged', async () => {
    const early = await post(notDue, 'promise', { amount: '100', due_on: '2026-12-10' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'LOAN_NOT_OVERDUE' });
    const foreign = await testApp.app.inject({
      method: 'POST',
      url: `/api/loans/${moscow.order.id}/promise`,
      headers: notDue.borrower.headers,
      payload: { amount: '100', due_on: '2026-12-10' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a promise keeps the console’s limits and reaches the collector', async () => {
    const owed = (await currentOrder(testApp, moscow)).balance?.total ?? '0';
    const tooMuch = await post(moscow, 'promise', { amount: '99999', due_on: '2026-12-10' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toContain(owed);
    const tooFar = await post(moscow, 'promise', { amount: '1000', due_on: '2027-01-03' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().fields).toHaveProperty('due_on');
    const made = await post(moscow, 'promise', { amount: '5000,50', due_on: '2026-12-10' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.promise).toMatchObject({ amount: '5000.50', state: 'pending' });
    const card = await consoleCard(moscow);
    expect(card.promises[0]).toMatchObject({ amount: '5000.50', staff_name: null });
    expect((await arrangementsOf(moscow)).promises).toHaveLength(1);
  });

  it('a call-back at 21:00 of a working day is taken, 22:00 refused; a Saturday ends at 20:00', async () => {
    const late = await callback(moscow, { date: '2026-12-03', hour: 22 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CALLBACK_OUTSIDE_HOURS' });
    expect(late.json().message).toContain('ст. 7 ч. 3 п. 1 230-ФЗ');
    const saturday = await callback(moscow, { date: '2026-12-05', hour: 20 });
    expect(saturday.json()).toMatchObject({ code: 'CALLBACK_OUTSIDE_HOURS' });
    expect((await callback(moscow, { date: '2026-12-05', hour: 19 })).statusCode).toBe(200);
    const taken = await callback(moscow, { date: '2026-12-03', hour: 21 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.callback).toMatchObject({
      at: '2026-12-03T18:00:00.000Z',
      local: '03.12.2026 21:00',
    });
    const past = await callback(moscow, { date: '2026-12-03', hour: 9 });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toHaveProperty('hour');
    const card = await consoleCard(moscow);
    expect(card.callbacks.map((item) => item.at)).toEqual([
      '2026-12-03T18:00:00.000Z',
      '2026-12-05T16:00:00.000Z',
    ]);
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/collections',
      headers: await staffHeaders(testApp, collectorId),
    });
    const rows = crmCollectionsResponseSchema.parse(queue.json()).data.loans;
    const rowOf = (loan: Loan) => rows.find((row) => row.order_id === loan.order.id);
    expect(rowOf(moscow)?.callback?.at).toBe('2026-12-03T18:00:00.000Z');
    expect(rowOf(vladivostok)?.callback).toBeNull();
  });

  it('a call-back hour is the client’s own: 21:00 in Vladivostok is 14:00 in Moscow', async () => {
    const taken = await callback(vladivostok, { date: '2026-12-03', hour: 21 });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.callback.at).toBe('2026-12-03T11:00:00.000Z');
    expect((await arrangementsOf(vladivostok)).time_zone).toBe('Asia/Vladivostok');
    const late = await callback(vladivostok, { date: '2026-12-04', hour: 22 });
    expect(late.json()).toMatchObject({ code: 'CALLBACK_OUTSIDE_HOURS' });
  });
});

describe('230-FZ art. 8 from the cabinet', () => {
  it('a refusal waits four months from the overdue’s start; an advocate may be named at once', async () => {
    const info = await arrangementsOf(vladivostok);
    expect(info.refusal_from).toBe('2027-04-03');
    const early = await statement(vladivostok, { kind: 'refusal' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'INTERACTION_REFUSAL_TOO_EARLY' });
    expect(early.json().message).toContain('03.04.2027');

    const noName = await statement(vladivostok, { kind: 'representative' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('representative_name');
    const named = await statement(vladivostok, {
      kind: 'representative',
      representative_name: 'Петров Пётр Петрович',
      representative_contact: '+7 999 111-22-33, petrov@advokat.example',
    });
    expect(named.statusCode, named.body).toBe(200);

    const card = await consoleCard(vladivostok);
    expect(card.protections[0]).toMatchObject({ kind: 'representative', filed_by: 'client' });
    expect(card.protections[0]?.note).toContain('Петров Пётр Петрович');
    expect(card.channels.every((channel) => !channel.allowed)).toBe(true);
    const call = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${vladivostok.order.id}/contacts`,
      headers: await staffHeaders(testApp, collectorId),
      payload: { channel: 'call', note: '' },
    });
    expect(call.statusCode).toBe(409);
    expect(call.json()).toMatchObject({ code: 'CONTACT_REFUSED_BY_DEBTOR' });
  });

  it('on the day four months have passed the refusal is taken and stops every channel', async () => {
    moveTo('2027-04-02T07:00:00Z');
    expect((await statement(moscow, { kind: 'refusal' })).statusCode).toBe(409);
    moveTo('2027-04-03T07:00:00Z');
    const taken = await statement(moscow, { kind: 'refusal' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().data.statement).toMatchObject({ kind: 'refusal', from: '2027-04-03' });
    const card = await consoleCard(moscow);
    expect(card.channels.map((channel) => channel.allowed)).toEqual([false, false, false, false]);
    expect((await arrangementsOf(moscow)).statements.map((item) => item.kind)).toEqual(['refusal']);
  });
});
