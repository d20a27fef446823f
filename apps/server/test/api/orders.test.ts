import {
  clientProfileResponseSchema,
  moratoriumResponseSchema,
  ORDER_STATUS,
  orderSchema,
  ordersResponseSchema,
  refusalShowcaseAllResponseSchema,
  refusalShowcaseResponseSchema,
  addDays,
  moscowDate,
} from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderScorings, orderSignatures } from '../../src/db/schema';
import { smallPng } from '../../src/services/files/test-images';
import { issueSession } from '../../src/services/sessions';
import { expectRussianError, requestCode, wrongCode, lastCode } from '../helpers/accounts';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { photoParts, uploadPhoto } from './files-upload';
import {
  approvedOrder,
  createBorrower,
  decidedOrder,
  insertOrder,
  listOrders,
  orderBody,
  orderOf,
  postOrder,
  requestSignCode,
  signCodeRequest,
  tariffIds,
  verify,
  waitForDecision,
  type Borrower,
} from './orders-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('orders: creation, scoring, moratorium, refusal showcase, signing, rejection', () => {
  let testApp: TestApp;
  let firstTariff: number;
  beforeAll(async () => {
    testApp = await createTestApp();
    firstTariff = (await tariffIds(testApp)).first;
  });
  afterAll(() => testApp.close());

  const get = (url: string, borrower: Pick<Borrower, 'headers'>) =>
    testApp.app.inject({ method: 'GET', url, headers: borrower.headers });

  describe('GET /clients/orders', () => {
    it('answers data.data.data, newest first, and 401 without a session', async () => {
      const borrower = await createBorrower(testApp);
      const empty = await get('/api/clients/orders', borrower);
      expect(ordersResponseSchema.parse(empty.json()).data.data.data).toEqual([]);
      await insertOrder(testApp, borrower.client.id, { statusId: ORDER_STATUS.REFUSED });
      await insertOrder(testApp, borrower.client.id, { statusId: ORDER_STATUS.REPAID });
      const orders = await listOrders(testApp, borrower.headers);
      expect(orders.map((order) => order.status_id)).toEqual([
        ORDER_STATUS.REPAID,
        ORDER_STATUS.REFUSED,
      ]);
      expectRussianError(
        await testApp.app.inject({ method: 'GET', url: '/api/clients/orders' }),
        401,
      );
    });
  });

  describe('POST /orders/create', () => {
    it('is refused before the identity steps are done (409)', async () => {
      const borrower = await createBorrower(testApp, { identityDone: false });
      const response = await postOrder(testApp, borrower, orderBody(firstTariff));
      expectRefusal(response, 'IDENTITY_INCOMPLETE');
    });

    it('is refused without a bound card (409)', async () => {
      const borrower = await createBorrower(testApp, { withCard: false });
      const response = await postOrder(testApp, borrower, orderBody(firstTariff));
      expectRefusal(response, 'CARD_NOT_BOUND');
    });

    it('checks the amount and term against the tariff, in Russian (400)', async () => {
      const borrower = await createBorrower(testApp);
      const tooMuch = await postOrder(
        testApp,
        borrower,
        orderBody(firstTariff, { amount: '31000.00' }),
      );
      expectRussianError(tooMuch, 400);
      expect(tooMuch.json<{ fields: Record<string, string> }>().fields.amount).toMatch(
        /^Сумма займа — от 1\s000\s₽ до 30\s000\s₽$/u,
      );
      const offStep = await postOrder(
        testApp,
        borrower,
        orderBody(firstTariff, { amount: '10500.00' }),
      );
      expect(offStep.json<{ fields: Record<string, string> }>().fields.amount).toMatch(/с шагом/);
      const shortTerm = await postOrder(testApp, borrower, orderBody(firstTariff, { period: 3 }));
      expect(expectRussianError(shortTerm, 400)).toBe('Срок займа — от 5 до 30 дней');
      const unknownTariff = await postOrder(testApp, borrower, orderBody(999_999));
      expectRussianError(unknownTariff, 400);
      const unknownInsurance = await postOrder(
        testApp,
        borrower,
        orderBody(firstTariff, { insurance_ids: [999] }),
      );
      expectRussianError(unknownInsurance, 400);
      expect(await listOrders(testApp, borrower.headers)).toEqual([]);
    });

    it('needs the pre-order documents accepted', async () => {
      const borrower = await createBorrower(testApp);
      const response = await postOrder(
        testApp,
        borrower,
        orderBody(firstTariff, { accepted_documents: ['loan_application'] }),
      );
      expect(expectRussianError(response, 400)).toContain(
        '«Согласие на запрос в бюро кредитных историй»',
      );
    });

    it('is NEW at once, then APPROVED by the scoring within seconds, with the quote', async () => {
      const borrower = await createBorrower(testApp);
      const created = orderOf(await postOrder(testApp, borrower, orderBody(firstTariff)));
      expect([ORDER_STATUS.NEW, ORDER_STATUS.ACCEPTED]).toContain(created.status_id);
      expect(created.contract_number).toBeNull();
      const order = await waitForDecision(testApp, borrower.headers, created.id);
      expect(orderSchema.parse(order)).toMatchObject({
        status_id: ORDER_STATUS.APPROVED,
        amount: '10000.00',
        period: 30,
        day_percent: '0.8',
        return_sum: '12400.00',
        psk: { percent: '292.000', amount: '2400.00' },
        insurance_ids: [],
        balance: null,
        due_date: null,
      });
      expect(order.contract_number).toBe(`ЗМ-${String(order.id).padStart(6, '0')}`);
      const [scoring] = await testApp.ctx.db
        .select()
        .from(orderScorings)
        .where(eq(orderScorings.orderId, order.id));
      expect(scoring?.approved).toBe(true);
      expect(scoring?.rules.every((rule) => rule.passed)).toBe(true);
      expect(scoring?.forcedBy).toBeNull();
    });

    it('locks the passport once the client has an order', async () => {
      const borrower = await createBorrower(testApp);
      const profile = async () =>
        clientProfileResponseSchema.parse((await get('/api/clients/profile', borrower)).json());
      expect((await profile()).data.passport_locked).toBe(false);
      await decidedOrder(testApp, borrower);
      expect((await profile()).data.passport_locked).toBe(true);
      // Its photos are locked with it; the selfie is not part of the passport.
      const png = await smallPng();
      const passport = await uploadPhoto(
        testApp,
        borrower.headers,
        photoParts('passport_main', png),
      );
      expectRefusal(passport, 'PASSPORT_PHOTOS_LOCKED');
      const selfie = await uploadPhoto(testApp, borrower.headers, photoParts('selfie', png));
      expect(selfie.statusCode, selfie.body).toBe(200);
    });

    it('refuses a second order while one is unfinished, and any order during an open loan', async () => {
      const borrower = await createBorrower(testApp);
      await approvedOrder(testApp, borrower);
      const second = await postOrder(testApp, borrower, orderBody(firstTariff));
      expectRefusal(second, 'ORDER_IN_PROGRESS');

      const withLoan = await createBorrower(testApp);
      await insertOrder(testApp, withLoan.client.id, { statusId: ORDER_STATUS.EXPIRED });
      const during = await postOrder(testApp, withLoan, orderBody(firstTariff));
      expectRefusal(during, 'LOAN_OPEN');
    });

    it('lets an operator read the orders but not apply for the client (403)', async () => {
      const operator = await createBorrower(testApp, { operatorName: 'Петрова А.' });
      expectRussianError(await postOrder(testApp, operator, orderBody(firstTariff)), 403);
      expect(await listOrders(testApp, operator.headers)).toEqual([]);
    });
  });

  describe('sandbox identities and the rules', () => {
    it('refuses «Отказова», with a reason and a 30-day moratorium', async () => {
      const borrower = await createBorrower(testApp, { surname: 'Отказова' });
      const order = await decidedOrder(testApp, borrower);
      expect(order.status_id).toBe(ORDER_STATUS.REFUSED);
      const until = addDays(moscowDate(testApp.clock.now()), 30);
      const [day, month, year] = [until.slice(8), until.slice(5, 7), until.slice(0, 4)];
      expect(order.status_reason).toContain(`Новую заявку можно подать с ${day}.${month}.${year}`);
      const [scoring] = await testApp.ctx.db
        .select()
        .from(orderScorings)
        .where(eq(orderScorings.orderId, order.id));
      expect(scoring?.forcedBy).toBe('surname:Отказова');
    });

    it('approves «Одобренов» even with an income too low for the rules', async () => {
      const borrower = await createBorrower(testApp, {
        surname: 'Одобренов',
        monthlyIncome: '5000',
      });
      expect((await decidedOrder(testApp, borrower)).status_id).toBe(ORDER_STATUS.APPROVED);
    });

    it('refuses by the rules: debt load, self-ban (birth place «Самозапрет»), age', async () => {
      const cases = [
        { options: { monthlyIncome: '20000' }, rule: 'debt_load' },
        { options: { birthPlace: 'пос. Самозапретный' }, rule: 'self_ban' },
        { options: { birthDate: '1940-01-01' }, rule: 'age' },
      ];
      for (const { options, rule } of cases) {
        const borrower = await createBorrower(testApp, options);
        const order = await decidedOrder(testApp, borrower);
        expect(order.status_id, rule).toBe(ORDER_STATUS.REFUSED);
        const [scoring] = await testApp.ctx.db
          .select()
          .from(orderScorings)
          .where(eq(orderScorings.orderId, order.id));
        expect(scoring?.rules.filter((item) => !item.passed).map((item) => item.rule)).toContain(
          rule,
        );
      }
    });
  });

  describe('moratorium and refusal showcase', () => {
    it('status true without a refusal; false with end_date = +30 days after one; true again after', async () => {
      const borrower = await createBorrower(testApp, { surname: 'Отказов' });
      const moratorium = async () =>
        moratoriumResponseSchema.parse((await get('/api/clients/moratorium', borrower)).json()).data
          .data;
      expect(await moratorium()).toEqual({ status: true, end_date: null });
      await decidedOrder(testApp, borrower);
      const today = moscowDate(testApp.clock.now());
      expect(await moratorium()).toEqual({ status: false, end_date: addDays(today, 30) });
      const blocked = await postOrder(testApp, borrower, orderBody(firstTariff));
      expect(blocked.json()).toMatchObject({ code: 'MORATORIUM' });
      expect(expectRussianError(blocked, 409)).toMatch(/\d\d\.\d\d\.\d{4}$/);

      const showcase = async (page: '0' | '1') =>
        refusalShowcaseResponseSchema.parse(
          (
            await get(`/api/clients/refusal-showcase?is_on_page_denied_loan=${page}`, borrower)
          ).json(),
        ).data.params;
      expect(await showcase('1')).toEqual({
        link: 'https://offers.example.com/dengi-srazu',
        refusal_link_latency_in_seconds: 10,
        window_to_open: 'in-same-window',
      });
      expect(await showcase('0')).toEqual({
        link: 'https://offers.example.com/dengi-srazu',
        refusal_link_latency_in_seconds: 0,
        window_to_open: 'in-new-window',
      });

      testApp.clock.advanceBy(30 * DAY_MS + 60_000);
      // The old session has expired meanwhile (7 idle days): sign in again.
      const fresh = await issueSession(testApp.ctx, borrower.client.id);
      borrower.headers = { authorization: `Bearer ${fresh.token}` };
      expect(await moratorium()).toEqual({ status: true, end_date: null });
      expect((await showcase('1')).link).toBeNull();
      expect((await postOrder(testApp, borrower, orderBody(firstTariff))).statusCode).toBe(200);
    });

    it('shows no link to a client without a refusal; checks the query', async () => {
      const borrower = await createBorrower(testApp);
      const response = await get(
        '/api/clients/refusal-showcase?is_on_page_denied_loan=1',
        borrower,
      );
      expect(refusalShowcaseResponseSchema.parse(response.json()).data.params).toEqual({
        link: null,
        refusal_link_latency_in_seconds: 0,
        window_to_open: 'in-new-window',
      });
      expectRussianError(
        await get('/api/clients/refusal-showcase?is_on_page_denied_loan=2', borrower),
        400,
      );
      expectRussianError(await get('/api/clients/refusal-showcase', borrower), 400);
    });

    it('lists the partner offers from the database', async () => {
      const borrower = await createBorrower(testApp);
      const response = await get('/api/clients/refusal-showcase-all', borrower);
      const { offers } = refusalShowcaseAllResponseSchema.parse(response.json()).data;
      expect(offers.map((offer) => offer.name)).toEqual([
        'ДеньгиСразу',
        'Быстрый рубль',
        'КредитПлюс',
      ]);
      expect(offers[0]?.max_sum).toBe('30000.00');
    });
  });

  describe('POST /orders/verify (signing) and POST /orders/{id}/reject', () => {
    it('refuses a wrong code, an expired one and a code of another purpose', async () => {
      const borrower = await createBorrower(testApp);
      const order = await approvedOrder(testApp, borrower);
      const code = await requestSignCode(testApp, borrower, order.id);
      expect(
        expectRussianError(await verify(testApp, borrower, order.id, wrongCode(code)), 400),
      ).toMatch(/Неверный код/);

      testApp.clock.advanceBy(5 * 60_000 + 1_000);
      expect(expectRussianError(await verify(testApp, borrower, order.id, code), 400)).toMatch(
        /истёк/,
      );

      expect((await requestCode(testApp, borrower.client.phone, 'signin')).statusCode).toBe(200);
      const signinCode = await lastCode(testApp, borrower.client.phone);
      expectRussianError(await verify(testApp, borrower, order.id, signinCode), 400);
      const [unsigned] = await listOrders(testApp, borrower.headers);
      expect(unsigned?.status_id).toBe(ORDER_STATUS.APPROVED);
    });

    it('signs with the right code: SIGNED and a signature record; a second try is 409', async () => {
      const borrower = await createBorrower(testApp);
      const order = await approvedOrder(testApp, borrower, { insurance_ids: [1] });
      const code = await requestSignCode(testApp, borrower, order.id);
      const signed = orderOf(await verify(testApp, borrower, order.id, code));
      expect(signed.status_id).toBe(ORDER_STATUS.SIGNED);
      expect(signed.signed_at).not.toBeNull();
      const [record] = await testApp.ctx.db
        .select()
        .from(orderSignatures)
        .where(eq(orderSignatures.orderId, order.id));
      expect(record).toMatchObject({
        clientId: borrower.client.id,
        ip: borrower.ip,
        phone: borrower.client.phone,
      });
      expect(record?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(record?.codeHash).not.toContain(code);
      expect(record?.documents.map((document) => document.kind)).toEqual([
        'individual_terms',
        'payment_schedule',
        'insurance_application',
      ]);
      for (const document of record?.documents ?? []) {
        expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(document.version).toBe('1.0 от 01.03.2026');
      }
      expectRefusal(await verify(testApp, borrower, order.id, code), 'CONTRACT_ALREADY_SIGNED');
    });

    it('is 403 for an operator and 404 for another client’s order', async () => {
      const borrower = await createBorrower(testApp);
      const order = await approvedOrder(testApp, borrower);
      const operator = { ...borrower, ...(await operatorOf(borrower)) };
      expectRussianError(await verify(testApp, operator, order.id, '123456'), 403);
      const stranger = await createBorrower(testApp);
      expectRussianError(await signCodeRequest(testApp, stranger, order.id), 404);
      const own = await approvedOrder(testApp, stranger);
      const code = await requestSignCode(testApp, stranger, own.id);
      expectRussianError(await verify(testApp, stranger, order.id, code), 404);
      const log = testApp.logs;
      await log.settled();
      expect(log.entries().some((entry) => entry.security === 'access_denied')).toBe(true);
    });

    it('rejects an approved order → REJECTED_BY_CLIENT, once; nothing else is rejectable', async () => {
      const borrower = await createBorrower(testApp);
      const order = await approvedOrder(testApp, borrower);
      const reject = (id: number, who: Pick<Borrower, 'headers'> = borrower) =>
        testApp.app.inject({
          method: 'POST',
          url: `/api/orders/${id}/reject`,
          headers: who.headers,
        });
      const stranger = await createBorrower(testApp);
      expectRussianError(await reject(order.id, stranger), 404);
      const rejected = orderOf(await reject(order.id));
      expect(rejected.status_id).toBe(ORDER_STATUS.REJECTED_BY_CLIENT);
      expect(orderOf(await reject(order.id)).status_id).toBe(ORDER_STATUS.REJECTED_BY_CLIENT);
      expect(expectRussianError(await signCodeRequest(testApp, borrower, order.id), 409)).toMatch(
        /подписать можно только одобренную заявку/,
      );
      expectRussianError(await verify(testApp, borrower, order.id, '123456'), 409);
      const refused = await createBorrower(testApp, { surname: 'Отказов' });
      const refusedOrder = await decidedOrder(testApp, refused);
      expectRussianError(await reject(refusedOrder.id, refused), 409);
      expectRussianError(await reject(0), 400);
      // After rejecting, the client may apply again at once.
      expect((await postOrder(testApp, borrower, orderBody(firstTariff))).statusCode).toBe(200);
    });
  });

  async function operatorOf(borrower: Borrower) {
    const session = await issueSession(testApp.ctx, borrower.client.id, {
      operatorName: 'Петрова А.',
    });
    return { headers: { authorization: `Bearer ${session.token}` } };
  }
});
