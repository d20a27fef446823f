import type { ReminderKind } from '@zaymo/contract';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionContacts, loanReminders, outboxMessages } from '../../src/db/schema';
import { sendDueReminders } from '../../src/services/notifications/reminders';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * The automatic messages decided a claimed batch at a time keep the 230-FZ art. 7 limits exactly
 * as one message at a time did: a debtor's second message in the same batch meets the first,
 * and two instances sending at once never pass a debtor's limit between them.
 */

/** Monday 2 November 2026, 09:00 Moscow: loans of 30 days fall due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');
/** Thursday 3 December 2026, 12:00 Moscow: the first day past due. */
const FIRST_DAY_PAST_DUE = new Date('2026-12-03T09:00:00Z');
const DUE_DATE = '2026-12-02';

let testApp: TestApp;
let loan: Loan;
const loans: Loan[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  loan = await givenLoan(testApp);
  for (let n = 0; n < 4; n += 1) loans.push(await givenLoan(testApp));
  testApp.clock.advanceBy(FIRST_DAY_PAST_DUE.getTime() - testApp.clock.now().getTime());
});
afterAll(() => testApp.close());

/** Pending overdue messages of a loan, due now (as the planner would have made them). */
async function pendingMessages(loan: Loan, kinds: readonly [ReminderKind, number][]) {
  const now = testApp.clock.now();
  await testApp.ctx.db.insert(loanReminders).values(
    kinds.map(([kind, day]) => ({
      orderId: loan.order.id,
      clientId: loan.borrower.client.id,
      kind,
      dueDate: DUE_DATE,
      day,
      lastDay: '2026-12-20',
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

const rowsOf = (loan: Loan) =>
  testApp.ctx.db
    .select()
    .from(loanReminders)
    .where(eq(loanReminders.orderId, loan.order.id))
    .orderBy(loanReminders.id);

/** The contacts the job recorded (from the first day past due on). */
const automaticContactsOf = (loans: readonly Loan[]) =>
  testApp.ctx.db
    .select()
    .from(collectionContacts)
    .where(
      and(
        inArray(
          collectionContacts.orderId,
          loans.map((loan) => loan.order.id),
        ),
        isNull(collectionContacts.staffId),
        gte(collectionContacts.at, FIRST_DAY_PAST_DUE),
      ),
    );

describe('a batch with two messages of one debtor', () => {
  beforeAll(async () => {
    // Three messages this week (Monday to Wednesday): the week allows one more (four).
    for (const day of ['2026-11-30', '2026-12-01', '2026-12-02']) {
      await testApp.ctx.db.insert(collectionContacts).values({
        clientId: loan.borrower.client.id,
        orderId: loan.order.id,
        channel: 'sms',
        staffId: null,
        note: 'Напоминание взыскателя',
        at: new Date(`${day}T09:00:00Z`),
      });
    }
    await pendingMessages(loan, [
      ['overdue_notice', 1],
      ['dunning', 1],
    ]);
  });

  it('sends the fourth message of the week and refuses the fifth, as one by one', async () => {
    const run = await sendDueReminders(testApp.ctx, testApp.app.log);
    expect(run).toMatchObject({ sent: 1 });
    const [first, second] = await rowsOf(loan);
    expect(first).toMatchObject({ kind: 'overdue_notice', state: 'sent', attempts: 1 });
    expect(second).toMatchObject({
      kind: 'dunning',
      refusalCode: 'CONTACT_LIMIT_REACHED',
      refusalLaw: 'ст. 7 ч. 5 п. 2 «б» 230-ФЗ',
      attempts: 1,
    });
    expect(second?.state).not.toBe('sent');
    expect(await automaticContactsOf([loan])).toHaveLength(1);
  });
});

describe('two instances sending at once', () => {
  beforeAll(async () => {
    // Three messages a debtor, where the day allows two (art. 7 part 5 item 2 «а»).
    for (const loan of loans) {
      await pendingMessages(loan, [
        ['overdue_notice', 1],
        ['dunning', 1],
        ['dunning', 2],
      ]);
    }
  });

  it('never pass a debtor’s limit between them, and send no message twice', async () => {
    // Batches of two: each debtor's messages fall into both instances' batches.
    const runs = await Promise.all([
      sendDueReminders(testApp.ctx, testApp.app.log, 2),
      sendDueReminders(testApp.ctx, testApp.app.log, 2),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2 * loans.length);
    for (const loan of loans) {
      const rows = await rowsOf(loan);
      expect(rows.filter((row) => row.state === 'sent')).toHaveLength(2);
      const refused = rows.filter((row) => row.state !== 'sent');
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({
        state: 'pending',
        refusalCode: 'CONTACT_LIMIT_REACHED',
        refusalLaw: 'ст. 7 ч. 5 п. 2 «а» 230-ФЗ',
      });
      const sms = await testApp.ctx.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, loan.borrower.client.phone));
      expect(sms.filter((message) => message.body.includes('просроч'))).toHaveLength(2);
    }
    expect(await automaticContactsOf(loans)).toHaveLength(2 * loans.length);
  });
});
