import { ORDER_STATUS, SMS_CODE_RULES } from '@zaymo/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, smsCodes } from '../../src/db/schema';
import { contractCodeBinding } from '../../src/services/loans/signing';
import { issueSmsCode } from '../../src/services/sms-codes';
import { expectRussianError } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  listOrders,
  orderOf,
  requestSignCode,
  verify,
  type Borrower,
} from './orders-helpers';
import {
  DAY_MS,
  givenLoan,
  LONG_SESSIONS,
  newKey,
  pay,
  paid,
  type Loan,
} from './servicing-helpers';
import { expectRefusal } from '../helpers/refusal';

/*
 * A signing code is bound to the order and the exact documents it was sent
 * for. Used for anything else it is refused and counts as a wrong attempt.
 */

describe('signing codes bound to what they sign', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  async function latestSignCode(phone: string) {
    const [row] = await testApp.ctx.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.id))
      .limit(1);
    if (!row) throw new Error('no code');
    return row;
  }

  function prolong(loan: Loan, days: number, code: string) {
    return pay(testApp, loan.borrower, loan.contract, {
      type: 'full',
      prolongation: days,
      asp_code: code,
      document_agreements: 'prolongation_agreement',
      card_id: loan.borrower.cardId ?? 0,
    });
  }

  const rejectOrder = (borrower: Borrower, orderId: number) =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/reject`,
      headers: borrower.headers,
    });

  it('stores the order and the document set as the code’s subject', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower);
    await requestSignCode(testApp, borrower, order.id);
    const row = await latestSignCode(borrower.client.phone);
    expect(row.purpose).toBe('sign');
    expect(row.subject).toMatch(new RegExp(`^order:${order.id}:contract:[0-9a-f]{32}$`));
  });

  it('a code for order A cannot sign order B, and the try counts as a wrong attempt', async () => {
    const borrower = await createBorrower(testApp);
    const first = await approvedOrder(testApp, borrower);
    const code = await requestSignCode(testApp, borrower, first.id);
    expect(orderOf(await rejectOrder(borrower, first.id)).status_id).toBe(
      ORDER_STATUS.REJECTED_BY_CLIENT,
    );
    const second = await approvedOrder(testApp, borrower);
    const refused = await verify(testApp, borrower, second.id, code);
    expectRefusal(refused, 'SMS_CODE_OTHER_SUBJECT');
    expect((await latestSignCode(borrower.client.phone)).attempts).toBe(1);
    const [unsigned] = await listOrders(testApp, borrower.headers);
    expect(unsigned).toMatchObject({ id: second.id, status_id: ORDER_STATUS.APPROVED });
    // A code asked for order B signs it.
    testApp.clock.advanceBy(61_000);
    const own = await requestSignCode(testApp, borrower, second.id);
    expect(orderOf(await verify(testApp, borrower, second.id, own)).status_id).toBe(
      ORDER_STATUS.SIGNED,
    );
    const events = (await testApp.logs.settled()).entries();
    expect(events).toContainEqual(
      expect.objectContaining({ security: 'code_failed', reason: 'wrong_subject' }),
    );
  });

  it('a contract code cannot sign a prolongation agreement', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const [row] = await testApp.ctx.db
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.id, loan.order.id));
    if (!row) throw new Error('no order');
    const client = { id: loan.borrower.client.id, phone: loan.borrower.client.phone };
    // A code issued for this order's contract documents (as POST /sms/send did before payout).
    const issued = await issueSmsCode(
      testApp.ctx,
      contractCodeBinding(client, row, testApp.clock.now()),
      { ip: loan.borrower.ip, userAgent: null, log: testApp.app.log },
    );
    const refused = await prolong(loan, 14, issued.code);
    expectRefusal(refused, 'SMS_CODE_OTHER_SUBJECT');
    expect((await latestSignCode(client.phone)).attempts).toBe(1);
    const [order] = await listOrders(testApp, loan.borrower.headers);
    expect(order?.due_date).toBe(loan.order.due_date);
  });

  it('a code for a 7-day prolongation cannot sign a 14-day one; it still signs 7 days', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 7);
    expect((await latestSignCode(loan.borrower.client.phone)).subject).toMatch(
      new RegExp(`^order:${loan.order.id}:prolongation:7:[0-9a-f]{32}$`),
    );
    expectRefusal(await prolong(loan, 14, code), 'SMS_CODE_OTHER_SUBJECT');
    expect((await latestSignCode(loan.borrower.client.phone)).attempts).toBe(1);
    const answer = paid(await prolong(loan, 7, code));
    expect(answer.status).toBe('approved');
  });

  it('wrong-subject tries use up the code’s attempts like wrong codes', async () => {
    const loan = await givenLoan(testApp);
    testApp.clock.advanceBy(3 * DAY_MS);
    const code = await requestSignCode(testApp, loan.borrower, loan.order.id, 7);
    for (let attempt = 1; attempt <= SMS_CODE_RULES.maxWrongAttempts; attempt += 1) {
      expectRussianError(await prolong(loan, 14, code), 400);
    }
    const row = await latestSignCode(loan.borrower.client.phone);
    expect(row.attempts).toBe(SMS_CODE_RULES.maxWrongAttempts);
    const exhausted = await pay(
      testApp,
      loan.borrower,
      loan.contract,
      {
        type: 'full',
        prolongation: 7,
        asp_code: code,
        document_agreements: 'prolongation_agreement',
        card_id: loan.borrower.cardId ?? 0,
      },
      newKey(),
    );
    expect(expectRussianError(exhausted, 400)).toMatch(/слишком много неверных попыток/);
  });
});
