import { addDays, moscowDate, ORDER_STATUS, STAFF_ROLES, type StaffRole } from '@zaymo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditHolidayDocuments,
  creditHolidays,
  loanLedger,
  loanOrders,
} from '../../src/db/schema';
import { writeStoredFile } from '../../src/services/files/storage';
import { registeredRoutes } from '../../src/http/openapi';
import { storeClientImage } from '../../src/services/files/files';
import { smallPng } from '../../src/services/files/test-images';
import { scoreOrder } from '../../src/services/scoring/scoring';
import { createBorrower, insertOrder } from '../api/orders-helpers';
import { createStaffMember, staffHeaders, uniqueLogin, STAFF_PASSWORD } from '../api/crm-helpers';
import { sandboxBureau } from '../helpers/bureau';
import { createTestApp, type TestApp } from '../helpers/test-app';
import type { FormPart } from '../api/files-upload';
import { createdTicket, file, postForm, SMALL_PDF, ticketFields } from '../api/tickets-helpers';
import { expectRefusal } from '../helpers/refusal';

/**
 * The role × route matrix of the operator console. Every /api/crm route is either one
 * of the two sign-in steps or declares `auth: 'staff'` and a least role; each is called
 * anonymously, with a client's token and with each role's token. A route without a declared
 * role, or missing from the table below, fails here.
 */

const PUBLIC_ROUTES = new Set(['POST /api/crm/auth/password', 'POST /api/crm/auth/totp']);

interface Sample {
  /** The least role that gets in. */
  role: StaffRole;
  /** A request that succeeds for that role (2xx). */
  request: (ids: Ids) => { url: string; payload?: Record<string, unknown>; form?: FormPart[] };
}

interface Ids {
  clientId: number;
  fileId: number;
  ticketId: number;
  attachmentId: number;
  staffToBlock: () => Promise<number>;
  /** A fresh order waiting for manual review: a decision takes it out of the queue. */
  orderInReview: () => Promise<number>;
  /** A fresh overdue loan: each contact logged counts against its debtor's limits. */
  overdueOrder: () => Promise<number>;
  /** A fresh waiver proposed by a collector outside the matrix: anyone else may decide it. */
  waiverToDecide: () => Promise<number>;
  /** A fresh pending credit holiday request with one document: a decision takes it. */
  pendingHoliday: () => Promise<{ id: number; fileId: number }>;
}

