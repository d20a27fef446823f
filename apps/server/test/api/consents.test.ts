import { clientConsentsResponseSchema, crmClientCardResponseSchema } from '@zaymo/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConsents, loanOrders, outboxMessages } from '../../src/db/schema';
import { checkBureau } from '../../src/services/scoring/bureau-check';
import { sandboxBureau } from '../helpers/bureau';
import { sendMarketingSms } from '../../src/services/notifications/marketing';
import { expectRussianError, signUpThroughApi, type SignedUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import { createBorrower, decidedOrder } from './orders-helpers';

/*
 * The «Согласия» page through the API (152-FZ art. 9 as amended by 156-FZ): each consent with its
 * edition and dates, an optional one withdrawn as a new record, marketing stopped at once, the
 * bureau not asked once its consent is withdrawn, and the console seeing every act.
 */

describe('the client’s consents', () => {
  let testApp: TestApp;
  let client: SignedUp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BUREAU_REPORT_SECONDS: '0' } });
    client = await signUpThroughApi(testApp);
  });
  afterAll(() => testApp.close());

  const call = (method: 'GET' | 'POST', url: string, headers = client.headers) =>
    testApp.app.inject({ method, url: `/api/clients/consents${url}`, headers });

  const consentsOf = async (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode, response.body).toBe(200);
    return clientConsentsResponseSchema.parse(response.json()).data.consents;
  };

  it('lists the personal-data, bureau and marketing consents given at sign-up', async () => {
    const consents = await consentsOf(await call('GET', ''));
    expect(consents.map((c) => [c.code, c.state, c.withdrawable])).toEqual([
      ['personal_data', 'given', false],
      ['bki', 'given', true],
      ['marketing', 'given', true],
    ]);
    const marketing = consents.find((c) => c.code === 'marketing');
    expect(marketing).toMatchObject({
      document_link: '/api/documents/public/marketing_consent',
      given_version: '1.0 от 01.03.2026',
      withdrawn_at: null,
    });
    expect(marketing?.effect).toContain('прекращаются сразу');
  });

  it('needs a session', async () => {
    expect((await call('GET', '', { authorization: '' })).statusCode).toBe(401);
  });

  it('withdraws marketing as a new row, keeps the old one, and stops the messages at once', async () => {
    expect(await sendMarketingSms(testApp.ctx, client.clientId, 'Скидка 10 %')).toBe('sent');
    const before = await rowsOf(client.clientId);
    testApp.clock.advanceBy(60_000);
    const consents = await consentsOf(await call('POST', '/marketing/withdraw'));
    const marketing = consents.find((c) => c.code === 'marketing');
    expect(marketing?.state).toBe('withdrawn');
    const givenAt = Date.parse(marketing?.given_at ?? '');
    expect(Date.parse(marketing?.withdrawn_at ?? '') - givenAt).toBeGreaterThanOrEqual(60_000);
    const after = await rowsOf(client.clientId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ code: 'marketing', action: 'withdrawn' });

    const sent = await smsTo(client.phone);
    expect(await sendMarketingSms(testApp.ctx, client.clientId, 'Скидка 20 %')).toBe('no_consent');
    expect(await smsTo(client.phone)).toEqual(sent);
  });

  it('refuses a second withdrawal and the personal-data consent by its own codes', async () => {
    const again = await call('POST', '/marketing/withdraw');
    expectRussianError(again, 409);
    expect(again.json()).toMatchObject({ code: 'CONSENT_NOT_GIVEN' });
    const personal = await call('POST', '/personal_data/withdraw');
    expectRussianError(personal, 409);
    expect(personal.json()).toMatchObject({ code: 'CONSENT_NOT_WITHDRAWABLE' });
    const unknown = await call('POST', '/terms/withdraw');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CONSENT_UNKNOWN' });
  });

  it('gives marketing again, and the sender sends again', async () => {
    const consents = await consentsOf(await call('POST', '/marketing/give'));
    expect(consents.find((c) => c.code === 'marketing')?.state).toBe('given');
    expect(await sendMarketingSms(testApp.ctx, client.clientId, 'Акция')).toBe('sent');
  });

  it('shows every act in the console’s client card', async () => {
    const staff = await createStaffMember(testApp, 'operator');
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients/${client.clientId}`,
      headers: await staffHeaders(testApp, staff.row.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const card = crmClientCardResponseSchema.parse(response.json()).data;
    const marketing = card.consents.filter((c) => c.code === 'marketing');
    expect(marketing.map((c) => c.action)).toEqual(['given', 'withdrawn', 'given']);
  });

  async function rowsOf(clientId: number) {
    return testApp.ctx.db
      .select()
      .from(clientConsents)
      .where(eq(clientConsents.clientId, clientId))
      .orderBy(asc(clientConsents.id));
  }

  async function smsTo(phone: string) {
    const rows = await testApp.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone));
    return rows.map((row) => row.id);
  }
});

describe('the bureau consent withdrawn', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { BUREAU_REPORT_SECONDS: '0' } });
  });
  afterAll(() => testApp.close());

  it('is recorded with an order, and once withdrawn the bureau is not asked', async () => {
    const borrower = await createBorrower(testApp);
    const order = await decidedOrder(testApp, borrower);
    const [row] = await testApp.ctx.db.select().from(loanOrders).where(eq(loanOrders.id, order.id));
    if (!row) throw new Error('no order');
    const bureau = sandboxBureau(testApp);
    expect((await checkBureau(testApp.ctx, bureau, row)).kind).toBe('answered');

    const withdrawn = await testApp.app.inject({
      method: 'POST',
      url: '/api/clients/consents/bki/withdraw',
      headers: borrower.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await checkBureau(testApp.ctx, bureau, row)).toEqual({
      kind: 'not_asked',
      problem: 'Нет согласия клиента на запрос в бюро кредитных историй',
    });
  });
});
