import { addDays, moscowDate } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/documents/pdf/format';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { currentOrder, DAY_MS, givenLoan, LONG_SESSIONS } from './servicing-helpers';

/*
 * What the borrower owes, always in view (353-FZ art. 10): the loan shows today's payoff, the sum
 * due on the due date if nothing is paid (12 400 ₽ for 10 000 ₽ × 30 days at 0.8 %), the charges
 * so far against the cap of 353-FZ art. 5 part 24, and the dated payment; the monthly statement
 * prints the same figures, free of charge.
 */

describe('the debt in view', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  it('a new loan: 10 000 ₽ today, 12 400 ₽ on the due date, 0 ₽ of 10 000 ₽ charged', async () => {
    const loan = await givenLoan(testApp);
    const order = await currentOrder(testApp, loan);
    expect(order.balance).toMatchObject({
      total: '10000.00',
      due_date_total: '12400.00',
      charged: '0.00',
      charges_cap: '10000.00',
      schedule: [
        {
          date: order.due_date,
          principal: '10000.00',
          interest: '2400.00',
          penalty: '0.00',
          total: '12400.00',
        },
      ],
    });
  });

  it('on day 10: 10 800 ₽ today, still 12 400 ₽ on the due date, 800 ₽ charged', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(10 * DAY_MS);
    const order = await currentOrder(testApp, loan);
    expect(order.balance).toMatchObject({
      total: '10800.00',
      due_date_total: '12400.00',
      charged: '800.00',
    });
  });

  it('overdue: nothing «on the due date»; the schedule asks today’s debt today', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(35 * DAY_MS);
    const order = await currentOrder(testApp, loan);
    const today = moscowDate(testApp.clock.now());
    expect(order.balance?.due_date_total).toBeNull();
    expect(order.balance?.schedule).toEqual([
      expect.objectContaining({ date: today, total: order.balance?.total }),
    ]);
    expect(Number(order.balance?.charged)).toBeGreaterThan(2400);
  });

  it('the monthly statement prints the same figures; a future month or another’s loan is refused', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(10 * DAY_MS);
    const order = await currentOrder(testApp, loan);
    const today = moscowDate(testApp.clock.now());
    const url = `/api/documents/file/loan_statement?order_id=${loan.order.id}&month=${today.slice(0, 7)}`;
    const pdf = await testApp.app.inject({ url, headers: loan.borrower.headers });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    expect(text).toContain('Выписка по займу');
    expect(text).toContain(`№ ${loan.contract} от `);
    expect(text).toContain(`Задолженность на ${formatDate(today)}, всего 10 800 ₽`);
    expect(text).toContain(`Без платежей к ${formatDate(order.due_date ?? '')} 12 400 ₽`);
    expect(text).toContain('Начислено процентов и неустойки 800 ₽ из 10 000 ₽ возможных');
    expect(text).toContain('Начислены проценты');
    expect(text).toContain('статья 10');

    const nextMonth = addDays(`${today.slice(0, 7)}-28`, 5).slice(0, 7);
    const future = await testApp.app.inject({
      url: `/api/documents/file/loan_statement?order_id=${loan.order.id}&month=${nextMonth}`,
      headers: loan.borrower.headers,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('Выберите месяц от выдачи займа до текущего');
    const badMonth = await testApp.app.inject({
      url: `/api/documents/file/loan_statement?order_id=${loan.order.id}&month=2026-13`,
      headers: loan.borrower.headers,
    });
    expect(badMonth.statusCode).toBe(400);
    const stranger = await createClientWithSession(testApp);
    const foreign = await testApp.app.inject({ url, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
  });
});