const MATRIX: Record<string, Sample> = {
  'POST /api/crm/auth/logout': {
    role: 'operator',
    request: () => ({ url: '/api/crm/auth/logout' }),
  },
  'GET /api/crm/me': { role: 'operator', request: () => ({ url: '/api/crm/me' }) },
  'GET /api/crm/clients': {
    role: 'operator',
    request: () => ({ url: `/api/crm/clients?q=${encodeURIComponent('Смирн')}` }),
  },
  'GET /api/crm/clients/:id': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}` }),
  },
  'GET /api/crm/clients/:id/loans': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}/loans` }),
  },
  'GET /api/crm/clients/:id/credit-holidays': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}/credit-holidays` }),
  },
  'GET /api/crm/clients/:id/reminders': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}/reminders` }),
  },
  'POST /api/crm/clients/:id/passport': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}/passport` }),
  },
  'POST /api/crm/clients/:id/operator-link': {
    role: 'operator',
    request: ({ clientId }) => ({ url: `/api/crm/clients/${clientId}/operator-link` }),
  },
  'GET /api/crm/clients/:id/files/:fileId': {
    role: 'operator',
    request: ({ clientId, fileId }) => ({ url: `/api/crm/clients/${clientId}/files/${fileId}` }),
  },
  'GET /api/crm/clients/:id/documents/file/:kind': {
    role: 'operator',
    request: ({ clientId }) => ({
      url: `/api/crm/clients/${clientId}/documents/file/personal_data_consent`,
    }),
  },
  'GET /api/crm/tickets': { role: 'operator', request: () => ({ url: '/api/crm/tickets' }) },
  'GET /api/crm/tickets/:id': {
    role: 'operator',
    request: ({ ticketId }) => ({ url: `/api/crm/tickets/${ticketId}` }),
  },
  'POST /api/crm/tickets/:id/messages': {
    role: 'operator',
    request: ({ ticketId }) => ({
      url: `/api/crm/tickets/${ticketId}/messages`,
      form: [{ name: 'text', value: 'Ответ из матрицы ролей' }],
    }),
  },
  'POST /api/crm/tickets/:id/close': {
    role: 'operator',
    request: ({ ticketId }) => ({ url: `/api/crm/tickets/${ticketId}/close` }),
  },
  'GET /api/crm/tickets/:id/attachments/:attachmentId': {
    role: 'operator',
    request: ({ ticketId, attachmentId }) => ({
      url: `/api/crm/tickets/${ticketId}/attachments/${attachmentId}`,
    }),
  },
  'GET /api/crm/review': { role: 'risk', request: () => ({ url: '/api/crm/review' }) },
  'POST /api/crm/review/:orderId/decision': {
    role: 'risk',
    // Resolved per call: a fresh order in the queue each time.
    request: () => ({
      url: '/api/crm/review/:orderId/decision',
      payload: { decision: 'approve', reason: 'Проверено в матрице ролей' },
    }),
  },
  'GET /api/crm/audit': { role: 'admin', request: () => ({ url: '/api/crm/audit' }) },
  'GET /api/crm/audit.csv': { role: 'admin', request: () => ({ url: '/api/crm/audit.csv' }) },
  'GET /api/crm/staff': { role: 'admin', request: () => ({ url: '/api/crm/staff' }) },
  'POST /api/crm/staff': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/staff',
      payload: {
        login: uniqueLogin('new'),
        name: 'Новый Сотрудник',
        role: 'operator',
        password: STAFF_PASSWORD,
      },
    }),
  },
  'POST /api/crm/staff/:id/block': {
    role: 'admin',
    // Resolved per call: a fresh staff member to block each time.
    request: () => ({ url: '/api/crm/staff/:id/block' }),
  },
  // Tariffs and settings: the seeded first tariff, insurance and partner
  'GET /api/crm/settings': { role: 'admin', request: () => ({ url: '/api/crm/settings' }) },
  'GET /api/crm/settings/history': {
    role: 'admin',
    request: () => ({ url: '/api/crm/settings/history?entity=tariff&id=1' }),
  },
  'POST /api/crm/settings/tariffs/:id': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/settings/tariffs/1',
      payload: {
        name: 'Первый заём',
        min_sum: '1000.00',
        max_sum: '30000.00',
        sum_step: '1000.00',
        min_period: 5,
        max_period: 30,
        period_step: 1,
        day_percent: '0.8',
        is_active: true,
        position: 1,
      },
    }),
  },
  'POST /api/crm/settings/insurances/:id': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/settings/insurances/1',
      payload: {
        name: 'Защита заёмщика',
        description: 'Страхование жизни и здоровья на срок займа.',
        price: '490.00',
        is_active: true,
        position: 1,
      },
    }),
  },
  'POST /api/crm/settings/partners/:id': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/settings/partners/1',
      payload: {
        name: 'ДеньгиСразу',
        description: 'Заём на карту за 15 минут.',
        link: 'https://offers.example.com/dengi-srazu',
        max_sum: '30000.00',
        rate_text: 'от 0 % в день',
        is_active: true,
        position: 1,
      },
    }),
  },
  'POST /api/crm/settings/showcase-rules/:page': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/settings/showcase-rules/denied',
      payload: { partner_id: 1, latency_seconds: 5, window_to_open: 'in-new-window' },
    }),
  },
  'POST /api/crm/settings/moratorium': {
    role: 'admin',
    request: () => ({ url: '/api/crm/settings/moratorium', payload: { days: 30 } }),
  },
  'POST /api/crm/settings/bureau-wait': {
    role: 'admin',
    request: () => ({
      url: '/api/crm/settings/bureau-wait',
      payload: { minutes: 60, action: 'review' },
    }),
  },
  'GET /api/crm/bureau': { role: 'risk', request: () => ({ url: '/api/crm/bureau' }) },
  // Collections: resolved per call, a fresh overdue loan each time
  'GET /api/crm/collections': {
    role: 'collector',
    request: () => ({ url: '/api/crm/collections?bucket=1-7' }),
  },
  'GET /api/crm/collections/collectors': {
    role: 'collector',
    request: () => ({ url: '/api/crm/collections/collectors' }),
  },
  'GET /api/crm/collections/:orderId': {
    role: 'collector',
    request: () => ({ url: '/api/crm/collections/:orderId' }),
  },
  'POST /api/crm/collections/:orderId/assign': {
    role: 'collector',
    request: () => ({ url: '/api/crm/collections/:orderId/assign', payload: { staff_id: null } }),
  },
  'POST /api/crm/collections/:orderId/contacts': {
    role: 'collector',
    request: () => ({
      url: '/api/crm/collections/:orderId/contacts',
      payload: { channel: 'call', note: 'Звонок из матрицы ролей' },
    }),
  },
  'POST /api/crm/collections/:orderId/promises': {
    role: 'collector',
    request: () => ({
      url: '/api/crm/collections/:orderId/promises',
      payload: { amount: '1000', due_on: '2026-11-30' },
    }),
  },
  'GET /api/crm/collections/:orderId/reminders': {
    role: 'collector',
    request: () => ({ url: '/api/crm/collections/:orderId/reminders' }),
  },
  'POST /api/crm/collections/:orderId/protections': {
    role: 'collector',
    request: () => ({
      url: '/api/crm/collections/:orderId/protections',
      payload: { kind: 'hospital', from: '2026-11-20', until: '2026-11-21' },
    }),
  },
  'POST /api/crm/collections/:orderId/waivers': {
    role: 'collector',
    request: () => ({
      url: '/api/crm/collections/:orderId/waivers',
      payload: { kind: 'write_off', reason: 'Предложение из матрицы ролей' },
    }),
  },
  'GET /api/crm/waivers': { role: 'risk', request: () => ({ url: '/api/crm/waivers' }) },
  'POST /api/crm/waivers/:id/decision': {
    role: 'risk',
    request: () => ({
      url: '/api/crm/waivers/:id/decision',
      payload: { decision: 'approve', reason: 'Решение из матрицы ролей' },
    }),
  },
};

Object.assign(MATRIX, {
  'GET /api/crm/credit-holidays': {
    role: 'risk',
    request: () => ({ url: '/api/crm/credit-holidays?status=pending' }),
  },
  'POST /api/crm/credit-holidays/:id/decide': {
    role: 'risk',
    request: () => ({
      url: '/api/crm/credit-holidays/:id/decide',
      payload: { decision: 'refuse', reason: 'Решение из матрицы ролей' },
    }),
  },
  'GET /api/crm/credit-holidays/:id/documents/:fileId': {
    role: 'risk',
    request: () => ({ url: '/api/crm/credit-holidays/:id/documents/:fileId' }),
  },
} satisfies Record<string, Sample>);

const includes = (role: StaffRole, least: StaffRole) =>
  STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(least);

describe('operator console: role × route matrix', () => {
  let testApp: TestApp;
  let crmRoutes: { key: string; method: string; auth: string | null; role: string | null }[];
  let ids: Ids;
  let clientHeaders: { authorization: string };
  const members: Partial<Record<StaffRole, number>> = {};

  beforeAll(async () => {
    // A working Tuesday, 10:00 Moscow: the hours in which 230-FZ allows a contact.
    testApp = await createTestApp({ startAt: new Date('2026-11-24T07:00:00Z') });
    crmRoutes = registeredRoutes(testApp.app)
      .filter((route) => route.url.startsWith('/api/crm/') && route.method !== 'HEAD')
      .map((route) => ({
        key: `${route.method} ${route.url}`,
        method: route.method,
        auth: route.auth,
        role: route.role,
      }));
    const borrower = await createBorrower(testApp, { surname: 'Смирнова' });
    clientHeaders = borrower.headers;
    const photo = await storeClientImage(
      testApp.ctx,
      borrower.client.id,
      'selfie',
      await smallPng(),
    );
    const ticket = await createdTicket(testApp, borrower.headers, [
      ...ticketFields(),
      file('scan.pdf', SMALL_PDF, 'application/pdf'),
    ]);
    ids = {
      clientId: borrower.client.id,
      fileId: photo.id,
      ticketId: ticket.id,
      attachmentId: ticket.messages[0]?.attachments[0]?.id ?? 0,
      staffToBlock: async () => (await createStaffMember(testApp, 'operator')).row.id,
      orderInReview: async () => {
        const client = await createBorrower(testApp, { surname: 'Проверкин', name: 'Иван' });
        const order = await insertOrder(testApp, client.client.id, {
          statusId: ORDER_STATUS.NEW,
        });
        await scoreOrder(testApp.ctx, order.id, sandboxBureau(testApp));
        return order.id;
      },
      overdueOrder: async () => {
        const client = await createBorrower(testApp, { surname: 'Должникова' });
        const order = await insertOrder(testApp, client.client.id, {
          statusId: ORDER_STATUS.EXPIRED,
        });
        const dueDate = addDays(moscowDate(testApp.clock.now()), -5);
        await testApp.ctx.db.update(loanOrders).set({ dueDate }).where(eq(loanOrders.id, order.id));
        await testApp.ctx.db.insert(loanLedger).values({
          orderId: order.id,
          entryKey: 'payout',
          kind: 'payout',
          amount: order.amount,
          entryDate: addDays(dueDate, -30),
          createdAt: testApp.clock.now(),
        });
        return order.id;
      },
      waiverToDecide: async () => {
        const orderId = await ids.overdueOrder();
        const waiver = await testApp.app.inject({
          method: 'POST',
          url: `/api/crm/collections/${orderId}/waivers`,
          headers: await staffHeaders(testApp, proposer),
          payload: { kind: 'write_off', reason: 'Предложение для матрицы ролей' },
        });
        return waiver.json().data.waiver.id;
      },
      pendingHoliday: () => Promise.reject(new Error('set below')),
    };
    ids.pendingHoliday = async () => {
      const orderId = await ids.overdueOrder();
      const [order] = await testApp.ctx.db
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.id, orderId));
      if (!order) throw new Error('no order');
      const now = testApp.clock.now();
      const [holiday] = await testApp.ctx.db
        .insert(creditHolidays)
        .values({
          clientId: order.clientId,
          orderId,
          ground: 'income_drop',
          status: 'pending',
          startDate: moscowDate(now),
          untilDate: addDays(moscowDate(now), 30),
          months: 1,
          dueDateBefore: order.dueDate ?? moscowDate(now),
          createdAt: now,
        })
        .returning();
      if (!holiday) throw new Error('no holiday');
      const storageName = await writeStoredFile(testApp.ctx.config.filesDir, SMALL_PDF);
      const [document] = await testApp.ctx.db
        .insert(creditHolidayDocuments)
        .values({
          holidayId: holiday.id,
          clientId: order.clientId,
          storageName,
          originalName: 'справка.pdf',
          contentType: 'application/pdf',
          size: SMALL_PDF.length,
          sha256: 'matrix',
          createdAt: now,
        })
        .returning();
      return { id: holiday.id, fileId: document?.id ?? 0 };
    };
    const proposer = (await createStaffMember(testApp, 'collector')).row.id;
    for (const role of STAFF_ROLES) members[role] = (await createStaffMember(testApp, role)).row.id;
  });
  afterAll(() => testApp.close());

  it('finds the console routes', () => {
    expect(crmRoutes.length).toBeGreaterThanOrEqual(Object.keys(MATRIX).length);
  });

  it('every console route is a sign-in step or declares a staff role', () => {
    const undeclared = crmRoutes
      .filter((route) => !PUBLIC_ROUTES.has(route.key))
      .filter((route) => route.auth !== 'staff' || !route.role)
      .map((route) => route.key);
    expect(undeclared).toEqual([]);
  });

  it('every declared route is in the matrix with the role it declares, and nothing else is', () => {
    const declared = crmRoutes.filter((route) => !PUBLIC_ROUTES.has(route.key));
    expect(declared.map((route) => route.key).sort()).toEqual(Object.keys(MATRIX).sort());
    for (const route of declared) expect(route.role, route.key).toBe(MATRIX[route.key]?.role);
  });

  async function resolved(template: string): Promise<string> {
    if (template.includes('/staff/:id/')) {
      return template.replace(':id', String(await ids.staffToBlock()));
    }
    if (template.includes('/review/:orderId/')) {
      return template.replace(':orderId', String(await ids.orderInReview()));
    }
    if (template.includes('/waivers/:id/')) {
      return template.replace(':id', String(await ids.waiverToDecide()));
    }
    if (template.includes('/credit-holidays/:id')) {
      const holiday = await ids.pendingHoliday();
      return template.replace(':id', String(holiday.id)).replace(':fileId', String(holiday.fileId));
    }
    if (template.includes('/collections/:orderId')) {
      return template.replace(':orderId', String(await ids.overdueOrder()));
    }
    return template;
  }

  async function call(routeKey: string, headers: Record<string, string>) {
    const sample = MATRIX[routeKey];
    if (!sample) throw new Error(`${routeKey} is not in the matrix`);
    const [method] = routeKey.split(' ');
    const { url: template, payload, form } = sample.request(ids);
    const url = await resolved(template);
    if (form) return postForm(testApp, url, headers, form);
    return testApp.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers,
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    });
  }

  it.each(Object.keys(MATRIX))('%s: anonymous and a client token get 401', async (routeKey) => {
    expect((await call(routeKey, {})).statusCode).toBe(401);
    expect((await call(routeKey, clientHeaders)).statusCode).toBe(401);
  });

  it.each(Object.keys(MATRIX))('%s: each role gets 403 or in', async (routeKey) => {
    const least = MATRIX[routeKey]?.role ?? 'admin';
    for (const role of STAFF_ROLES) {
      const staffId = members[role];
      if (staffId === undefined) throw new Error('no staff member');
      const response = await call(routeKey, await staffHeaders(testApp, staffId));
      const expected = includes(role, least) ? 200 : 403;
      expect(response.statusCode, `${role}: ${response.body.slice(0, 300)}`).toBe(expected);
    }
  });

  it('the sign-in steps answer without a session (a wrong password is 401, not 403)', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/crm/auth/password',
      payload: { login: 'nobody-here', password: 'wrong password' },
    });
    expectRefusal(response, 'STAFF_CREDENTIALS_WRONG');
  });
});
