import {
  crmBureauOverviewResponseSchema,
  historyResponseSchema,
  moscowDate,
  ORDER_STATUS,
} from '@zaymo/contract';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bureauDeals, creditHistoryEvents } from '../../src/db/schema';
import { sandboxBureauEvents } from '../../src/db/sandbox-schema';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { BureauUnavailableError, type CreditBureau } from '../../src/integrations/bureau';
import { formatDate } from '../../src/documents/pdf/format';
import { leaseDueEvents, reportDueEvents } from '../../src/services/credit-history/reporting';
import { fromPayload } from '../../src/services/credit-history/payload';
import { sandboxBureau } from '../helpers/bureau';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { openTestDatabase } from '../helpers/test-database';
import type { OpenDatabase } from '../../src/db';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { requestSignCode } from './orders-helpers';
import {
  currentOrder,
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
  type Loan,
} from './servicing-helpers';

/*
 * The credit history we report (218-FZ art. 5; events of 758-П): every event of a loan's life is
 * queued with the event, and reaches the sandbox bureau exactly once — with one instance, and
 * with two instances sharing the database while one of them dies between sending and recording.
 */

const REPORTING = {
  ...LONG_SESSIONS,
  BUREAU_REPORT_SECONDS: '0',
  METRICS_TOKEN: 'metrics-token-for-tests-0001',
};

/** The whole life of a loan: part payment, prolongation, overdue, full repayment. */
async function liveWholeLoan(testApp: TestApp, loan: Loan): Promise<void> {
  const card = loan.borrower.cardId ?? 0;
  testApp.clock.advanceBy(5 * DAY_MS);
  const part = await pay(testApp, loan.borrower, loan.contract, {
    type: 'part',
    amount: '1000.00',
    card_id: card,
  });
  expect(paid(part).status).toBe('approved');
  testApp.clock.advanceBy(5 * DAY_MS);
  const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 7);
  const prolonged = await pay(
    testApp,
    loan.borrower,
    loan.contract,
    {
      type: 'full',
      prolongation: 7,
      asp_code: code,
      document_agreements: 'prolongation_agreement',
      card_id: card,
    },
    newKey(),
  );
  expect(paid(prolonged).status).toBe('approved');
  testApp.clock.advanceBy(30 * DAY_MS);
  expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.EXPIRED);
  await repayInFull(testApp, loan);
}

async function repayInFull(testApp: TestApp, loan: Loan): Promise<void> {
  const full = await pay(testApp, loan.borrower, loan.contract, {
    type: 'full',
    card_id: loan.borrower.cardId ?? 0,
  });
  expect(paid(full).status).toBe('approved');
  expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.REPAID);
}

async function eventsOf(testApp: TestApp, orderId: number) {
  return testApp.ctx.db
    .select()
    .from(creditHistoryEvents)
    .where(eq(creditHistoryEvents.orderId, orderId))
    .orderBy(asc(creditHistoryEvents.id));
}

async function receivedFor(testApp: TestApp, orderIds: readonly number[]) {
  const deals = await testApp.ctx.db
    .select({ uid: bureauDeals.uid })
    .from(bureauDeals)
    .where(inArray(bureauDeals.orderId, [...orderIds]));
  return testApp.ctx.db
    .select()
    .from(sandboxBureauEvents)
    .where(
      inArray(
        sandboxBureauEvents.dealUid,
        deals.map((deal) => deal.uid),
      ),
    );
}

function metric(text: string, line: string): number | null {
  const found = text.split('\n').find((candidate) => candidate.startsWith(line));
  return found ? Number(found.split(' ').pop()) : null;
}

const LIFE = [
  ['application', '1.1'],
  ['approval', '1.2'],
  ['contract', '1.4'],
  ['payout', '2.2'],
  ['payment', '2.3'],
  ['prolongation', '2.1'],
  ['overdue', '2.3'],
  ['payment', '2.3'],
  ['closure', '2.5'],
];

