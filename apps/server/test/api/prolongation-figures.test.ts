import { addDays } from '@zaymo/contract';
import { createHash } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanPayments } from '../../src/db/schema';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { formatDate } from '../../src/documents/pdf/format';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { requestSignCode } from './orders-helpers';
import { DAY_MS, LONG_SESSIONS, givenLoan, newKey, paid, pay } from './servicing-helpers';

/*
 * The prolongation agreement states the new due date, the sum due on it and the
 * ПСК of the prolonged loan — before signing and, the same, as signed.
 *
 * 10 000 ₽ for 30 days at 80 ₽ a day, prolonged on day 10 by 14 days: the price is 800 ₽, the new
 * due date day 44, and interest runs days 11–44: 34 × 80 = 2 720 ₽, so 12 720 ₽ is due. Flows
 * −10 000 (day 0), +800 (day 10), +12 720 (day 44): intervals 10 and 34, base period 10;
 * the root of the law's equation gives ПСК 272,949 % and 3 520 ₽.
 */

describe('prolongation agreement: sum due and ПСК of the prolonged loan', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const textOf = (pdf: Buffer) => squeeze(pdfText(writeTempPdf(pdf)));

  it('prints them on the agreement to sign and on the signed copy', async () => {
    const loan = await givenLoan(testApp);
    const newDueDate = addDays(loan.order.due_date ?? '', 14);
    testApp.clock.advanceBy(10 * DAY_MS);
    const draft = await testApp.app.inject({
      method: 'GET',
      url: `/api/loans/${loan.order.id}/prolongation/agreement?days=14`,
      headers: loan.borrower.headers,
    });
    expect(draft.statusCode, draft.body.slice(0, 200)).toBe(200);
    const expected = [
      `Новая дата возврата ${formatDate(newDueDate)} Сумма к возврату 12 720 ₽`,
      'ПСК с учетом пролонгации 272,949 % годовых; 3 520 ₽',
      `Новая дата возврата — ${formatDate(newDueDate)}. В эту дату Заемщик возвращает 12 720 ₽`,
      'Полная стоимость займа с учетом пролонгации составляет 272,949 % годовых (3 520 ₽)',
    ];
    for (const line of expected) expect(textOf(draft.rawPayload)).toContain(line);

    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 14);
    const answer = paid(
      await pay(
        testApp,
        loan.borrower,
        loan.contract,
        {
          type: 'prolongation',
          prolongation: 14,
          asp_code: code,
          card_id: loan.borrower.cardId ?? 0,
          document_agreements: 'prolongation_agreement',
        },
        newKey(),
      ),
    );
    expect(answer.status).toBe('approved');
    const [signed] = await testApp.ctx.db
      .select()
      .from(loanPayments)
      .where(
        and(eq(loanPayments.orderId, loan.order.id), isNotNull(loanPayments.agreementSignedAt)),
      );
    // Later days and payments change nothing in the signed copy.
    testApp.clock.advanceBy(3 * DAY_MS);
    paid(
      await pay(testApp, loan.borrower, loan.contract, {
        type: 'part',
        amount: '500.00',
        card_id: loan.borrower.cardId ?? 0,
      }),
    );
    const copy = await testApp.app.inject({
      method: 'GET',
      url: `/api/documents/file/prolongation_agreement?order_id=${loan.order.id}&payment_id=${signed?.id}`,
      headers: loan.borrower.headers,
    });
    expect(copy.statusCode, copy.body.slice(0, 200)).toBe(200);
    for (const line of expected) expect(textOf(copy.rawPayload)).toContain(line);
    expect(createHash('sha256').update(copy.rawPayload).digest('hex')).toBe(
      signed?.agreementSha256,
    );
  });
});
