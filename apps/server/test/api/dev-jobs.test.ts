import { devJobsResponseSchema, outboxResponseSchema } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

/*
 * POST /api/dev/jobs: a tester who moved the sandbox clock runs the day's jobs at once instead of
 * waiting for their minute (here they have no minute: ACCRUAL_SECONDS=0).
 */

/** Monday 2 November 2026, 09:00 Moscow: a loan of 30 days falls due on Wednesday 2 December. */
const START = new Date('2026-11-02T06:00:00Z');

let testApp: TestApp;
let loan: Loan;

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  loan = await givenLoan(testApp);
});
afterAll(() => testApp.close());

async function remindersSent(): Promise<string[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?recipient=${encodeURIComponent(loan.borrower.client.phone)}&limit=50`,
  });
  return outboxResponseSchema
    .parse(response.json())
    .data.map((message) => message.body)
    .filter((body) => body.includes(`по договору ${loan.contract} платёж до`));
}

describe('POST /api/dev/jobs', () => {
  it('sends the reminder due at the moved clock before it answers', async () => {
    // Sunday 29 November, 12:00 Moscow: three days before the due date.
    const moved = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days: 27, minutes: 3 * 60 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await remindersSent()).toEqual([]);

    const run = await testApp.app.inject({ method: 'POST', url: '/api/dev/jobs' });

    expect(run.statusCode, run.body).toBe(200);
    const { jobs } = devJobsResponseSchema.parse(run.json()).data;
    expect(jobs.find((job) => job.job === 'reminders')?.items).toBe(1);
    expect(await remindersSent()).toHaveLength(1);
  });
});
