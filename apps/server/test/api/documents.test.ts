import { documentsListResponseSchema, ORDER_STATUS } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSignatures } from '../../src/db/schema';
import { pdfText, squeeze, writeTempPdf } from '../../src/documents/pdf/pdf-text';
import { sha256Hex } from '../../src/services/documents/render';
import { expectRussianError, type InjectResponse } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  approvedOrder,
  createBorrower,
  insertOrder,
  requestSignCode,
  tariffIds,
  verify,
  type Borrower,
} from './orders-helpers';

describe('documents: lists, PDFs with the client’s data, owner-only access', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const get = (url: string, who?: Pick<Borrower, 'headers'>) =>
    testApp.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });

  const list = async (url: string, who?: Pick<Borrower, 'headers'>) => {
    const response = await get(url, who);
    expect(response.statusCode, response.body).toBe(200);
    return documentsListResponseSchema.parse(response.json()).data;
  };

  /** What a reader of the PDF sees, squeezed to single spaces. */
  function textOf(response: InjectResponse): string {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    return squeeze(pdfText(writeTempPdf(response.rawPayload)));
  }

  it('lists the registration documents; their PDFs are open to anyone', async () => {
    const documents = await list('/api/documents/register_documents');
    expect(documents.map((document) => document.link)).toEqual([
      'documents/file/personal_data_consent',
      'documents/file/terms_of_service',
      'documents/file/asp_agreement',
      'documents/file/privacy_policy',
      'documents/file/marketing_consent',
    ]);
    const text = textOf(await get(`/api/${documents[0]?.link ?? ''}`));
    expect(text).toContain('Согласие на обработку персональных данных');
  });

  it('authenticates a client document by the one auth hook: a bad token is logged as auth_failed', async () => {
    const forged = { authorization: `Bearer ${'q'.repeat(43)}` };
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/documents/file/loan_application',
      headers: forged,
    });
    expectRussianError(response, 401);
    const entries = (await testApp.logs.settled()).entries();
    expect(entries).toContainEqual(
      expect.objectContaining({ security: 'auth_failed', reason: 'unknown_or_expired_token' }),
    );
    expectRussianError(await get('/api/documents/file/no_such_kind'), 400);
  });

  it('renders a registration document once: the same edition and bytes on both of its addresses', async () => {
    const viaFile = await get('/api/documents/file/privacy_policy');
    const viaPublic = await get('/api/documents/public/privacy_policy');
    textOf(viaFile);
    expect(viaPublic.statusCode).toBe(200);
    expect(viaPublic.rawPayload.equals(viaFile.rawPayload)).toBe(true);
    expect(viaPublic.headers['cache-control']).toBe('public, max-age=3600');
    expect(viaFile.headers['content-disposition']).toBe('inline; filename="privacy_policy.pdf"');
  });

  it('lists the pre-order documents with the calculator choice; the application shows it', async () => {
    const borrower = await createBorrower(testApp);
    const { first } = await tariffIds(testApp);
    const query = `tariff_id=${first}&amount=15000.00&period=21&insurance_ids=1`;
    const documents = await list(`/api/documents/preorder_documents?${query}`, borrower);
    expect(documents.map((document) => document.name)).toEqual([
      'Заявление на предоставление микрозайма',
      'Согласие на запрос в бюро кредитных историй',
    ]);
    const application = documents[0]?.link ?? '';
    expect(application).toContain('amount=15000.00');
    const text = textOf(await get(`/api/${application}`, borrower));
    expect(text).toContain('Смирнова Анна Сергеевна');
    expect(text).toMatch(/15\s000/u);
    expect(text).toContain('Защита заёмщика');
    expect(textOf(await get(`/api/${documents[1]?.link ?? ''}`, borrower))).toContain('4512');
    expectRussianError(await get('/api/documents/file/loan_application', borrower), 400);
    expectRussianError(await get(`/api/${application}`), 401);
    expectRussianError(await get('/api/documents/preorder_documents'), 401);
  });

  it('lists the contract of an approved order with its id, checked; another client gets 404', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower);
    const documents = await list(
      `/api/documents/contract_documents?order_id=${order.id}`,
      borrower,
    );
    expect(documents).toEqual([
      {
        link: `documents/file/individual_terms?order_id=${order.id}`,
        name: 'Индивидуальные условия договора потребительского микрозайма',
        checked: true,
      },
      {
        link: `documents/file/payment_schedule?order_id=${order.id}`,
        name: 'График платежей',
        checked: true,
      },
    ]);
    const stranger = await createBorrower(testApp);
    const foreign = `/api/documents/contract_documents?order_id=${order.id}`;
    expectRussianError(await get(foreign, stranger), 404);
    expectRussianError(
      await get(`/api/documents/file/individual_terms?order_id=${order.id}`, stranger),
      404,
    );
    expectRussianError(await get('/api/documents/contract_documents', borrower), 400);
  });

  it('individual terms hold the client’s name, the sum and the ПСК 292,000 %', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower);
    const text = textOf(
      await get(`/api/documents/file/individual_terms?order_id=${order.id}`, borrower),
    );
    expect(text).toContain('Смирнова Анна Сергеевна');
    expect(text).toMatch(/10\s000/u);
    expect(text).toMatch(/12\s400/u);
    expect(text).toContain('292,000');
    expect(text).toContain(order.contract_number ?? 'no contract number');
    expect(text).toContain('Документ не подписан');
    expect(text).toContain('ООО МКК «Займо»');
  });

  it('serves the pre-order documents of an order with the acceptance record', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower);
    const text = textOf(
      await get(`/api/documents/file/bki_consent?order_id=${order.id}`, borrower),
    );
    expect(text).toContain('Подписано простой электронной подписью');
    expect(text).toContain('Отметка о согласии в личном кабинете');
  });

  it('signed documents carry the signature record and hash to what was signed', async () => {
    const borrower = await createBorrower(testApp);
    const order = await approvedOrder(testApp, borrower, { insurance_ids: [2] });
    const links = await list(`/api/documents/contract_documents?order_id=${order.id}`, borrower);
    expect(links.map((link) => link.link.split('?')[0])).toContain(
      'documents/file/insurance_application',
    );
    const code = await requestSignCode(testApp, borrower, order.id);
    expect((await verify(testApp, borrower, order.id, code)).statusCode).toBe(200);
    const [record] = await testApp.ctx.db
      .select()
      .from(orderSignatures)
      .where(eq(orderSignatures.orderId, order.id));
    for (const signed of record?.documents ?? []) {
      const response = await get(
        `/api/documents/file/${signed.kind}?order_id=${order.id}`,
        borrower,
      );
      expect(sha256Hex(response.rawPayload), signed.kind).toBe(signed.sha256);
      const text = textOf(response);
      expect(text).toContain('Подписано простой электронной подписью');
      expect(text).toContain(record?.codeHash.slice(0, 16) ?? 'no hash');
    }
    expect(
      textOf(await get(`/api/documents/file/insurance_application?order_id=${order.id}`, borrower)),
    ).toContain('Финансовая защита');
  });

  it('has no contract before approval and no insurance application without insurance', async () => {
    const borrower = await createBorrower(testApp);
    const fresh = await insertOrder(testApp, borrower.client.id, { statusId: ORDER_STATUS.NEW });
    expectRussianError(
      await get(`/api/documents/contract_documents?order_id=${fresh.id}`, borrower),
      409,
    );
    expectRussianError(
      await get(`/api/documents/file/individual_terms?order_id=${fresh.id}`, borrower),
      409,
    );
    const other = await createBorrower(testApp);
    const order = await approvedOrder(testApp, other);
    expectRussianError(
      await get(`/api/documents/file/insurance_application?order_id=${order.id}`, other),
      404,
    );
    expectRussianError(await get('/api/documents/file/nonsense', other), 400);
  });
});
