import {
  crmCollectionLoanResponseSchema,
  crmCollectionsResponseSchema,
  type ContactChannel,
  type StaffRole,
} from '@zaymo/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities, crmAudit } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { currentOrder, DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * «Просрочка» on a real database: loans go overdue on the test clock, appear in the queue by days
 * past due, and the contact log refuses what 230-FZ art. 7 forbids, at each limit's boundary, in
 * the debtor's time zone.
 */

const HOUR_MS = 60 * 60_000;
/** Monday 2 November 2026, 09:00 Moscow: loans of 30 days fall due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');

let testApp: TestApp;
const staffIds: Partial<Record<StaffRole, number>> = {};

async function as(role: StaffRole) {
  const id = staffIds[role];
  if (id === undefined) throw new Error(`no ${role}`);
  return staffHeaders(testApp, id);
}

/** Moves the test clock to `instant` (forward only). */
function moveTo(instant: string): void {
  const delta = new Date(instant).getTime() - testApp.clock.now().getTime();
  if (delta < 0) throw new Error(`the clock is past ${instant}`);
  testApp.clock.advanceBy(delta);
}

async function queue(query = '', role: StaffRole = 'collector') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/crm/collections${query}`,
    headers: await as(role),
  });
  expect(response.statusCode, response.body).toBe(200);
  return crmCollectionsResponseSchema.parse(response.json()).data;
}

async function contact(loan: Loan, channel: ContactChannel, role: StaffRole = 'collector') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/crm/collections/${loan.order.id}/contacts`,
    headers: await as(role),
    payload: { channel, note: 'Обещал оплатить' },
  });
}

async function setRegion(loan: Loan, region: string) {
  await testApp.ctx.db
    .update(clientIdentities)
    .set({
      addresses: sql`jsonb_set(${clientIdentities.addresses}, '{registration,region}', ${JSON.stringify(region)}::jsonb)`,
    })
    .where(eq(clientIdentities.clientId, loan.borrower.client.id));
}

let moscow: Loan;
let vladivostok: Loan;
let kaliningrad: Loan;
let notDue: Loan;

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  for (const role of ['operator', 'collector', 'risk'] as const) {
    staffIds[role] = (await createStaffMember(testApp, role, { name: `Иван ${role}` })).row.id;
  }
  moscow = await givenLoan(testApp);
  vladivostok = await givenLoan(testApp);
  kaliningrad = await givenLoan(testApp);
  await setRegion(vladivostok, 'Приморский край');
  await setRegion(kaliningrad, 'Калининградская обл');
  // Thursday 3 December, 10:00 Moscow: a day past due.
  moveTo('2026-12-03T07:00:00Z');
  notDue = await givenLoan(testApp);
  for (const loan of [moscow, vladivostok, kaliningrad, notDue]) await currentOrder(testApp, loan);
});
afterAll(() => testApp.close());

describe('the overdue queue', () => {
  it('lists overdue loans by days past due with the sum owed, and only those', async () => {
    const page = await queue();
    expect(page.today).toBe('2026-12-03');
    const ids = page.loans.map((loan) => loan.order_id);
    expect(ids).toEqual(
      expect.arrayContaining([moscow.order.id, vladivostok.order.id, kaliningrad.order.id]),
    );
    expect(ids).not.toContain(notDue.order.id);
    const row = page.loans.find((loan) => loan.order_id === moscow.order.id);
    expect(row).toMatchObject({
      contract_number: moscow.contract,
      due_date: '2026-12-02',
      days_past_due: 1,
      bucket: '1-7',
      last_contact: null,
      collector: null,
      owed: { principal: '10000.00' },
    });
    expect(Number(row?.owed.total)).toBeGreaterThan(10_000);
    expect(Number(row?.owed.penalty)).toBeGreaterThan(0);
  });

  it('filters by bucket, search and collector; assignment is audited', async () => {
    expect((await queue('?bucket=8-30')).loans).toEqual([]);
    expect((await queue('?bucket=1-7')).loans.length).toBeGreaterThanOrEqual(3);
    const found = await queue(`?q=${encodeURIComponent(moscow.contract)}`);
    expect(found.loans.map((loan) => loan.order_id)).toEqual([moscow.order.id]);
    expect((await queue('?collector=mine')).loans).toEqual([]);

    const assigned = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${moscow.order.id}/assign`,
      headers: await as('risk'),
      payload: { staff_id: staffIds.collector },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const mine = await queue('?collector=mine');
    expect(mine.loans.map((loan) => loan.order_id)).toEqual([moscow.order.id]);
    expect(mine.loans[0]?.collector?.name).toBe('Иван collector');
    expect((await queue('?collector=none')).loans.map((l) => l.order_id)).not.toContain(
      moscow.order.id,
    );

    const toOperator = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${moscow.order.id}/assign`,
      headers: await as('risk'),
      payload: { staff_id: staffIds.operator },
    });
    expect(toOperator.statusCode).toBe(400);
    const audit = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(eq(crmAudit.action, 'collector_assigned'));
    expect(audit).toHaveLength(1);
  });

  it('a bad filter is a Russian 400', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/collections?bucket=100',
      headers: await as('collector'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Выберите срок просрочки');
  });
});

