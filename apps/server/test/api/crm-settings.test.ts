import {
  addDays,
  crmSettingsHistoryResponseSchema,
  moscowDate,
  ORDER_STATUS,
  crmSettingsResponseSchema,
  tariffsResponseSchema,
  type CrmTariff,
} from '@zaymo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmAudit, loanOrders, settingsChanges } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createStaffMember, staffHeaders } from './crm-helpers';
import {
  createBorrower,
  listOrders,
  orderBody,
  orderOf,
  postOrder,
  tariffIds,
  waitForDecision,
} from './orders-helpers';

describe('tariffs and settings in the console', () => {
  let testApp: TestApp;
  let admin: { authorization: string };
  let adminId: number;

  beforeAll(async () => {
    testApp = await createTestApp();
    const member = await createStaffMember(testApp, 'admin', { name: 'Анна Админова' });
    adminId = member.row.id;
    admin = await staffHeaders(testApp, adminId);
  });
  afterAll(() => testApp.close());

  const call = (
    method: 'GET' | 'POST',
    url: string,
    headers: { authorization: string },
    payload?: Record<string, unknown>,
  ) =>
    testApp.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, 'user-agent': 'crm-test' },
      ...(payload === undefined ? {} : { payload }),
    });

  async function settings() {
    const response = await call('GET', '/crm/settings', admin);
    expect(response.statusCode, response.body).toBe(200);
    return crmSettingsResponseSchema.parse(response.json()).data;
  }

  function tariffEdit(tariff: CrmTariff, changes: Partial<Record<keyof CrmTariff, unknown>>) {
    const { id: _id, is_repeat: _repeat, ...editable } = tariff;
    return { ...editable, ...changes };
  }

  async function defaultTariff(): Promise<CrmTariff> {
    const { first } = await tariffIds(testApp);
    const tariff = (await settings()).tariffs.find((item) => item.id === first);
    if (!tariff) throw new Error('no default tariff');
    return tariff;
  }

  it('edits a tariff: the calculator shows it, an order made before keeps its percent', async () => {
    const tariff = await defaultTariff();
    expect(tariff.day_percent).toBe('0.8');
    const borrower = await createBorrower(testApp);
    const before = orderOf(await postOrder(testApp, borrower, orderBody(tariff.id)));
    const [stored] = await testApp.ctx.db
      .select({ dayPercent: loanOrders.dayPercent, returnSum: loanOrders.returnSum })
      .from(loanOrders)
      .where(eq(loanOrders.id, before.id));

    const response = await call(
      'POST',
      `/crm/settings/tariffs/${tariff.id}`,
      admin,
      tariffEdit(tariff, { max_sum: '45000.00', day_percent: '0,5' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.tariff).toMatchObject({ max_sum: '45000.00', day_percent: '0.5' });

    // The test app checks the public-data version on every request (PUBLIC_DATA_CHECK_MS=0).
    const calculator = tariffsResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/tariff/default' })).json(),
    );
    expect(calculator.data.tariffs[0]).toMatchObject({ max_sum: '45000.00', day_percent: '0.5' });

    const [after] = await testApp.ctx.db
      .select({ dayPercent: loanOrders.dayPercent, returnSum: loanOrders.returnSum })
      .from(loanOrders)
      .where(eq(loanOrders.id, before.id));
    expect(after).toEqual(stored);
    expect(after?.dayPercent).toBe('0.8');
    const listed = (await listOrders(testApp, borrower.headers)).find((o) => o.id === before.id);
    expect(listed?.day_percent).toBe('0.8');

    const restored = await call(
      'POST',
      `/crm/settings/tariffs/${tariff.id}`,
      admin,
      tariffEdit(tariff, {}),
    );
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('writes a version (who, before → after) and an audit entry for every edit', async () => {
    const tariff = await defaultTariff();
    const changed = await call(
      'POST',
      `/crm/settings/tariffs/${tariff.id}`,
      admin,
      tariffEdit(tariff, { name: 'Первый заём (новый)' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);

    const history = await call('GET', `/crm/settings/history?entity=tariff&id=${tariff.id}`, admin);
    expect(history.statusCode, history.body).toBe(200);
    const [latest] = crmSettingsHistoryResponseSchema.parse(history.json()).data.changes;
    expect(latest).toMatchObject({
      entity: 'tariff',
      entity_id: String(tariff.id),
      staff: { id: adminId, name: 'Анна Админова' },
      before: { name: tariff.name },
      after: { name: 'Первый заём (новый)' },
    });

    const audit = await testApp.ctx.db
      .select()
      .from(crmAudit)
      .where(and(eq(crmAudit.staffId, adminId), eq(crmAudit.action, 'settings_changed')));
    expect(audit.map((row) => row.details)).toContainEqual({
      entity: 'tariff',
      entity_id: String(tariff.id),
    });
    await call('POST', `/crm/settings/tariffs/${tariff.id}`, admin, tariffEdit(tariff, {}));
  });

  it('refuses more than 0.8 %/day, min above max and a zero step with the field’s message', async () => {
    const tariff = await defaultTariff();
    const versions = (await testApp.ctx.db.select().from(settingsChanges)).length;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ day_percent: '0.81' }, 'day_percent', /не больше 0,8 % в день.*353-ФЗ/],
      [{ min_sum: '50000.00', max_sum: '40000.00' }, 'max_sum', /не может быть меньше минимальной/],
      [{ sum_step: '0.00' }, 'sum_step', /больше нуля/],
      [{ min_period: 40, max_period: 30 }, 'max_period', /не может быть меньше минимального/],
      [{ period_step: 0 }, 'period_step', /не меньше 1 дня/],
      [{ max_sum: '600000.00' }, 'max_sum', /не больше 500/],
      [{ max_sum: 30000 }, 'max_sum', /./],
    ];
    for (const [changes, field, message] of cases) {
      const response = await call(
        'POST',
        `/crm/settings/tariffs/${tariff.id}`,
        admin,
        tariffEdit(tariff, changes),
      );
      expect(response.statusCode, JSON.stringify(changes)).toBe(400);
      const body = response.json<{ fields?: Record<string, string> }>();
      expect(body.fields?.[field], response.body).toMatch(message);
    }
    expect(await defaultTariff()).toEqual(tariff);
    expect((await testApp.ctx.db.select().from(settingsChanges)).length).toBe(versions);
  });

  it('edits insurances, partners (https only), showcase rules and the moratorium', async () => {
    const current = await settings();
    const insurance = current.insurances[0];
    const partner = current.partners[0];
    if (!insurance || !partner) throw new Error('the migrations seed an insurance and a partner');

    const { id: _i, code: _c, ...insuranceEdit } = insurance;
    const priced = await call('POST', `/crm/settings/insurances/${insurance.id}`, admin, {
      ...insuranceEdit,
      price: '149.90',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const calculator = tariffsResponseSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/tariff/default' })).json(),
    );
    expect(calculator.data.service.insurances.find((i) => i.id === insurance.id)?.price).toBe(
      '149.90',
    );

    const { id: _p, ...partnerEdit } = partner;
    const http = await call('POST', `/crm/settings/partners/${partner.id}`, admin, {
      ...partnerEdit,
      link: 'http://partner.example/',
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().fields.link).toMatch(/https:\/\//);
    const https = await call('POST', `/crm/settings/partners/${partner.id}`, admin, {
      ...partnerEdit,
      link: 'https://partner.example/offer',
    });
    expect(https.statusCode, https.body).toBe(200);

    const rule = await call('POST', '/crm/settings/showcase-rules/denied', admin, {
      partner_id: partner.id,
      latency_seconds: 7,
      window_to_open: 'in-new-window',
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const missing = await call('POST', '/crm/settings/showcase-rules/other', admin, {
      partner_id: 999_999,
      latency_seconds: 0,
      window_to_open: 'in-same-window',
    });
    expect(missing.statusCode).toBe(400);

    expect(current.moratorium_days).toBe(30);
    const moratorium = await call('POST', '/crm/settings/moratorium', admin, { days: 45 });
    expect(moratorium.statusCode, moratorium.body).toBe(200);
    expect((await settings()).moratorium_days).toBe(45);
    const tooLong = await call('POST', '/crm/settings/moratorium', admin, { days: 400 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.days).toMatch(/не больше 365 дней/);

    const history = await call('GET', '/crm/settings/history?entity=moratorium', admin);
    const [latest] = crmSettingsHistoryResponseSchema.parse(history.json()).data.changes;
    expect(latest).toMatchObject({ before: { days: 30 }, after: { days: 45 } });
  });

  it('a refusal after the moratorium edit bars orders for the new number of days', async () => {
    await call('POST', '/crm/settings/moratorium', admin, { days: 12 });
    const borrower = await createBorrower(testApp, { surname: 'Отказов' });
    const { first } = await tariffIds(testApp);
    const created = orderOf(await postOrder(testApp, borrower, orderBody(first)));
    const decided = await waitForDecision(testApp, borrower.headers, created.id);
    expect(decided.status_id).toBe(ORDER_STATUS.REFUSED);
    const [row] = await testApp.ctx.db
      .select({ until: loanOrders.moratoriumUntil })
      .from(loanOrders)
      .where(eq(loanOrders.id, created.id));
    expect(row?.until).toBe(addDays(moscowDate(testApp.clock.now()), 12));
  });

  it('answers 403 to operators and risk staff, 401 without a session', async () => {
    for (const role of ['operator', 'risk'] as const) {
      const member = await createStaffMember(testApp, role);
      const headers = await staffHeaders(testApp, member.row.id);
      expect((await call('GET', '/crm/settings', headers)).statusCode).toBe(403);
      expect(
        (await call('POST', '/crm/settings/moratorium', headers, { days: 1 })).statusCode,
      ).toBe(403);
    }
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/crm/settings' });
    expect(anonymous.statusCode).toBe(401);
  });
});
