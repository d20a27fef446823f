import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import {
  addDays,
  clientDocsResponseSchema,
  clientDocumentsResponseSchema,
  ORDER_STATUS,
  prolongationOptionsResponseSchema,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, loanPayments } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { requestSignCode } from './orders-helpers';
import {
  currentOrder,
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  paid,
  pay,
} from './servicing-helpers';

const run = promisify(execFile);

async function pdfText(pdf: Buffer): Promise<string> {
  const child = run('pdftotext', ['-', '-'], { encoding: 'utf8' });
  child.child.stdin?.end(pdf);
  return (await child).stdout;
}

function russianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

describe('prolongation: options, the agreement, signing and paying', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  it('by 14 days: price = accrued interest, the due date moves, principal stays', async () => {
    const loan = await givenLoan(testApp);
    const dueDate = loan.order.due_date ?? '';
    testApp.clock.advanceBy(10 * DAY_MS);
    const options = await testApp.app.inject({
      method: 'GET',
      url: `/api/loans/${loan.order.id}/prolongation`,
      headers: loan.borrower.headers,
    });
    expect(options.statusCode, options.body).toBe(200);
    const offered = prolongationOptionsResponseSchema.parse(options.json()).data.options;
    expect(offered.map((option) => option.days)).toEqual([7, 14, 30]);
    const newDueDate = addDays(dueDate, 14);
    expect(offered[1]).toEqual({ days: 14, price: '800.00', new_due_date: newDueDate });

    const agreement = await testApp.app.inject({
      method: 'GET',
      url: `/api/loans/${loan.order.id}/prolongation/agreement?days=14`,
      headers: loan.borrower.headers,
    });
    expect(agreement.statusCode).toBe(200);
    expect(agreement.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(agreement.rawPayload);
    expect(text).toContain('14 дней');
    expect(text).toContain(russianDate(newDueDate));

    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const key = newKey();
    const prolong = () =>
      pay(
        testApp,
        loan.borrower,
        loan.contract,
        {
          type: 'full',
          prolongation: 14,
          asp_code: code,
          document_agreements: 'prolongation_agreement',
          card_id: loan.borrower.cardId ?? 0,
        },
        key,
      );
    const answer = paid(await prolong());
    expect(answer.status).toBe('approved');
    // The same request again (a retry): the first answer, the code is not asked twice.
    expect(paid(await prolong()).status).toBe('approved');
    expect(answer.order).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      due_date: newDueDate,
      balance: { principal: '10000.00', interest: '0.00', penalty: '0.00', total: '10000.00' },
    });
    const fees = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, loan.order.id));
    expect(fees.filter((row) => row.kind === 'prolongation_fee')).toMatchObject([
      { amount: 80_000n, allocatedInterest: 80_000n, allocatedPrincipal: 0n },
    ]);
    const [signed] = await testApp.ctx.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.orderId, loan.order.id));
    expect(signed?.agreementSignedAt).not.toBeNull();
    expect(signed?.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed?.agreementCodeHash).not.toContain(code);
  });

  it('the signed agreement is a prolongation_docs document, served signed to its owner', async () => {
    const loan = await givenLoan(testApp);
    const other = await givenLoan(testApp);
    const newDueDate = addDays(loan.order.due_date ?? '', 14);
    testApp.clock.advanceBy(10 * DAY_MS);
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const answer = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        prolongation: 14,
        asp_code: code,
        document_agreements: 'prolongation_agreement',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(answer.status).toBe('approved');

    const docs = await testApp.app.inject({
      method: 'GET',
      url: '/api/documents/client_docs',
      headers: loan.borrower.headers,
    });
    expect(docs.statusCode, docs.body).toBe(200);
    const groups = clientDocsResponseSchema.parse(docs.json()).data;
    expect(groups.prolongation_docs).toHaveLength(1);
    const [document] = groups.prolongation_docs;
    const [stored] = await testApp.ctx.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.orderId, loan.order.id));
    expect(document).toMatchObject({
      kind: 'prolongation_agreement',
      order_id: loan.order.id,
      link: `documents/file/prolongation_agreement?order_id=${loan.order.id}&payment_id=${stored?.id}`,
      signature: { method: 'asp', signed_at: stored?.agreementSignedAt?.toISOString() },
    });
    expect(document?.name).toMatch(/^Дополнительное соглашение о пролонгации на 14 дней от /);
    expect(groups.prolongation_docs).toEqual(
      (
        await documentsOf(loan.borrower.headers, `/api/documents/loan_documents/${loan.order.id}`)
      ).filter((entry) => entry.group === 'prolongation_docs'),
    );

    const file = await testApp.app.inject({
      method: 'GET',
      url: `/api/${document?.link ?? ''}`,
      headers: loan.borrower.headers,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('14 дней');
    expect(text).toContain(russianDate(newDueDate));
    expect(text).toContain('Подписано простой электронной подписью');
    expect(text).toContain(`хеш кода ${stored?.agreementCodeHash?.slice(0, 16)}`);
    // Re-rendered from the stored record: the very bytes whose SHA-256 was kept at signing.
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
      stored?.agreementSha256,
    );

    const foreign = await testApp.app.inject({
      method: 'GET',
      url: `/api/${document?.link ?? ''}`,
      headers: other.borrower.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const wrongPayment = await testApp.app.inject({
      method: 'GET',
      url: `/api/documents/file/prolongation_agreement?order_id=${loan.order.id}&payment_id=999999`,
      headers: loan.borrower.headers,
    });
    expect(wrongPayment.statusCode).toBe(404);
  });

  async function documentsOf(headers: Record<string, string>, url: string) {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return clientDocumentsResponseSchema.parse(response.json()).data;
  }

  it('an overdue loan: the price includes penalty, and the loan is GIVEN again', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(32 * DAY_MS);
    expect((await currentOrder(testApp, loan)).status_id).toBe(ORDER_STATUS.EXPIRED);
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 7);
    const answer = paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'full',
        prolongation: 7,
        asp_code: code,
        document_agreements: 'prolongation_agreement',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    expect(answer.order).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      balance: { principal: '10000.00', interest: '0.00', penalty: '0.00', days_to_due: 7 },
    });
  });

  it('refuses a wrong code, a term not offered and a missing agreement', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const base = { type: 'full' as const, card_id: loan.borrower.cardId ?? 0 };
    const noAgreement = await pay(testApp, loan.borrower, loan.contract, {
      ...base,
      prolongation: 14,
      asp_code: '1234',
    });
    expect(noAgreement.statusCode).toBe(400);
    const notOffered = await pay(testApp, loan.borrower, loan.contract, {
      ...base,
      prolongation: 11,
      asp_code: '1234',
      document_agreements: 'prolongation_agreement',
    });
    expect(notOffered.statusCode).toBe(400);
    await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const wrong = await pay(testApp, loan.borrower, loan.contract, {
      ...base,
      prolongation: 14,
      asp_code: '0000',
      document_agreements: 'prolongation_agreement',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect((await currentOrder(testApp, loan)).due_date).toBe(loan.order.due_date);
  });
});