describe('contact limits of 230-FZ art. 7', () => {
  it('a second call the same day is refused with its reason and the next moment', async () => {
    const first = await contact(moscow, 'call');
    expect(first.statusCode, first.body).toBe(200);
    const second = await contact(moscow, 'call');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONTACT_LIMIT_REACHED' });
    expect(second.json().message).toContain('ст. 7 ч. 3 п. 3 «а» 230-ФЗ');
    expect(second.json().message).toContain('04.12.2026 08:00 МСК');
    const refused = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(
        and(
          eq(crmAudit.action, 'contact_refused'),
          eq(crmAudit.clientId, moscow.borrower.client.id),
        ),
      );
    expect(refused.map((row) => row.details)).toEqual([
      { order_id: String(moscow.order.id), channel: 'call', code: 'CONTACT_LIMIT_REACHED' },
    ]);
    // A message is another limit.
    expect((await contact(moscow, 'sms')).statusCode).toBe(200);

    const detail = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/collections/${moscow.order.id}`,
      headers: await as('collector'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const loan = crmCollectionLoanResponseSchema.parse(detail.json()).data;
    expect(loan.time_zones).toEqual(['Europe/Moscow']);
    expect(loan.contacts.map((item) => item.channel)).toEqual(['sms', 'call']);
    expect(loan.loan.last_contact?.channel).toBe('sms');
    const call = loan.channels.find((channel) => channel.channel === 'call');
    expect(call).toMatchObject({ allowed: false, next_allowed_at: '2026-12-04T05:00:00.000Z' });
  });

  it('the third call in a calendar week is refused; Monday starts afresh', async () => {
    moveTo('2026-12-04T07:00:00Z');
    expect((await contact(moscow, 'call')).statusCode).toBe(200);
    moveTo('2026-12-05T08:00:00Z');
    const third = await contact(moscow, 'call');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toContain('ст. 7 ч. 3 п. 3 «б» 230-ФЗ');
    expect(third.json().message).toContain('07.12.2026 08:00 МСК');
  });

  it('21:59 is allowed and 22:00 refused in Vladivostok; Kaliningrad is in mid-afternoon', async () => {
    // Monday 7 December: 21:59 in Vladivostok (UTC+10) is 11:59 UTC.
    moveTo('2026-12-07T11:59:00Z');
    expect((await contact(vladivostok, 'sms')).statusCode).toBe(200);
    moveTo('2026-12-07T12:00:00Z');
    const late = await contact(vladivostok, 'sms');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'CONTACT_HOURS' });
    expect(late.json().message).toContain('ст. 7 ч. 5 п. 1 230-ФЗ');
    expect(late.json().message).toContain('08.12.2026 08:00 по времени должника');
    expect(late.json().message).toContain('08.12.2026 01:00 МСК');
    expect((await contact(kaliningrad, 'sms')).statusCode).toBe(200);
  });

  it('a refusal of interaction stops every channel; an operator may not log contacts', async () => {
    const filed = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${kaliningrad.order.id}/protections`,
      headers: await as('collector'),
      payload: { kind: 'refusal', from: '2026-12-07', until: null, note: 'Заявление по ст. 8' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const refused = await contact(kaliningrad, 'email');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONTACT_REFUSED_BY_DEBTOR' });
    expect((await contact(kaliningrad, 'call', 'operator')).statusCode).toBe(403);
  });

  it('a repaid or not yet overdue loan is not in collection', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/crm/collections/${notDue.order.id}/contacts`,
      headers: await as('collector'),
      payload: { channel: 'call' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('promises to pay', () => {
  it('a promise is recorded, audited, shown in the queue, and broken once its day passes', async () => {
    const post = async (payload: Record<string, string>) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/crm/collections/${moscow.order.id}/promises`,
        headers: await as('collector'),
        payload,
      });
    const tooMuch = await post({ amount: '1000000', due_on: '2026-12-09' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toContain('Сумма больше долга');
    const made = await post({ amount: '5000', due_on: '2026-12-09' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.promise).toMatchObject({
      amount: '5000.00',
      due_on: '2026-12-09',
      state: 'pending',
      staff_name: 'Иван collector',
    });
    const pending = await queue(`?q=${encodeURIComponent(moscow.contract)}`);
    expect(pending.loans[0]?.promise?.state).toBe('pending');
    const audit = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(eq(crmAudit.action, 'promise_added'));
    expect(audit.map((row) => row.details)).toEqual([
      { order_id: String(moscow.order.id), amount: '5000.00', due_on: '2026-12-09' },
    ]);
  });
});

describe('the days past due move with the clock', () => {
  it('a loan 40 days overdue is in the 31–60 bucket', async () => {
    testApp.clock.advanceBy(36 * DAY_MS + HOUR_MS);
    await currentOrder(testApp, vladivostok);
    const page = await queue('?bucket=31-60');
    const row = page.loans.find((loan) => loan.order_id === vladivostok.order.id);
    expect(row?.days_past_due).toBeGreaterThanOrEqual(31);
    expect(row?.bucket).toBe('31-60');
    const promised = await queue(`?q=${encodeURIComponent(moscow.contract)}`);
    expect(promised.loans[0]?.promise?.state).toBe('broken');
  });

  it('a loan past its due date is overdue before the accrual job marks it', async () => {
    const page = await queue(`?q=${encodeURIComponent(notDue.contract)}`);
    expect(page.loans.map((loan) => loan.order_id)).toEqual([notDue.order.id]);
  });
});
