import { clientInnResponseSchema, personalInnCheckDigits } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdentities } from '../../src/db/schema';
import { SANDBOX_OTHER_INN } from '../../src/sandbox/fns/rules';
import { expectRussianError } from '../helpers/accounts';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { createBorrower, signedOrder, type Borrower } from './orders-helpers';

/*
 * The borrower's ИНН (9-FZ of 13.02.2025): its check digits refused at once, the ФНС asked by
 * passport through the sandbox «Узнать ИНН» (found and the same, found another, not found, no
 * answer), only a confirmed number kept, and the contract printing it.
 */

/** The test borrowers' passport is 45 12 345678: the sandbox ФНС knows this ИНН for it. */
const PASSPORT = '4512345678';
const OWN_INN = `${PASSPORT}${personalInnCheckDigits(PASSPORT)}`;

describe('the client’s ИНН', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BUREAU_REPORT_SECONDS: '0' } });
  });
  afterAll(() => testApp.close());

  const put = (borrower: Pick<Borrower, 'headers'>, inn: string) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/clients/inn',
      headers: borrower.headers,
      payload: { inn },
    });

  async function withPassportEnding(ending: string): Promise<Borrower> {
    const borrower = await createBorrower(testApp);
    const [row] = await testApp.ctx.db
      .select()
      .from(clientIdentities)
      .where(eq(clientIdentities.clientId, borrower.client.id));
    if (!row?.passport) throw new Error('no passport');
    const passport = { ...row.passport, series_number: `451234${ending}` };
    await testApp.ctx.db
      .update(clientIdentities)
      .set({ passport })
      .where(eq(clientIdentities.clientId, borrower.client.id));
    return borrower;
  }

  it('saves the ИНН the ФНС names for the passport, with the time it was checked', async () => {
    const borrower = await createBorrower(testApp);
    const response = await put(borrower, `${OWN_INN.slice(0, 4)} ${OWN_INN.slice(4)}`);
    expect(response.statusCode, response.body).toBe(200);
    const saved = clientInnResponseSchema.parse(response.json()).data;
    expect(saved.inn).toBe(OWN_INN);
    expect(saved.checked_at).not.toBeNull();
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/clients/inn',
      headers: borrower.headers,
    });
    expect(clientInnResponseSchema.parse(read.json()).data).toEqual(saved);
  });

  it('refuses a number with one wrong digit before asking the ФНС', async () => {
    const borrower = await createBorrower(testApp);
    const wrongLast = `${OWN_INN.slice(0, 11)}${(Number(OWN_INN[11]) + 1) % 10}`;
    const response = await put(borrower, wrongLast);
    expectRussianError(response, 400);
    expect(response.json<{ fields: { inn: string } }>().fields.inn).toContain('контрольные цифры');
    expectRussianError(await put(borrower, '12345'), 400);
  });

  it('refuses a valid ИНН the ФНС knows as another person’s, and keeps nothing', async () => {
    const borrower = await createBorrower(testApp);
    const response = await put(borrower, SANDBOX_OTHER_INN);
    expectRussianError(response, 422);
    expect(response.json()).toMatchObject({ code: 'INN_MISMATCH' });
    const saved = await withPassportEnding('9999');
    expect((await put(saved, OWN_INN)).json()).toMatchObject({ code: 'INN_MISMATCH' });
    expect((await put(saved, SANDBOX_OTHER_INN)).statusCode).toBe(200);
    const [row] = await testApp.ctx.db
      .select()
      .from(clientIdentities)
      .where(eq(clientIdentities.clientId, borrower.client.id));
    expect(row?.inn).toBeNull();
  });

  it('tells the client when the ФНС finds no ИНН or does not answer', async () => {
    const notFound = await put(await withPassportEnding('0000'), '451234000000');
    // The entered number's own check digits are wrong: the schema answers first.
    expect(notFound.statusCode).toBe(400);
    const missing = await withPassportEnding('0000');
    const valid = `4512340000${personalInnCheckDigits('4512340000')}`;
    const answer = await put(missing, valid);
    expectRussianError(answer, 422);
    expect(answer.json()).toMatchObject({ code: 'INN_NOT_FOUND' });
    const silent = await withPassportEnding('5555');
    const failed = await put(silent, `4512345555${personalInnCheckDigits('4512345555')}`);
    expectRussianError(failed, 503);
    expect(failed.json()).toMatchObject({ code: 'FNS_UNAVAILABLE' });
  });

  it('asks for the passport first', async () => {
    const fresh = await createClientWithSession(testApp);
    const response = await put(fresh, OWN_INN);
    expectRussianError(response, 409);
    expect(response.json()).toMatchObject({ code: 'INN_NEEDS_PASSPORT' });
  });

  it('is printed in the contract of an order made after it was saved', async () => {
    const borrower = await createBorrower(testApp);
    expect((await put(borrower, OWN_INN)).statusCode).toBe(200);
    const order = await signedOrder(testApp, borrower);
    const pdf = await testApp.app.inject({
      method: 'GET',
      url: `/api/documents/file/individual_terms?order_id=${order.id}`,
      headers: borrower.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = squeeze(pdfText(writeTempPdf(pdf.rawPayload)));
    expect(text).toContain(`ИНН ${OWN_INN}`);
  });
});
