import { clientDocumentsResponseSchema, type ClientDocument, moscowDate } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { formatDate } from '../../src/documents/pdf/format';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DAY_MS, LONG_SESSIONS, givenLoan, paid, pay, type Loan } from './servicing-helpers';

/*
 * After full repayment the loan's documents hold «Справка о погашении займа»,
 * a PDF stating the contract, its date and amount, the day of full repayment, that the
 * obligations are fulfilled, and the company's signature block.
 */

type Headers = Record<string, string>;

describe('closure certificate', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Headers) =>
    testApp.app.inject({ method: 'GET', url, headers });

  async function documents(url: string, headers: Headers): Promise<ClientDocument[]> {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return clientDocumentsResponseSchema.parse(response.json()).data;
  }

  const certificateOf = (list: readonly ClientDocument[]) =>
    list.filter((document) => document.kind === 'closure_certificate');

  function repayInFull(loan: Loan) {
    return pay(testApp, loan.borrower, loan.contract, {
      type: 'full',
      card_id: loan.borrower.cardId ?? 0,
    });
  }

  it('appears once the loan is repaid in full, in both lists, and reads as a certificate', async () => {
    const loan = await givenLoan(testApp);
    const { headers } = loan.borrower;
    const loanDocs = `/api/documents/loan_documents/${loan.order.id}`;
    expect(certificateOf(await documents(loanDocs, headers))).toEqual([]);
    const early = await get(
      `/api/documents/file/closure_certificate?order_id=${loan.order.id}`,
      headers,
    );
    expectRefusal(early, 'CLOSURE_NOT_READY');

    testApp.clock.advanceBy(10 * DAY_MS);
    expect(paid(await repayInFull(loan)).status).toBe('approved');
    const repaidOn = moscowDate(testApp.clock.now());

    const [inPopup] = certificateOf(await documents(loanDocs, headers));
    expect(inPopup).toMatchObject({
      name: 'Справка о погашении займа',
      group: 'contracts_docs',
      order_id: loan.order.id,
      contract_number: loan.contract,
      signature: { method: 'issued' },
    });
    const onPage = certificateOf(await documents('/api/documents/client_documents', headers));
    expect(onPage).toEqual([inPopup]);

    const pdf = await get(`/api/${inPopup?.link ?? ''}`, headers);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    expect(text).toContain('Справка о погашении займа');
    expect(text).toContain(`№ ${loan.contract} от `);
    expect(text).toContain('Сумма займа 10 000 ₽');
    expect(text).toContain(`Дата полного погашения ${formatDate(repaidOn)}`);
    // 10 days at 80 ₽ a day: 10 800 ₽ paid against the debt.
    expect(text).toContain('Уплачено по договору, всего 10 800 ₽');
    expect(text).toContain('Обязательства Заемщика по договору исполнены в полном объеме');
    expect(text).toContain('ООО МКК «Займо»');
    expect(text).toContain('Генеральный директор');
    expect(text).toContain('М. П.');

    // The same bytes tomorrow: the certificate is dated the day of repayment.
    testApp.clock.advanceBy(DAY_MS);
    const again = await get(`/api/${inPopup?.link ?? ''}`, headers);
    expect(again.rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('another client’s certificate is a 404', async () => {
    const loan = await givenLoan(testApp);
    const other = await givenLoan(testApp);
    expect(paid(await repayInFull(loan)).status).toBe('approved');
    const foreign = await get(
      `/api/documents/file/closure_certificate?order_id=${loan.order.id}`,
      other.borrower.headers,
    );
    expect(foreign.statusCode).toBe(404);
  });
});
