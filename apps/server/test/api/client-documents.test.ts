import {
  clientDocsResponseSchema,
  clientDocumentsResponseSchema,
  type ClientDocument,
} from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../helpers/accounts';
import { createClientWithSession } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { approvedOrder, createBorrower, signedOrder, type Borrower } from './orders-helpers';

type Headers = Record<string, string>;

describe('the client’s documents', () => {
  let testApp: TestApp;
  let borrower: Borrower;
  let signedId = 0;

  beforeAll(async () => {
    testApp = await createTestApp();
    borrower = await createBorrower(testApp);
    signedId = (await signedOrder(testApp, borrower)).id;
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Headers) =>
    testApp.app.inject({ method: 'GET', url, headers });

  async function documents(url: string, headers: Headers): Promise<ClientDocument[]> {
    const response = await get(url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return clientDocumentsResponseSchema.parse(response.json()).data;
  }

  const summary = (document: ClientDocument) => ({
    kind: document.kind,
    group: document.group,
    method: document.signature?.method ?? null,
  });

  it('needs a session', async () => {
    for (const url of ['client_documents', 'client_docs', 'loan_documents/1']) {
      expect((await get(`/api/documents/${url}`, {})).statusCode, url).toBe(401);
    }
  });

  it('lists the registration documents with the consents given at sign-up', async () => {
    const client = await signUpThroughApi(testApp);
    const list = await documents('/api/documents/client_documents', client.headers);
    expect(list.map(summary)).toEqual([
      { kind: 'personal_data_consent', group: 'register_docs', method: 'acceptance' },
      { kind: 'terms_of_service', group: 'register_docs', method: 'acceptance' },
      { kind: 'asp_agreement', group: 'register_docs', method: 'acceptance' },
      { kind: 'privacy_policy', group: 'register_docs', method: null },
      { kind: 'marketing_consent', group: 'register_docs', method: 'acceptance' },
    ]);
    expect(list[0]).toMatchObject({
      link: 'documents/file/personal_data_consent',
      name: 'Согласие на обработку персональных данных',
      order_id: null,
      contract_number: null,
    });
  });

  it('lists an order’s application and, once signed, its contract', async () => {
    const list = await documents('/api/documents/client_documents', borrower.headers);
    const ofOrder = list.filter((document) => document.order_id === signedId);
    expect(ofOrder.map(summary)).toEqual([
      { kind: 'loan_application', group: 'orders_docs', method: 'acceptance' },
      { kind: 'bki_consent', group: 'orders_docs', method: 'acceptance' },
      { kind: 'individual_terms', group: 'contracts_docs', method: 'asp' },
      { kind: 'payment_schedule', group: 'contracts_docs', method: 'asp' },
    ]);
    const contract = ofOrder[2];
    expect(contract).toMatchObject({
      link: `documents/file/individual_terms?order_id=${signedId}`,
      checked: true,
    });
    expect(contract?.contract_number).toMatch(/\S/);
    expect(Date.parse(contract?.signature?.signed_at ?? '')).not.toBeNaN();

    const pdf = await get(`/api/${contract?.link}`, borrower.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('shows the contract of an approved order as not signed yet', async () => {
    const other = await createBorrower(testApp);
    const order = await approvedOrder(testApp, other);
    const list = await documents(`/api/documents/loan_documents/${order.id}`, other.headers);
    expect(list.map(summary)).toEqual([
      { kind: 'loan_application', group: 'orders_docs', method: 'acceptance' },
      { kind: 'bki_consent', group: 'orders_docs', method: 'acceptance' },
      { kind: 'individual_terms', group: 'contracts_docs', method: null },
      { kind: 'payment_schedule', group: 'contracts_docs', method: null },
    ]);
  });

  it('answers the same documents by group', async () => {
    const flat = await documents('/api/documents/client_documents', borrower.headers);
    const response = await get('/api/documents/client_docs', borrower.headers);
    const groups = clientDocsResponseSchema.parse(response.json()).data;
    expect(Object.keys(groups).sort()).toEqual([
      'contracts_docs',
      'orders_docs',
      'prolongation_docs',
      'register_docs',
    ]);
    expect(groups.contracts_docs.map((document) => document.kind)).toEqual([
      'individual_terms',
      'payment_schedule',
    ]);
    expect(groups.prolongation_docs).toEqual([]);
    expect(Object.values(groups).flat()).toHaveLength(flat.length);
  });

  it('gives one loan’s documents; another client’s order answers 404', async () => {
    const list = await documents(
      `/api/documents/loan_documents/${signedId},${signedId}`,
      borrower.headers,
    );
    expect(list.map((document) => document.order_id)).toEqual([
      signedId,
      signedId,
      signedId,
      signedId,
    ]);

    const stranger = await createClientWithSession(testApp);
    const foreign = await get(`/api/documents/loan_documents/${signedId}`, stranger.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/Заявка не найдена/);
    const denied = (await testApp.logs.settled())
      .entries()
      .filter((entry) => entry.security === 'access_denied' && entry.orderId === signedId);
    expect(denied).toHaveLength(1);
  });

  it('refuses a list that is not of order numbers', async () => {
    for (const ids of ['abc', '0', '1,,2', '-1', '1;2']) {
      const response = await get(`/api/documents/loan_documents/${ids}`, borrower.headers);
      expect(response.statusCode, ids).toBe(400);
      expect(response.json().message).toMatch(/[А-Яа-я]/);
    }
  });
});
