import {
  formatMoney,
  kopecks,
  ORDER_STATUS,
  type Order,
  addDays,
  moscowDate,
} from '@zaymo/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanLedger, loanOrders, orderSignatures } from '../../src/db/schema';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { expectRussianError, type InjectResponse } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  listOrders,
  orderOf,
  payout,
  requestSignCode,
  verify,
  type Borrower,
} from './orders-helpers';
import { LONG_SESSIONS } from './servicing-helpers';

/*
 * One contract, one set of dates. The contract date is the day the money is
 * provided; the signed documents, the order and the ledger show the same dates, and a payout on
 * another Moscow day than the signature sends the client to sign the re-made documents again.
 */

function russianDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

describe('contract dates: signing day = payout day = the ledger’s contract date', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
  });
  afterAll(() => testApp.close());

  const today = () => moscowDate(testApp.clock.now());

  async function sign(borrower: Borrower, orderId: number): Promise<Order> {
    const code = await requestSignCode(testApp, borrower, orderId);
    return orderOf(await verify(testApp, borrower, orderId, code));
  }

  async function documentText(borrower: Borrower, orderId: number, kind: string) {
    const response: InjectResponse = await testApp.app.inject({
      method: 'GET',
      url: `/api/documents/file/${kind}?order_id=${orderId}`,
      headers: borrower.headers,
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return squeeze(pdfText(writeTempPdf(response.rawPayload)));
  }

  const ledgerPayout = async (orderId: number) => {
    const rows = await testApp.ctx.db
      .select()
      .from(loanLedger)
      .where(eq(loanLedger.orderId, orderId))
      .orderBy(asc(loanLedger.id));
    return rows.find((row) => row.kind === 'payout');
  };

  /** Moves the shared sandbox clock by whole days, as a tester does through the dev API. */
  async function moveSandboxClock(days: number) {
    const moved = await testApp.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { days },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }

  it('an approved offer is dated today by the server clock; the payout keeps those dates', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower);
    expect(approved).toMatchObject({
      contract_date: today(),
      contract_due_date: addDays(today(), 30),
      due_date: null,
    });
    const signed = await sign(borrower, approved.id);
    expect(signed).toMatchObject({
      contract_date: today(),
      contract_due_date: addDays(today(), 30),
    });
    const given = orderOf(await payout(testApp, borrower, approved.id));
    expect(given).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      contract_date: today(),
      due_date: addDays(today(), 30),
      contract_due_date: addDays(today(), 30),
    });
    expect((await ledgerPayout(approved.id))?.entryDate).toBe(given.contract_date);
    const terms = await documentText(borrower, approved.id, 'individual_terms');
    expect(terms).toContain(`не позднее ${russianDate(given.due_date ?? '')}`);
    expect(terms).toContain(russianDate(given.contract_date ?? ''));
  });

  it('signed today, paid out tomorrow: 409 «sign again», APPROVED, the old record kept', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower);
    const signingDay = today();
    await sign(borrower, approved.id);
    await moveSandboxClock(1);
    const payoutDay = today();
    expect(payoutDay).toBe(addDays(signingDay, 1));

    const refused = await payout(testApp, borrower, approved.id);
    expectRussianError(refused, 409);
    expect(refused.json()).toMatchObject({ code: 'SIGN_AGAIN' });
    const [back] = await listOrders(testApp, borrower.headers);
    expect(back).toMatchObject({
      id: approved.id,
      status_id: ORDER_STATUS.APPROVED,
      signed_at: null,
      given_at: null,
      contract_date: payoutDay,
      contract_due_date: addDays(payoutDay, 30),
    });
    // No money moved, and a second payout request is refused the same way (nothing to pay).
    expect(await ledgerPayout(approved.id)).toBeUndefined();
    expect((await payout(testApp, borrower, approved.id)).statusCode).toBe(409);
    // The unsigned contract shown for signing is dated today.
    const unsigned = await documentText(borrower, approved.id, 'individual_terms');
    expect(unsigned).toContain(`не позднее ${russianDate(addDays(payoutDay, 30))}`);

    await sign(borrower, approved.id);
    const given = orderOf(await payout(testApp, borrower, approved.id));
    expect(given).toMatchObject({
      status_id: ORDER_STATUS.GIVEN,
      contract_date: payoutDay,
      due_date: addDays(payoutDay, 30),
    });
    expect((await ledgerPayout(approved.id))?.entryDate).toBe(payoutDay);
    const records = await testApp.ctx.db
      .select()
      .from(orderSignatures)
      .where(eq(orderSignatures.orderId, approved.id))
      .orderBy(asc(orderSignatures.signedAt));
    expect(records.map((record) => moscowDate(record.signedAt))).toEqual([signingDay, payoutDay]);

    // The signed documents print the ledger's dates, never the first signature's.
    const terms = await documentText(borrower, approved.id, 'individual_terms');
    expect(terms).toContain(`не позднее ${russianDate(addDays(payoutDay, 30))}`);
    expect(terms).not.toContain(russianDate(addDays(signingDay, 30)));
    const schedule = await documentText(borrower, approved.id, 'payment_schedule');
    expect(schedule).toContain(russianDate(addDays(payoutDay, 30)));
    expect(schedule).toContain(squeeze(formatMoney(kopecks(1_240_000n))));
  });

  it('a failed payout retried on another day also goes back to signing', async () => {
    const borrower = await createBorrower(testApp);
    const approved = await approvedOrder(testApp, borrower);
    await sign(borrower, approved.id);
    await testApp.ctx.db
      .update(loanOrders)
      .set({ statusId: ORDER_STATUS.FAIL_TO_GIVE, statusReason: 'Банк отклонил перевод' })
      .where(eq(loanOrders.id, approved.id));
    await moveSandboxClock(1);
    const refused = await payout(testApp, borrower, approved.id);
    expectRussianError(refused, 409);
    expect(refused.json()).toMatchObject({ code: 'SIGN_AGAIN' });
    const [back] = await listOrders(testApp, borrower.headers);
    expect(back).toMatchObject({ status_id: ORDER_STATUS.APPROVED, status_reason: null });
  });
});