describe('the credit history of a loan, reported', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: REPORTING });
  });
  afterAll(() => testApp.close());

  const scrape = async () =>
    (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${REPORTING.METRICS_TOKEN}` },
      })
    ).body;

  it('queues every event of its life with the event, and the bureau gets each once', async () => {
    const loan = await givenLoan(testApp);
    await liveWholeLoan(testApp, loan);
    const queued = await eventsOf(testApp, loan.order.id);
    expect(queued.map((event) => [event.kind, event.code])).toEqual(LIFE);
    expect(queued.every((event) => event.acknowledgedAt === null)).toBe(true);
    const closure = fromPayload(queued.at(-1)?.payload ?? {});
    expect(closure.end).toEqual({ date: moscowDate(testApp.clock.now()), code: '1' });
    expect(closure.debt?.debt.total).toBe(0n);

    const before = await scrape();
    expect(metric(before, 'zaymo_credit_history_queue{state="unsent"}')).toBe(LIFE.length);
    expect(metric(before, 'zaymo_credit_history_oldest_unsent_seconds')).toBeGreaterThan(
      30 * 24 * 3600,
    );

    const run = await reportDueEvents(testApp.ctx, sandboxBureau(testApp));
    // One event of a deal per document: the bureau gets the history in order.
    expect(run).toEqual({ documents: LIFE.length, acknowledged: LIFE.length, rejected: 0 });
    expect(await reportDueEvents(testApp.ctx, sandboxBureau(testApp))).toEqual({
      documents: 0,
      acknowledged: 0,
      rejected: 0,
    });
    const sent = await eventsOf(testApp, loan.order.id);
    expect(sent.every((event) => event.acknowledgedAt !== null && event.attempts === 1)).toBe(true);
    const received = await receivedFor(testApp, [loan.order.id]);
    expect(received.map((row) => row.eventId).sort()).toEqual(
      sent.map((event) => event.eventUid).sort(),
    );
    expect(received.every((row) => row.timesReceived === 1)).toBe(true);

    const after = await scrape();
    expect(metric(after, 'zaymo_credit_history_queue{state="unsent"}')).toBe(0);
    expect(metric(after, 'zaymo_credit_history_oldest_unsent_seconds')).toBe(0);
  });

  it('tells the client in the history and the closure certificate once acknowledged', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    await repayInFull(testApp, loan);
    const history = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/clients/history',
        headers: loan.borrower.headers,
      });
      return historyResponseSchema
        .parse(response.json())
        .data.orders.find((order) => order.id === loan.order.id);
    };
    const certificate = async () => {
      const pdf = await testApp.app.inject({
        method: 'GET',
        url: `/api/documents/file/closure_certificate?order_id=${loan.order.id}`,
        headers: loan.borrower.headers,
      });
      return squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    };
    expect((await history())?.closure_reported_on).toBeUndefined();
    expect(await certificate()).not.toContain('бюро кредитных историй');

    testApp.clock.advanceBy(DAY_MS);
    await reportDueEvents(testApp.ctx, sandboxBureau(testApp));
    const today = moscowDate(testApp.clock.now());
    expect((await history())?.closure_reported_on).toBe(today);
    expect(await certificate()).toContain(
      `Сведения о погашении переданы в бюро кредитных историй ${formatDate(today)}.`,
    );
  });

  it('a failing bureau: retried with a growing pause, shown failing on the «БКИ» screen', async () => {
    const loan = await givenLoan(testApp);
    const bureau = sandboxBureau(testApp);
    const failing: CreditBureau = {
      name: bureau.name,
      requestReport: (query) => bureau.requestReport(query),
      submitEvents: () =>
        Promise.reject(
          new BureauUnavailableError('бюро ответило 503', {
            request: '',
            answer: null,
            status: 503,
          }),
        ),
    };
    // Earlier tests' events are all acknowledged: only this loan's first event is due.
    const first = await reportDueEvents(testApp.ctx, failing, 1);
    expect(first).toEqual({ documents: 1, acknowledged: 0, rejected: 1 });
    const [event] = await eventsOf(testApp, loan.order.id);
    expect(event).toMatchObject({ attempts: 1, lastError: 'бюро ответило 503', leasedUntil: null });
    const pause = (event?.nextAttemptAt.getTime() ?? 0) - testApp.clock.now().getTime();
    expect(pause).toBeGreaterThan(50_000);
    expect(pause).toBeLessThanOrEqual(60_000);
    // Not due again before the pause is over; the second pause is twice as long.
    expect((await reportDueEvents(testApp.ctx, failing)).documents).toBe(0);
    testApp.clock.advanceBy(61_000);
    await reportDueEvents(testApp.ctx, failing, 1);
    const [again] = await eventsOf(testApp, loan.order.id);
    const second = (again?.nextAttemptAt.getTime() ?? 0) - testApp.clock.now().getTime();
    expect(second).toBeGreaterThan(110_000);

    const risk = await createStaffMember(testApp, 'risk');
    const screen = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/bureau',
      headers: await staffHeaders(testApp, risk.row.id),
    });
    expect(screen.statusCode, screen.body).toBe(200);
    const overview = crmBureauOverviewResponseSchema.parse(screen.json()).data;
    expect(overview.bureau).toBe('Песочница НБКИ');
    expect(overview.summary.failing).toBe(1);
    expect(overview.attention).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order_id: loan.order.id, status: 'failing', code: '1.1' }),
      ]),
    );
    const acknowledged = overview.recent.filter((item) => item.status === 'acknowledged');
    expect(acknowledged.length).toBeGreaterThanOrEqual(LIFE.length);

    testApp.clock.advanceBy(3 * 60_000);
    await reportDueEvents(testApp.ctx, sandboxBureau(testApp));
    const unsent = await testApp.ctx.db
      .select()
      .from(creditHistoryEvents)
      .where(isNull(creditHistoryEvents.acknowledgedAt));
    expect(unsent).toEqual([]);
  });
});

describe('a document the bureau accepts in part', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: REPORTING });
  });
  afterAll(() => testApp.close());

  it('acknowledges what it took; each refused event waits for its retry with its own reason', async () => {
    const loans = [await givenLoan(testApp), await givenLoan(testApp), await givenLoan(testApp)];
    const bureau = sandboxBureau(testApp);
    const refusedOf = new Map([
      [loans[0]?.order.id, 'E200 Неверный УИд сделки'],
      [loans[2]?.order.id, 'E100 Нет идентификатора события'],
    ]);
    const partial: CreditBureau = {
      name: bureau.name,
      requestReport: (query) => bureau.requestReport(query),
      submitEvents: async (events, documentNumber) => {
        const answer = await bureau.submitEvents(events, documentNumber);
        const refusedIds = new Map<string, string>();
        for (const loan of loans) {
          const [first] = await eventsOf(testApp, loan.order.id);
          const reason = refusedOf.get(loan.order.id);
          if (first && reason) refusedIds.set(first.eventUid, reason);
        }
        const errors = events.flatMap((event) => {
          const reason = refusedIds.get(event.id);
          if (!reason) return [];
          const [code = '', ...text] = reason.split(' ');
          return [{ eventId: event.id, code, text: text.join(' ') }];
        });
        return { ...answer, receipt: { ...answer.receipt, status: 'partial', errors } };
      },
    };
    const run = await reportDueEvents(testApp.ctx, partial, 1);
    expect(run).toMatchObject({ documents: 1, rejected: 2 });
    for (const loan of loans) {
      const [first] = await eventsOf(testApp, loan.order.id);
      const reason = refusedOf.get(loan.order.id);
      if (!reason) {
        expect(first?.acknowledgedAt).not.toBeNull();
        continue;
      }
      expect(first).toMatchObject({ acknowledgedAt: null, lastError: reason, leasedUntil: null });
      const pause = (first?.nextAttemptAt.getTime() ?? 0) - testApp.clock.now().getTime();
      expect(pause).toBeGreaterThan(50_000);
      expect(pause).toBeLessThanOrEqual(60_000);
    }
  });
});

describe('two instances and one dying between sending and recording', () => {
  let shared: OpenDatabase;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    shared = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shared.close();
  });

  async function instance(): Promise<TestApp> {
    const database = shared;
    const app = await createTestApp({
      env: REPORTING,
      // The apps share the database; only this test closes it.
      database: { ...database, close: async () => undefined },
    });
    apps.push(app);
    return app;
  }

  it('every event reaches the bureau once, the resent ones counted once', async () => {
    const first = await instance();
    const loans: Loan[] = [];
    for (let index = 0; index < 3; index += 1) {
      const loan = await givenLoan(first);
      first.clock.advanceBy(2 * DAY_MS);
      await repayInFull(first, loan);
      loans.push(loan);
    }
    const orderIds = loans.map((loan) => loan.order.id);
    const all = async () =>
      first.ctx.db
        .select()
        .from(creditHistoryEvents)
        .where(inArray(creditHistoryEvents.orderId, orderIds));
    const total = (await all()).length;
    expect(total).toBe(3 * 6);

    // The first instance takes a batch, the bureau gets it, and the instance dies there.
    const lease = await leaseDueEvents(first.ctx);
    if (!lease) throw new Error('nothing leased');
    expect(lease.rows).toHaveLength(3);
    const lost = await sandboxBureau(first).submitEvents(
      lease.rows.map((row) => fromPayload(row.payload)),
      lease.documentNumber,
    );
    expect(lost.receipt.status).toBe('accepted');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // The other instance and the restarted one work the queue at once, past the lease.
    const second = await instance();
    const restarted = await instance();
    for (const app of [second, restarted]) app.clock.advanceBy(first.clock.offset + 10 * 60_000);
    for (let round = 0; round < 20; round += 1) {
      await Promise.all(
        [second, restarted].map((app) => reportDueEvents(app.ctx, sandboxBureau(app))),
      );
      if ((await all()).every((event) => event.acknowledgedAt !== null)) break;
    }
    const events = await all();
    expect(events.filter((event) => event.acknowledgedAt === null)).toEqual([]);

    const received = await receivedFor(second, orderIds);
    expect(received.map((row) => row.eventId).sort()).toEqual(
      events.map((event) => event.eventUid).sort(),
    );
    const resent = new Set(lease.rows.map((row) => row.eventUid));
    for (const row of received) {
      expect(row.timesReceived, row.code).toBe(resent.has(row.eventId) ? 2 : 1);
    }
    // Each deal's events reached the bureau in their order.
    for (const orderId of orderIds) {
      const ofDeal = events
        .filter((event) => event.orderId === orderId)
        .sort((a, b) => a.id - b.id);
      expect(ofDeal.map((event) => event.code)).toEqual(['1.1', '1.2', '1.4', '2.2', '2.3', '2.5']);
    }
  });
});
