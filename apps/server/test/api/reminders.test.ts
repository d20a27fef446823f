import {
  crmLoanRemindersResponseSchema,
  outboxResponseSchema,
  type StaffRole,
} from '@zaymo/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionContacts, collectionProtections, loanReminders } from '../../src/db/schema';
import { runReminders } from '../../src/services/notifications/reminders';
import { ServicingJobs } from '../../src/services/servicing/jobs';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * The automatic messages on a real database: the sandbox clock moves over a loan's due date and
 * the servicing job sends the reminders and the overdue notice once, inside the 230-FZ limits
 * the collectors' contacts share, and logs what it refused.
 */

/** Monday 2 November 2026, 09:00 Moscow: loans of 30 days fall due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');
const HOUR_MS = 60 * 60_000;

let testApp: TestApp;
let jobs: ServicingJobs;
let collectorId: number;
let paying: Loan;
let refused: Loan;
let busy: Loan;

/** Moves the sandbox clock through its route, as a tester does. */
async function moveClock(days: number, minutes = 0) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    payload: { days, minutes },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function outbox(loan: Loan) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?recipient=${encodeURIComponent(loan.borrower.client.phone)}&limit=50`,
  });
  return outboxResponseSchema
    .parse(response.json())
    .data.filter((message) => message.body.includes(loan.contract));
}

async function reminderLog(loan: Loan, role: StaffRole = 'collector') {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/crm/collections/${loan.order.id}/reminders`,
    headers: await staffHeaders(testApp, collectorId),
  });
  expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
  return crmLoanRemindersResponseSchema.parse(response.json()).data.reminders;
}

const automaticContacts = (loan: Loan) =>
  testApp.ctx.db
    .select()
    .from(collectionContacts)
    .where(and(eq(collectionContacts.orderId, loan.order.id), isNull(collectionContacts.staffId)));

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  jobs = new ServicingJobs(testApp.ctx, null, testApp.app.log);
  collectorId = (await createStaffMember(testApp, 'collector')).row.id;
  paying = await givenLoan(testApp);
  refused = await givenLoan(testApp);
  busy = await givenLoan(testApp);
});
afterAll(() => testApp.close());

describe('reminders before the due date', () => {
  it('nothing is sent four days ahead', async () => {
    // Saturday 28 November, 12:00 Moscow.
    await moveClock(26, 3 * 60);
    await jobs.tick();
    expect(await outbox(paying)).toEqual([]);
  });

  it('3 days ahead: an SMS with the sum due on the due date, once for two instances', async () => {
    await moveClock(1);
    // Two instances' jobs at once, then a repeated run.
    await Promise.all([
      runReminders(testApp.ctx, testApp.app.log),
      runReminders(testApp.ctx, testApp.app.log),
    ]);
    await jobs.tick();
    const sent = await outbox(paying);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe(
      `Займо: по договору ${paying.contract} платёж до 02.12.2026 включительно — ` +
        '12\u00a0400\u00a0₽. Оплатить можно в личном кабинете.',
    );
    const rows = await testApp.ctx.db
      .select()
      .from(loanReminders)
      .where(eq(loanReminders.orderId, paying.order.id));
    expect(rows.map((row) => [row.kind, row.day, row.state])).toEqual([['before_due', 3, 'sent']]);
    // Not interaction about an overdue debt: it is no contact the 230-FZ limits count.
    expect(await automaticContacts(paying)).toEqual([]);
  });

  it('1 day ahead: the second reminder', async () => {
    // Tuesday 1 December, 12:00.
    await moveClock(2);
    await jobs.tick();
    expect(await outbox(paying)).toHaveLength(2);
  });
});

describe('past the due date', () => {
  beforeAll(async () => {
    await testApp.ctx.db.insert(collectionProtections).values({
      clientId: refused.borrower.client.id,
      kind: 'refusal',
      fromDate: '2026-12-02',
      untilDate: null,
      note: 'Заявление об отказе от взаимодействия',
      staffId: null,
      createdAt: testApp.clock.now(),
    });
    // Thursday 3 December, 10:00: two messages to `busy` already today (the day's limit).
    testApp.clock.advanceBy(2 * DAY_MS - 2 * HOUR_MS);
    for (const minutes of [0, 30]) {
      await testApp.ctx.db.insert(collectionContacts).values({
        clientId: busy.borrower.client.id,
        orderId: busy.order.id,
        channel: 'sms',
        staffId: collectorId,
        note: 'Напоминание взыскателя',
        at: new Date(testApp.clock.now().getTime() + minutes * 60_000),
      });
    }
    // 12:00: the job runs on the first day past due.
    testApp.clock.advanceBy(2 * HOUR_MS);
    await jobs.tick();
  });

  it('the overdue notice goes within the first day past due and counts as a contact', async () => {
    const notices = (await outbox(paying)).filter((message) => message.body.includes('просрочен'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toMatch(
      new RegExp(`^Займо: платёж по договору ${paying.contract} просрочен с 02\\.12\\.2026\\.`),
    );
    expect(notices[0]?.body).toContain('Уведомление бесплатное.');
    expect(await automaticContacts(paying)).toHaveLength(1);
    const log = await reminderLog(paying);
    expect(log.map((row) => [row.kind, row.state])).toEqual([
      ['overdue_notice', 'sent'],
      ['before_due', 'sent'],
      ['before_due', 'sent'],
    ]);
  });

  it('a client who refused interaction gets no overdue message, and the log says why', async () => {
    expect((await outbox(refused)).filter((m) => m.body.includes('просрочен'))).toEqual([]);
    const [notice] = await reminderLog(refused);
    expect(notice).toMatchObject({
      kind: 'overdue_notice',
      state: 'dropped',
      refusal: { code: 'CONTACT_REFUSED_BY_DEBTOR', law: 'ст. 8 ч. 1 п. 2 230-ФЗ' },
    });
    expect(await automaticContacts(refused)).toEqual([]);
  });

  it('the limits refuse a third message in a day, log it and send it the next morning', async () => {
    const [waiting] = await reminderLog(busy);
    expect(waiting).toMatchObject({
      kind: 'overdue_notice',
      state: 'waiting',
      // Friday 4 December, 08:00 Moscow.
      next_attempt_at: '2026-12-04T05:00:00.000Z',
      refusal: { code: 'CONTACT_LIMIT_REACHED', law: 'ст. 7 ч. 5 п. 2 «а» 230-ФЗ' },
    });
    expect((await outbox(busy)).filter((m) => m.body.includes('просрочен'))).toEqual([]);

    await jobs.tick();
    expect((await reminderLog(busy))[0]?.attempts).toBe(1);

    // Friday 4 December, 08:30.
    testApp.clock.advanceBy(20 * HOUR_MS + 30 * 60_000);
    await jobs.tick();
    const [sent] = await reminderLog(busy);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2 });
    expect(sent?.refusal?.code).toBe('CONTACT_LIMIT_REACHED');
    expect((await outbox(busy)).filter((m) => m.body.includes('просрочен'))).toHaveLength(1);
  });

  it('a collector’s SMS after the automatic ones meets the same budget', async () => {
    // `busy` got the notice today (Friday): one more message is allowed, a third is not.
    const headers = await staffHeaders(testApp, collectorId);
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/crm/collections/${busy.order.id}/contacts`,
        headers,
        payload: { channel: 'sms', note: 'Напомнил о долге' },
      });
    expect((await send()).statusCode).toBe(200);
    const third = await send();
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'CONTACT_LIMIT_REACHED' });
  });
});
