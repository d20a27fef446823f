import {
  creditHolidayResponseSchema,
  creditHolidaysResponseSchema,
  crmCreditHolidayResponseSchema,
  crmCreditHolidaysResponseSchema,
  loanpayLookupResponseSchema,
  moscowDate,
  ORDER_STATUS,
  type StaffRole,
} from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectionProtections,
  crmAudit,
  loanLedger,
  outboxMessages,
  sentMessages,
} from '../../src/db/schema';
import { formatDate } from '../../src/documents/pdf/format';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import type { FormPart } from './files-upload';
import { currentOrder, DAY_MS, givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';
import { file, postForm, SMALL_PDF } from './tickets-helpers';

/*
 * Credit holidays on a real database (353-FZ art. 6.1-1, 377-FZ): the client asks with a
 * document, a risk specialist decides, and the approved holiday moves the due date, stops the
 * penalty and collections, and issues the notice.
 */

/** Monday 2 November 2026, 09:00 Moscow: a loan of 30 days falls due on 2 December. */
const START = new Date('2026-11-02T06:00:00Z');

let testApp: TestApp;
const staffIds: Partial<Record<StaffRole, number>> = {};

async function as(role: StaffRole) {
  const id = staffIds[role];
  if (id === undefined) throw new Error(`no ${role}`);
  return staffHeaders(testApp, id);
}

function fields(loan: Loan, overrides: Record<string, string> = {}): FormPart[] {
  const values = {
    order_id: String(loan.order.id),
    ground: 'income_drop',
    start_date: '2026-11-02',
    months: '2',
    ...overrides,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

function ask(loan: Loan, overrides: Record<string, string> = {}, files = [doc()]) {
  const parts = [...fields(loan, overrides), ...files];
  return postForm(testApp, '/api/credit-holidays', loan.borrower.headers, parts);
}

function doc() {
  return { ...file('справка-о-доходах.pdf', SMALL_PDF), name: 'documents' };
}

async function asked(loan: Loan, overrides: Record<string, string> = {}) {
  const response = await ask(loan, overrides);
  expect(response.statusCode, response.body).toBe(200);
  return creditHolidayResponseSchema.parse(response.json()).data.request;
}

function decide(id: number, headers: Record<string, string>, decision: 'approve' | 'refuse') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/crm/credit-holidays/${id}/decide`,
    headers,
    payload: {
      decision,
      reason: decision === 'approve' ? 'Справка 2-НДФЛ подтверждает' : 'Нет справки',
    },
  });
}

async function holidaysOf(loan: Loan) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/credit-holidays',
    headers: loan.borrower.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return creditHolidaysResponseSchema.parse(response.json()).data;
}

async function chargesOfKind(loan: Loan, kind: 'interest' | 'penalty') {
  return testApp.ctx.db
    .select()
    .from(loanLedger)
    .where(and(eq(loanLedger.orderId, loan.order.id), eq(loanLedger.kind, kind)));
}

beforeAll(async () => {
  testApp = await createTestApp({ env: LONG_SESSIONS, startAt: START });
  for (const role of ['operator', 'collector', 'risk'] as const) {
    staffIds[role] = (await createStaffMember(testApp, role, { name: `Анна ${role}` })).row.id;
  }
});

afterAll(async () => {
  await testApp.close();
});

describe('a credit holiday request', () => {
  it('is recorded with its document and shown to the client as pending', async () => {
    const loan = await givenLoan(testApp);
    const request = await asked(loan);
    expect(request).toMatchObject({
      status: 'pending',
      ground: 'income_drop',
      start_date: '2026-11-02',
      until_date: '2027-01-01',
      due_date_before: '2026-12-02',
      due_date_after: null,
      notice_link: null,
      // Five working days after Monday 2 November; 4 November is a public holiday.
      decide_by: '2026-11-10',
    });
    expect(request.documents.map((document) => document.name)).toEqual(['справка-о-доходах.pdf']);
    const seen = await holidaysOf(loan);
    expect(seen.requests.map((item) => item.id)).toEqual([request.id]);
    expect(seen.loans.map((item) => item.order_id)).toEqual([loan.order.id]);
  });

  it('refuses a second request on the same loan with its own code', async () => {
    const loan = await givenLoan(testApp);
    await asked(loan);
    const second = await ask(loan, { ground: 'service' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_ALREADY_REQUESTED' });
  });

  it('refuses an income-drop holiday longer than 6 months, one without documents, one in the past', async () => {
    const loan = await givenLoan(testApp);
    const long = await ask(loan, { months: '7' });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_TOO_LONG' });
    const bare = await ask(loan, {}, []);
    expect(bare.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_NO_DOCUMENTS' });
    const past = await ask(loan, { start_date: '2026-11-01' });
    expect(past.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_START_IN_PAST' });
    const service = await ask(loan, { ground: 'service', months: '7' });
    expect(service.statusCode, service.body).toBe(200);
  });

  it('refuses a loan over the income-drop limit', async () => {
    const small = await createTestApp({
      env: { ...LONG_SESSIONS, CREDIT_HOLIDAY_INCOME_MAX_RUB: '1000' },
      startAt: START,
    });
    try {
      const loan = await givenLoan(small);
      const parts = [...fields(loan), doc()];
      const response = await postForm(small, '/api/credit-holidays', loan.borrower.headers, parts);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_LOAN_OVER_LIMIT' });
    } finally {
      await small.close();
    }
  });
});

describe('the decision', () => {
  it('an operator and a collector cannot decide; a risk specialist refuses with a reason', async () => {
    const loan = await givenLoan(testApp);
    const request = await asked(loan);
    for (const role of ['operator', 'collector'] as const) {
      const denied = await decide(request.id, await as(role), 'approve');
      expect(denied.statusCode).toBe(403);
    }
    const refused = await decide(request.id, await as('risk'), 'refuse');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(crmCreditHolidayResponseSchema.parse(refused.json()).data.request).toMatchObject({
      status: 'refused',
      reason: 'Нет справки',
      decided_by: 'Анна risk',
    });
    const again = await decide(request.id, await as('risk'), 'approve');
    expect(again.json()).toMatchObject({ code: 'CREDIT_HOLIDAY_ALREADY_DECIDED' });
    const audit = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(eq(crmAudit.action, 'credit_holiday_refused'));
    expect(audit.some((row) => row.details.request_id === String(request.id))).toBe(true);
  });

  it('an approval moves the due date, stops the penalty and collections, and issues the notice', async () => {
    const loan = await givenLoan(testApp);
    const request = await asked(loan, { start_date: '2026-11-10', months: '1' });
    const queue = await testApp.app.inject({
      method: 'GET',
      url: '/api/crm/credit-holidays',
      headers: await as('risk'),
    });
    const pending = crmCreditHolidaysResponseSchema.parse(queue.json()).data.requests;
    expect(pending.some((item) => item.id === request.id)).toBe(true);

    const approved = await decide(request.id, await as('risk'), 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const view = crmCreditHolidayResponseSchema.parse(approved.json()).data.request;
    // 10.11–09.12: 30 days; 02.12 + 30 days.
    expect(view).toMatchObject({ status: 'approved', due_date_after: '2027-01-01' });
    expect(view.notice_link).toBe(`documents/file/credit_holiday_notice?order_id=${loan.order.id}`);
    // 10 000 ₽ × 0.8 % × 60 days from 03.11 to 01.01.
    expect(view.due_on_new_date).toBe('14800.00');

    const protections = await testApp.ctx.db
      .select()
      .from(collectionProtections)
      .where(eq(collectionProtections.clientId, loan.borrower.client.id));
    expect(protections).toMatchObject([
      { kind: 'credit_holidays', fromDate: '2026-11-10', untilDate: '2026-12-09' },
    ]);

    // The old due date passes without an overdue or a penalty.
    testApp.clock.advanceBy(35 * DAY_MS);
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.GIVEN);
    expect(await chargesOfKind(loan, 'penalty')).toEqual([]);
    // The penalty starts the day after the new due date.
    testApp.clock.advanceBy(30 * DAY_MS);
    await currentOrder(testApp, loan);
    const penalties = await chargesOfKind(loan, 'penalty');
    expect(penalties.map((row) => row.entryDate).sort()[0]).toBe('2027-01-02');

    const notice = await testApp.app.inject({
      method: 'GET',
      url: `/api/${view.notice_link}`,
      headers: loan.borrower.headers,
    });
    expect(notice.statusCode).toBe(200);
    expect(notice.headers['content-type']).toContain('application/pdf');
  });

  it('an approval after the start reverses the penalty booked for the holiday’s days', async () => {
    const loan = await givenLoan(testApp);
    const now = testApp.clock.now();
    const today = new Date(now.getTime() + 3 * 60 * 60_000).toISOString().slice(0, 10);
    const request = await asked(loan, { start_date: today, months: '2' });
    // The loan goes overdue before the specialist decides.
    testApp.clock.advanceBy(35 * DAY_MS);
    await currentOrder(testApp, loan);
    expect((await chargesOfKind(loan, 'penalty')).length).toBeGreaterThan(0);
    const approved = await decide(request.id, await as('risk'), 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const reversals = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(and(eq(loanLedger.orderId, loan.order.id), eq(loanLedger.kind, 'reversal')));
    const penalties = await chargesOfKind(loan, 'penalty');
    expect(reversals.map((row) => row.reverses).sort()).toEqual(
      penalties.map((row) => row.entryKey).sort(),
    );
    const order = await currentOrder(testApp, loan);
    expect(order.status_id).toBe(ORDER_STATUS.GIVEN);
  });

  it('a 377-FZ holiday charges its lower rate on its days and the contract’s after them', async () => {
    const lower = await createTestApp({ env: LOWER_RATE, startAt: START });
    try {
      const loan = await serviceHoliday(lower);
      lower.clock.advanceBy(40 * DAY_MS);
      await currentOrder(lower, loan);
      const interest = await lower.ctx.db
        .select()
        .from(loanLedger)
        .where(and(eq(loanLedger.orderId, loan.order.id), eq(loanLedger.kind, 'interest')));
      const on = (date: string) => interest.find((row) => row.entryDate === date)?.amount;
      // 10 000 ₽: 80 ₽ a day at the contract's 0.8 %, 50 ₽ on the holiday's days at 0.5 %.
      expect(on('2026-11-09')).toBe(8_000n);
      expect(on('2026-11-10')).toBe(5_000n);
      expect(on('2026-12-09')).toBe(5_000n);
      expect(on('2026-12-10')).toBe(8_000n);
    } finally {
      await lower.close();
    }
  });

  it('the statement, the card and the quote count the holiday’s days the job has not booked yet', async () => {
    const lower = await createTestApp({ env: LOWER_RATE, startAt: START });
    try {
      const loan = await serviceHoliday(lower);
      // 17.11, nothing booked since the payout: 7 days at 80 ₽ and 8 holiday days at 50 ₽
      // (11 200 ₽ at the contract's rate).
      lower.clock.advanceBy(15 * DAY_MS);
      const today = moscowDate(lower.clock.now());
      const statement = await lower.app.inject({
        url: `/api/documents/file/loan_statement?order_id=${loan.order.id}&month=${today.slice(0, 7)}`,
        headers: loan.borrower.headers,
      });
      expect(statement.statusCode, statement.body.slice(0, 200)).toBe(200);
      const text = squeeze(pdfText(writeTempPdf(statement.rawPayload)));
      expect(text).toContain(`Задолженность на ${formatDate(today)}, всего 10 960 ₽`);
      // To 01.01 also 22 more holiday days at 50 ₽ and 23 at 80 ₽ (14 800 ₽ at the contract's).
      expect(text).toContain(`Без платежей к ${formatDate('2027-01-01')} 13 900 ₽`);

      const quote = await lower.app.inject({
        method: 'POST',
        url: '/api/loanpay/lookup',
        remoteAddress: '198.51.100.17',
        payload: { contract_number: loan.contract, birth_date: '1990-02-14' },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(loanpayLookupResponseSchema.parse(quote.json()).data.balance.total).toBe('10960.00');

      const card = await currentOrder(lower, loan);
      expect(card.balance).toMatchObject({ total: '10960.00', due_date_total: '13900.00' });
      // What the job books by the new due date is what the card promised.
      lower.clock.advanceBy(45 * DAY_MS);
      expect((await currentOrder(lower, loan)).balance?.total).toBe('13900.00');
    } finally {
      await lower.close();
    }
  });
});

describe('the term to decide and the client told of the decision', () => {
  let app: TestApp;
  const staff: Partial<Record<StaffRole, number>> = {};
  beforeAll(async () => {
    app = await createTestApp({ env: LONG_SESSIONS, startAt: START });
    for (const role of ['operator', 'risk'] as const) {
      staff[role] = (await createStaffMember(app, role)).row.id;
    }
  });
  afterAll(() => app.close());

  /** Signed in now: a console session does not outlive the days the clock moves. */
  const signedIn = (role: StaffRole) => staffHeaders(app, staff[role] ?? 0);

  async function askIn(loan: Loan) {
    const parts = [...fields(loan, { start_date: '2026-11-20', months: '1' }), doc()];
    const response = await postForm(app, '/api/credit-holidays', loan.borrower.headers, parts);
    expect(response.statusCode, response.body).toBe(200);
    return creditHolidayResponseSchema.parse(response.json()).data.request;
  }

  async function queued(id: number) {
    const answer = await app.app.inject({
      method: 'GET',
      url: '/api/crm/credit-holidays?status=pending',
      headers: await signedIn('risk'),
    });
    const { requests } = crmCreditHolidaysResponseSchema.parse(answer.json()).data;
    return requests.find((item) => item.id === id);
  }

  async function decideIn(id: number, decision: 'approve' | 'refuse', reason: string) {
    return app.app.inject({
      method: 'POST',
      url: `/api/crm/credit-holidays/${id}/decide`,
      headers: await signedIn('risk'),
      payload: { decision, reason },
    });
  }

  async function smsTo(phone: string) {
    const outbox = await app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone));
    return outbox.map((row) => row.body).filter((body) => body.includes('каникул'));
  }

  it('marks a request still pending after its fifth working day as overdue', async () => {
    const loan = await givenLoan(app);
    const request = await askIn(loan);
    expect(request.decide_by).toBe('2026-11-10');
    expect(await queued(request.id)).toMatchObject({
      decide_by: '2026-11-10',
      decision_overdue: false,
    });
    // Tuesday 10 November, 23:00 Moscow: the last day still.
    app.clock.advanceBy(8 * DAY_MS + 14 * 60 * 60_000);
    expect((await queued(request.id))?.decision_overdue).toBe(false);
    app.clock.advanceBy(60 * 60_000);
    expect((await queued(request.id))?.decision_overdue).toBe(true);

    const refused = await decideIn(request.id, 'refuse', 'Справка не подтверждает снижение');
    const view = crmCreditHolidayResponseSchema.parse(refused.json()).data.request;
    expect(view.decision_overdue).toBe(false);
    expect(await smsTo(loan.borrower.client.phone)).toEqual([
      `Займо: в кредитных каникулах по договору № ${view.contract_number} отказано. ` +
        'Причина — в личном кабинете.',
    ]);
    const cabinet = await app.app.inject({
      method: 'GET',
      url: '/api/credit-holidays',
      headers: loan.borrower.headers,
    });
    const [seen] = creditHolidaysResponseSchema.parse(cabinet.json()).data.requests;
    expect(seen).toMatchObject({ status: 'refused', reason: 'Справка не подтверждает снижение' });
  });

  it('an approval is sent by SMS, logged, and shown on the console’s client card', async () => {
    const loan = await givenLoan(app);
    const request = await askIn(loan);
    const approved = await decideIn(request.id, 'approve', 'Справка подтверждает');
    expect(approved.statusCode, approved.body).toBe(200);
    const view = crmCreditHolidayResponseSchema.parse(approved.json()).data.request;
    const text =
      `Займо: кредитные каникулы по договору № ${view.contract_number} одобрены с 20.11.2026 ` +
      `по 19.12.2026. Новая дата платежа ${view.due_date_after?.split('-').reverse().join('.')}. ` +
      'Подробности в личном кабинете.';
    expect(await smsTo(loan.borrower.client.phone)).toEqual([text]);
    const logged = await app.ctx.db
      .select()
      .from(sentMessages)
      .where(eq(sentMessages.recipient, loan.borrower.client.phone));
    expect(logged.map((row) => row.text)).toContain(text);

    const card = await app.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${loan.borrower.client.id}/credit-holidays`,
      headers: await signedIn('operator'),
    });
    expect(card.statusCode, card.body).toBe(200);
    const listed = crmCreditHolidaysResponseSchema.parse(card.json()).data.requests;
    expect(listed.map((item) => [item.id, item.status, item.until_date])).toEqual([
      [request.id, 'approved', '2026-12-19'],
    ]);
  });

  it('the client card lists no pending or refused request', async () => {
    const loan = await givenLoan(app);
    await askIn(loan);
    const card = await app.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${loan.borrower.client.id}/credit-holidays`,
      headers: await signedIn('operator'),
    });
    expect(crmCreditHolidaysResponseSchema.parse(card.json()).data.requests).toEqual([]);
  });
});
const LOWER_RATE = { ...LONG_SESSIONS, CREDIT_HOLIDAY_SERVICE_DAY_PERCENT: '0.5' };

/** A loan of 10 000 ₽ at 0.8 % with an approved 377-FZ holiday 10.11–09.12 at 0.5 % a day. */
async function serviceHoliday(app: TestApp): Promise<Loan> {
  const risk = await createStaffMember(app, 'risk', { name: 'Олег risk' });
  const loan = await givenLoan(app);
  const parts = [
    ...fields(loan, { ground: 'service', start_date: '2026-11-10', months: '1' }),
    doc(),
  ];
  const asked = await postForm(app, '/api/credit-holidays', loan.borrower.headers, parts);
  const { id } = creditHolidayResponseSchema.parse(asked.json()).data.request;
  const approved = await app.app.inject({
    method: 'POST',
    url: `/api/crm/credit-holidays/${id}/decide`,
    headers: await staffHeaders(app, risk.row.id),
    payload: { decision: 'approve', reason: 'Справка военкомата' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return loan;
}
