import {
  crmClientLoansResponseSchema,
  documentsListResponseSchema,
  ORDER_STATUS,
} from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, orderSignatures } from '../../src/db/schema';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import {
  approvedOrder,
  createBorrower,
  orderOf,
  requestSignCode,
  verify,
  type Borrower,
} from './orders-helpers';

/*
 * The notice of a ПДН above 50 % (353-FZ art. 5.1): a lender whose risk policy lends up to 80 %
 * of the income; 10 000 ₽ for 30 days is a payment of 12 400 ₽ a month. The income is the
 * declared one capped by the average of the registration address's region (6579-У, from
 * 01.01.2026; Росстат's figures in services/scoring/regional-income.json).
 */

describe('the debt-load notice before the contract', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { SCORING_MAX_DEBT_LOAD_PERCENT: '80' } });
  });
  afterAll(() => testApp.close());

  const get = (url: string, borrower: Borrower) =>
    testApp.app.inject({ method: 'GET', url, headers: borrower.headers });

  async function contractLinks(borrower: Borrower, orderId: number): Promise<string[]> {
    const response = await get(`/api/documents/contract_documents?order_id=${orderId}`, borrower);
    expect(response.statusCode, response.body).toBe(200);
    return documentsListResponseSchema.parse(response.json()).data.map((item) => item.link);
  }

  async function storedOrder(orderId: number) {
    const [row] = await testApp.ctx.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    if (!row) throw new Error(`order ${orderId} missing`);
    return row;
  }

  it('asks for no notice at exactly 50 %', async () => {
    const borrower = await createBorrower(testApp, { monthlyIncome: '24800' });
    const order = await approvedOrder(testApp, borrower);
    expect(order.debt_load_notice).toBeUndefined();
    expect(await storedOrder(order.id)).toMatchObject({
      debtLoadPercent: '50.00',
      debtLoadNotice: false,
    });
    expect(await contractLinks(borrower, order.id)).not.toContain(
      `documents/file/debt_load_notice?order_id=${order.id}`,
    );
  });

  it('puts the notice first among the contract’s documents above 50 %, signed with the contract', async () => {
    const borrower = await createBorrower(testApp, { monthlyIncome: '20000' });
    const order = await approvedOrder(testApp, borrower);
    expect(order.debt_load_notice).toEqual({ percent: '62.00' });
    const notice = `documents/file/debt_load_notice?order_id=${order.id}`;
    expect((await contractLinks(borrower, order.id))[0]).toBe(notice);

    const signed = orderOf(
      await verify(testApp, borrower, order.id, await requestSignCode(testApp, borrower, order.id)),
    );
    expect(signed.status_id).toBe(ORDER_STATUS.SIGNED);
    const [signature] = await testApp.ctx.db
      .select()
      .from(orderSignatures)
      .where(eq(orderSignatures.orderId, order.id))
      .orderBy(desc(orderSignatures.id));
    expect(signature?.documents.map((document) => document.kind)).toEqual([
      'debt_load_notice',
      'individual_terms',
      'payment_schedule',
    ]);

    const pdf = await get(`/api/${notice}`, borrower);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    expect(text).toContain('Уведомление о значении показателя долговой нагрузки');
    expect(text).toContain('Показатель долговой нагрузки (ПДН) 62,00 %');
    expect(text).toContain('Среднемесячные платежи по всем 12 400 ₽');
    expect(text).toContain('Среднемесячный доход, 20 000 ₽');
    expect(text).toContain('статьей 5.1');
    expect(text).toContain('высокий риск неисполнения вами обязательств');
    expect(text).toContain('АСП');
  });

  /*
   * 20 000 ₽ for 30 days is 24 800 ₽ a month. A declared, unconfirmed 60 000 ₽ counts in full in
   * Москва (its Росстат average is 167 400 ₽): 41,33 %. In Тыва it counts as the republic's
   * average, 36 200 ₽: 68,51 % — above 50 %, so the notice.
   */
  const sameIncome = { monthlyIncome: '60000' };
  const largerLoan = { amount: '20000.00' };

  it('gives the notice to a client in a low-income region and none to a Moscow client with the same income', async () => {
    const moscow = await createBorrower(testApp, { ...sameIncome, region: 'Москва' });
    const tyva = await createBorrower(testApp, { ...sameIncome, region: 'Респ Тыва' });
    const moscowOrder = await approvedOrder(testApp, moscow, largerLoan);
    const tyvaOrder = await approvedOrder(testApp, tyva, largerLoan);

    expect(moscowOrder.debt_load_notice).toBeUndefined();
    expect(await storedOrder(moscowOrder.id)).toMatchObject({
      debtLoadIncome: 6_000_000n,
      debtLoadIncomeBasis: 'declared',
      debtLoadIncomeRegion: 'г. Москва',
      debtLoadPercent: '41.33',
      debtLoadNotice: false,
    });
    expect(tyvaOrder.debt_load_notice).toEqual({ percent: '68.51' });
    expect(await storedOrder(tyvaOrder.id)).toMatchObject({
      debtLoadIncome: 3_620_000n,
      debtLoadIncomeBasis: 'regional_average',
      debtLoadIncomeRegion: 'Республика Тыва',
      debtLoadPercent: '68.51',
      debtLoadNotice: true,
    });

    const notice = `documents/file/debt_load_notice?order_id=${tyvaOrder.id}`;
    expect((await contractLinks(tyva, tyvaOrder.id))[0]).toBe(notice);
    const pdf = await get(`/api/${notice}`, tyva);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    expect(text).toContain('Показатель долговой нагрузки (ПДН) 68,51 %');
    expect(text).toContain('«Республика Тыва» (регион адреса вашей регистрации)');
  });

  it('compares a region the table does not list with the country’s average', async () => {
    const borrower = await createBorrower(testApp, {
      monthlyIncome: '100000',
      region: 'Респ Дагестан',
    });
    const order = await approvedOrder(testApp, borrower);
    expect(await storedOrder(order.id)).toMatchObject({
      debtLoadIncome: 7_300_000n,
      debtLoadIncomeBasis: 'regional_average',
      debtLoadIncomeRegion: null,
      debtLoadPercent: '16.99',
    });
  });

  it('shows the console the ПДН and the region whose average the income counted as', async () => {
    const borrower = await createBorrower(testApp, { ...sameIncome, region: 'Респ Тыва' });
    const order = await approvedOrder(testApp, borrower);
    const operator = await createStaffMember(testApp, 'operator');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${borrower.client.id}/loans`,
      headers: { ...(await staffHeaders(testApp, operator.row.id)), 'user-agent': 'crm-test' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const seen = crmClientLoansResponseSchema
      .parse(response.json())
      .data.orders.find((row) => row.id === order.id);
    expect(seen?.debt_load).toEqual({
      percent: '34.25',
      monthly_payments: '12400.00',
      income: '36200.00',
      income_basis: 'regional_average',
      income_region: 'Республика Тыва',
      notice: false,
    });
  });
});
