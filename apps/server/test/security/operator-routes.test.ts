import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema';
import { apiErrorMessage } from '@zaymo/contract';
import type { OperatorRefusal } from '../../src/http/auth';
import { registeredRoutes } from '../../src/http/openapi';
import { issueOperatorLink } from '../../src/services/crm-links';
import { lastLink, signUpThroughApi, uniqueIp, type SignedUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { AttackTally } from './tally';

/**
 * What a CRM operator session may do, route by route. Every route that takes a
 * session is in this table, so a new route cannot slip in without deciding what an operator may
 * do there. 'read' routes answer the operator like the client; the others answer 403 with the
 * Russian reason before the body is read, and leave an `operator_denied` line.
 */
const OPERATOR_POLICY: Record<string, 'read' | 'steps-only' | OperatorRefusal> = {
  'GET /api/clients': 'read',
  'GET /api/clients/logout': 'read',
  'PATCH /api/clients/update': 'steps-only',
  'GET /api/clients/last_referer': 'read',
  'GET /api/clients/step': 'read',
  'GET /api/clients/profile': 'read',
  'POST /api/clients/email/confirmation': 'credentials',
  'POST /api/clients/:cid/phone-confirmation/request': 'credentials',
  'PATCH /api/clients/:cid/phone-confirmation/confirm': 'credentials',
  'POST /api/esia/resolve': 'credentials',
  'DELETE /api/esia/link': 'credentials',
  'POST /api/sms/send': 'credentials',
  'GET /api/clients/cards': 'read',
  'POST /api/clients/activate_card/:cardId': 'cards',
  'POST /api/clients/autopay_card/:cardId': 'cards',
  'DELETE /api/clients/cards/:cardId': 'cards',
  'GET /api/pay/link': 'cards',
  'POST /api/pay/callback/best2pay': 'cards',
  'GET /api/pay/callbackPayment': 'read',
  'GET /api/payment_system/payment': 'read',
  'GET /api/payment_system/payout': 'read',
  'GET /api/clients/orders': 'read',
  'POST /api/orders/create': 'money',
  'POST /api/orders/verify': 'money',
  'POST /api/orders/:orderId/reject': 'decision',
  'POST /api/orders/:orderId/cancel': 'decision',
  'POST /api/orders/:orderId/insurance/refusal': 'decision',
  'POST /api/orders/:orderId/payout': 'money',
  'GET /api/sbp/banks': 'read',
  'POST /api/orders/:orderId/sbp/precheck': 'money',
  'PUT /api/orders/:orderId/payout_method': 'money',
  'POST /api/pay/payment/:contract': 'money',
  'GET /api/loans/:orderId/prolongation': 'read',
  'GET /api/loans/:orderId/prolongation/agreement': 'read',
  'GET /api/clients/history': 'read',
  'GET /api/loans/:orderId/arrangements': 'read',
  'POST /api/loans/:orderId/promise': 'decision',
  'POST /api/loans/:orderId/callback': 'decision',
  'POST /api/loans/:orderId/interaction': 'decision',
  'GET /api/clients/moratorium': 'read',
  'GET /api/clients/inn': 'read',
  'PUT /api/clients/inn': 'read',
  'GET /api/clients/consents': 'read',
  'GET /api/credit-holidays': 'read',
  'POST /api/credit-holidays': 'decision',
  'POST /api/clients/consents/:consent/withdraw': 'decision',
  'POST /api/clients/consents/:consent/give': 'decision',
  'GET /api/clients/refusal-showcase': 'read',
  'GET /api/clients/refusal-showcase-all': 'read',
  'GET /api/documents/client_documents': 'read',
  'GET /api/documents/client_docs': 'read',
  'GET /api/documents/loan_documents/:ids': 'read',
  'GET /api/documents/preorder_documents': 'read',
  'GET /api/documents/contract_documents': 'read',
  'GET /api/documents/file/:kind': 'read',
  'POST /api/files/validate': 'read',
  'GET /api/files/get/:id': 'read',
  'GET /api/files/base64': 'read',
  'GET /api/clients/suggestions/fio': 'read',
  'GET /api/address-search': 'read',
  'GET /api/clients/suggestions/party': 'read',
  'GET /api/clients/suggestions/fms_unit': 'read',
  'GET /api/clients/suggestions/email': 'read',
  'GET /api/tickets/get': 'read',
  'POST /api/tickets/auth_create': 'read',
  'GET /api/tickets/attachments/:id': 'read',
  'GET /api/tickets/:id': 'read',
  'POST /api/tickets/:id/messages': 'read',
};

const tally = new AttackTally();
const CLASS = 'operator session: credentials, cards, signing, money';
const MINUTE = 60_000;

describe('operator (CRM) session, route by route', () => {
  let testApp: TestApp;
  let client: SignedUp;
  let operator: { authorization: string };
  beforeAll(async () => {
    testApp = await createTestApp();
    client = await signUpThroughApi(testApp);
    const link = await issueOperatorLink(testApp.ctx, {
      phone: client.phone,
      operatorName: 'Петрова А.',
    });
    operator = { authorization: `Bearer ${new URL(link.url).searchParams.get('token') ?? ''}` };
  });
  afterAll(async () => {
    tally.print();
    await testApp.close();
  });

  function concreteUrl(url: string): string {
    return url
      .replace(':cid', String(client.clientId))
      .replace(/:[A-Za-z]+/g, '1')
      .replace(/$/, url.includes('/pay/callback/best2pay') ? '?id=1&operation=1' : '');
  }

  it('classifies every route that takes a session', () => {
    const authed = registeredRoutes(testApp.app)
      .filter(
        (route) =>
          route.auth !== null &&
          route.auth !== 'staff' &&
          route.method !== 'HEAD' &&
          !route.url.startsWith('/api/test/'),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(authed.filter((route) => !(route in OPERATOR_POLICY))).toEqual([]);
    expect(Object.keys(OPERATOR_POLICY).filter((route) => !authed.includes(route))).toEqual([]);
  });

  it.each(Object.entries(OPERATOR_POLICY).filter(([, policy]) => policy !== 'read'))(
    '%s refuses the operator (%s)',
    async (route, policy) => {
      const [method, url] = route.split(' ') as ['GET', string];
      await testApp.logs.settled();
      const before = testApp.logs.entries().length;
      const response = await testApp.app.inject({
        method,
        url: concreteUrl(url),
        headers: operator,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        remoteAddress: uniqueIp(),
      });
      const refusal = (policy === 'steps-only' ? 'credentials' : policy) as OperatorRefusal;
      const held =
        response.statusCode === 403 &&
        response.json<{ message: string }>().message ===
          apiErrorMessage('OPERATOR_FORBIDDEN', { action: refusal });
      tally.record(CLASS, route, held);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({
        code: 'OPERATOR_FORBIDDEN',
        message: apiErrorMessage('OPERATOR_FORBIDDEN', { action: refusal }),
      });
      const lines = (await testApp.logs.settled()).entries().slice(before);
      expect(lines).toContainEqual(
        expect.objectContaining({
          security: 'operator_denied',
          operator: 'Петрова А.',
          clientId: client.clientId,
          refusal,
        }),
      );
    },
  );

  it.each(Object.entries(OPERATOR_POLICY).filter(([, policy]) => policy === 'read'))(
    '%s lets the operator in',
    async (route) => {
      const [method, url] = route.split(' ') as ['GET', string];
      if (url === '/api/clients/logout') return; // would end the session the other cases use
      const response = await testApp.app.inject({
        method,
        url: concreteUrl(url),
        headers: operator,
        remoteAddress: uniqueIp(),
      });
      expect([401, 403, 500], response.body).not.toContain(response.statusCode);
    },
  );

  it('lets the operator fill in an identity step but not change the e-mail', async () => {
    const step = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update?step=1',
      headers: operator,
      payload: {},
    });
    expect(step.statusCode).not.toBe(403);
    const email = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/clients/update',
      headers: operator,
      payload: { email: 'operator@example.ru' },
    });
    tally.record(CLASS, 'PATCH /api/clients/update {email}', email.statusCode === 403);
    expect(email.statusCode).toBe(403);
    const me = await testApp.app.inject({ method: 'GET', url: '/api/clients', headers: operator });
    expect(me.json<{ data: { client: { email: string | null } } }>().data.client.email).toBe(null);
  });

  it('sends no sign-in or reset link, for 24 hours, to an e-mail an operator session confirmed', async () => {
    const owner = await signUpThroughApi(testApp);
    const email = `quarantine.${Date.now()}@mail.ru`;
    const inject = (method: 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
      testApp.app.inject({ method, url, payload, headers, remoteAddress: uniqueIp() });
    await inject('PATCH', '/api/clients/update', { email }, owner.headers);
    await inject('POST', '/api/clients/email/confirmation', undefined, owner.headers);
    const token = (await lastLink(testApp, email)).searchParams.get('token');
    const link = await issueOperatorLink(testApp.ctx, {
      phone: owner.phone,
      operatorName: 'Сидоров К.',
    });
    const asOperator = {
      authorization: `Bearer ${new URL(link.url).searchParams.get('token') ?? ''}`,
    };
    const confirmed = await inject('POST', '/api/clients/email/confirm', { token }, asOperator);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const lettersBefore = await lettersTo(email);

    for (const url of ['/api/clients/login-link', '/api/clients/reset_by_email_url']) {
      const response = await inject('POST', url, { phone: owner.phone });
      expect(response.statusCode).toBe(200);
    }
    const held = (await lettersTo(email)) === lettersBefore;
    tally.record(CLASS, 'sign-in link to an e-mail an operator confirmed', held);
    expect(held).toBe(true);

    testApp.clock.advanceBy(24 * 60 * MINUTE + MINUTE);
    await inject('POST', '/api/clients/login-link', { phone: owner.phone });
    expect(await lettersTo(email)).toBe(lettersBefore + 1);
  });

  async function lettersTo(email: string): Promise<number> {
    const rows = await testApp.ctx.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, email));
    return rows.length;
  }
});
