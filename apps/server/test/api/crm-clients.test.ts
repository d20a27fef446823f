import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientConsents, clientIdentities, clients, crmAudit, sessions } from '../../src/db/schema';
import { CRM_SEARCH_LIMIT } from '@zaymo/contract';
import { searchQuery } from '../../src/services/crm/search';
import { storeClientImage } from '../../src/services/files/files';
import { smallPng } from '../../src/services/files/test-images';
import { uniquePhone } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders, type StaffMember } from './crm-helpers';
import { createBorrower, type Borrower } from './orders-helpers';
import { givenLoan, LONG_SESSIONS, type Loan } from './servicing-helpers';

describe('operator console: clients', () => {
  let testApp: TestApp;
  let operator: StaffMember;
  let headers: { authorization: string };
  let loan: Loan;
  let elkina: Borrower;

  beforeAll(async () => {
    testApp = await createTestApp({ env: LONG_SESSIONS });
    operator = await createStaffMember(testApp, 'operator', { name: 'Кузнецова Мария' });
    headers = await staffHeaders(testApp, operator.row.id);
    loan = await givenLoan(testApp);
    elkina = await createBorrower(testApp, { surname: 'Ёлкина', name: 'Дарья', withCard: false });
    await testApp.ctx.db
      .update(clientIdentities)
      .set({
        passport: {
          series_number: '4609555111',
          issue_date: '2016-04-01',
          division_code: '500-001',
          issued_by: 'ГУ МВД России по Московской области',
        },
      })
      .where(eq(clientIdentities.clientId, elkina.client.id));
  });
  afterAll(() => testApp.close());

  async function search(q: string): Promise<number[]> {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/crm/clients?q=${encodeURIComponent(q)}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.clients.map((client: { id: number }) => client.id);
  }

  describe('search', () => {
    it('by phone: whole, by its beginning, in any format', async () => {
      const phone = elkina.client.phone;
      expect(await search(phone)).toEqual([elkina.client.id]);
      const national = phone.slice(2);
      expect(await search(`8 ${national.slice(0, 3)} ${national.slice(3)}`)).toEqual([
        elkina.client.id,
      ]);
      expect(await search(phone.slice(0, 9))).toContain(elkina.client.id);
    });

    it('by ФИО: word beginnings, any case, ё as е', async () => {
      expect(await search('елкина')).toEqual([elkina.client.id]);
      expect(await search('ЁЛК дар')).toEqual([elkina.client.id]);
      expect(await search('Ёлкина Анна')).toEqual([]);
    });

    it('by contract number and by passport series and number', async () => {
      expect(await search(loan.contract)).toEqual([loan.borrower.client.id]);
      expect(await search(loan.contract.toLowerCase().replace('-', ''))).toEqual([
        loan.borrower.client.id,
      ]);
      expect(await search('46 09 555111')).toEqual([elkina.client.id]);
    });

    it('answers at most 50 clients, each with masked passport and contract numbers', async () => {
      await testApp.ctx.db.insert(clients).values(
        Array.from({ length: CRM_SEARCH_LIMIT + 5 }, () => ({
          phone: uniquePhone(),
          surname: 'Многоклиентова',
          name: 'Ольга',
        })),
      );
      expect(await search('многоклиент')).toHaveLength(CRM_SEARCH_LIMIT);
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients?q=${encodeURIComponent(loan.contract)}`,
        headers,
      });
      const [found] = response.json().data.clients;
      expect(found).toMatchObject({
        surname: 'Смирнова',
        passport_masked: '45 ** ***678',
        contract_numbers: [loan.contract],
      });
      expect(response.body).not.toContain('4512345678');
    });

    it('is an index lookup for every key (the query plan)', async () => {
      const queries = {
        clients_phone_prefix_idx: '+7912',
        clients_fio_prefix_idx: 'Ёлкина Дарья',
        client_identities_passport_idx: '4609555111',
        loan_orders_contract_number_unique: loan.contract,
      };
      for (const [index, q] of Object.entries(queries)) {
        const plan = await testApp.ctx.db.transaction(async (tx) => {
          // A tiny table is read whole by choice; forbid that to see which index the query uses.
          await tx.execute(sql`set local enable_seqscan = off`);
          const result = await tx.execute(sql`explain ${searchQuery(testApp.ctx, q)}`);
          return JSON.stringify(result);
        });
        expect(plan, q).toContain(index);
        expect(plan, q).not.toMatch(/Seq Scan on (clients|client_identities|loan_orders)\b/);
      }
    });

    it('refuses a query shorter than two characters', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/crm/clients?q=%D0%90',
        headers,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('the card', () => {
    it('shows the profile and identity with the passport masked, and audits the view', async () => {
      const client = loan.borrower.client;
      await testApp.ctx.db.insert(clientConsents).values({
        clientId: client.id,
        code: 'personal_data',
        document: 'personal_data_consent',
        version: '2026-01',
        acceptedAt: testApp.clock.now(),
        ip: '10.9.9.9',
      });
      const photo = await storeClientImage(
        testApp.ctx,
        elkina.client.id,
        'selfie',
        await smallPng(),
      );
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients/${client.id}`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const card = response.json().data;
      expect(card.phone).toBe(client.phone);
      expect(card.identity.personal).toMatchObject({ surname: 'Смирнова', name: 'Анна' });
      expect(card.identity.passport).toMatchObject({
        series_number_masked: '45 ** ***678',
        division_code: '770-045',
      });
      expect(card.identity.monthly_income).toBe('60000.00');
      expect(response.body).not.toContain('4512345678');
      expect(card.cards).toHaveLength(1);
      expect(card.cards[0].pan_masked).toBe('220000******0004');
      expect(response.body).not.toMatch(/\d{16}/);
      // The bureau consent came with the loan's order.
      expect(card.consents).toEqual([
        expect.objectContaining({ code: 'bki', action: 'given', document: 'bki_consent' }),
        expect.objectContaining({ code: 'personal_data', version: '2026-01', ip: '10.9.9.9' }),
      ]);
      expect(card.documents.length).toBeGreaterThan(0);
      const contract = card.documents.find(
        (document: { order_id: number | null }) => document.order_id === loan.order.id,
      );
      expect(contract.url).toMatch(new RegExp(`^/api/crm/clients/${client.id}/documents/file/`));
      const pdf = await testApp.app.inject({ method: 'GET', url: contract.url, headers });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const other = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients/${elkina.client.id}`,
        headers,
      });
      const [shown] = other.json().data.photos;
      expect(shown).toMatchObject({ id: photo.id, kind: 'selfie' });
      const image = await testApp.app.inject({ method: 'GET', url: shown.url, headers });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      // A file of another client through this client's address is not found.
      const foreign = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients/${client.id}/files/${photo.id}`,
        headers,
      });
      expect(foreign.statusCode).toBe(404);

      const audited = await testApp.ctx.db
        .select()
        .from(crmAudit)
        .where(eq(crmAudit.clientId, client.id));
      expect(audited.map((row) => [row.action, row.staffId])).toContainEqual([
        'client_viewed',
        operator.row.id,
      ]);
    });

    it('shows SMS and e-mail without codes and sign-in links', async () => {
      const client = elkina.client;
      await testApp.ctx.messaging.sms.send({
        to: client.phone,
        text: 'Займо: код 482913 для входа. Никому его не сообщайте.',
      });
      await testApp.ctx.messaging.email.send({
        to: client.phone,
        subject: 'Вход',
        text: 'Войдите по ссылке https://lk.zaymo.test/login?token=SECRETTOKEN123 за 15 минут',
      });
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients/${client.id}`,
        headers,
      });
      const { messages } = response.json().data;
      expect(messages.map((message: { channel: string }) => message.channel)).toContain('sms');
      expect(response.body).not.toContain('482913');
      expect(response.body).not.toContain('SECRETTOKEN123');
      expect(messages.find((message: { channel: string }) => message.channel === 'sms').text).toBe(
        'Займо: код •••••• для входа. Никому его не сообщайте.',
      );
    });

    it('lists orders with status history, scoring and the ledger in kopecks, payouts with gateway references', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/crm/clients/${loan.borrower.client.id}/loans`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [order] = response.json().data.orders;
      expect(order).toMatchObject({
        id: loan.order.id,
        status: 'GIVEN',
        contract_number: loan.contract,
        amount: loan.order.amount,
      });
      expect(order.status_history.map((step: { status: string }) => step.status)).toEqual([
        'NEW',
        'APPROVED',
        'SIGNED',
        'GIVEN',
      ]);
      expect(order.scoring.approved).toBe(true);
      expect(order.scoring.rules.length).toBeGreaterThan(0);
      expect(order.ledger.map((entry: { kind: string }) => entry.kind)).toContain('payout');
      const payoutEntry = order.ledger.find((entry: { kind: string }) => entry.kind === 'payout');
      expect(payoutEntry.amount).toMatch(/^\d+\.\d{2}$/);
      expect(order.payouts).toHaveLength(1);
      expect(order.payouts[0]).toMatchObject({ kind: 'payout', status: 'approved' });
      expect(order.payouts[0].reference).toBeTruthy();
      expect(order.payouts[0].gateway_order_id).toBeTruthy();
    });

    it('answers 404 for a client that does not exist', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/crm/clients/987654321',
        headers,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('actions', () => {
    it('reveals the passport and audits «показ паспорта» with the staff member', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/crm/clients/${elkina.client.id}/passport`,
        headers: { ...headers, 'user-agent': 'console-test' },
        remoteAddress: '10.20.30.40',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.series_number).toBe('4609555111');
      const [entry] = await testApp.ctx.db
        .select()
        .from(crmAudit)
        .where(eq(crmAudit.action, 'passport_revealed'));
      expect(entry).toMatchObject({
        staffId: operator.row.id,
        role: 'operator',
        clientId: elkina.client.id,
        ip: '10.20.30.40',
        userAgent: 'console-test',
      });
    });

    it('opens the cabinet in operator mode under the staff member’s name, audited', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/crm/clients/${elkina.client.id}/operator-link`,
        headers: { ...headers, host: 'console.zaymo.test:8443' },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { url, expires_at: expiresAt } = response.json().data;
      // The cabinet opens where the console was reached (no PUBLIC_URL here), not on localhost.
      expect(new URL(url).origin).toBe('http://console.zaymo.test:8443');
      expect(url).toContain('from_crm=true');
      expect(Date.parse(expiresAt)).toBeGreaterThan(testApp.clock.now().getTime());
      const token = new URL(url).searchParams.get('token') ?? '';
      const cabinet = await testApp.app.inject({
        method: 'GET',
        url: '/api/clients',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cabinet.statusCode).toBe(200);
      expect(cabinet.json().data.client).toMatchObject({
        id: elkina.client.id,
        is_operator_session: true,
        operator_name: 'Кузнецова Мария',
      });
      const operatorSessions = await testApp.ctx.db
        .select({ operatorName: sessions.operatorName })
        .from(sessions)
        .where(eq(sessions.clientId, elkina.client.id));
      expect(operatorSessions).toContainEqual({ operatorName: 'Кузнецова Мария' });
      const [entry] = await testApp.ctx.db
        .select()
        .from(crmAudit)
        .where(eq(crmAudit.action, 'operator_link_issued'));
      expect(entry).toMatchObject({ staffId: operator.row.id, clientId: elkina.client.id });
      expect(entry?.details.operator).toBe('Кузнецова Мария');
    });
  });
});
