import { moscowDate } from '@zaymo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/factories';
import { expectRefusal } from '../helpers/refusal';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createStaffMember,
  postPassword,
  STAFF_PASSWORD,
  staffHeaders,
  uniqueLogin,
  type StaffMember,
} from './crm-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('operator console: audit log and staff accounts', () => {
  let testApp: TestApp;
  let admin: StaffMember;
  let adminHeaders: { authorization: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await createStaffMember(testApp, 'admin', { name: 'Администратор Главный' });
    adminHeaders = await staffHeaders(testApp, admin.row.id);
  });
  afterAll(() => testApp.close());

  function get(url: string) {
    return testApp.app.inject({ method: 'GET', url, headers: adminHeaders });
  }

  describe('staff accounts', () => {
    it('creates a staff member who enrolls TOTP at the first sign-in', async () => {
      const login = uniqueLogin('operator');
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/crm/staff',
        headers: adminHeaders,
        payload: {
          login: login.toUpperCase(),
          name: 'Сидоров Пётр',
          role: 'operator',
          password: STAFF_PASSWORD,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const member = created.json().data.staff;
      expect(member).toMatchObject({
        login,
        role: 'operator',
        totp_enrolled: false,
        blocked_at: null,
      });
      expect(created.body).not.toContain(STAFF_PASSWORD);

      const list = await get('/api/crm/staff');
      expect(list.json().data.staff.map((row: { login: string }) => row.login)).toContain(login);
      const first = await postPassword(testApp, login, STAFF_PASSWORD);
      expect(first.json().data.totp).toBe('enroll');
    });

    it('refuses a weak or short password and a login already taken', async () => {
      const weak = await testApp.app.inject({
        method: 'POST',
        url: '/api/crm/staff',
        headers: adminHeaders,
        payload: {
          login: uniqueLogin(),
          name: 'Слабый Пароль',
          role: 'operator',
          password: 'qwerty123456',
        },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields.password).toBeTruthy();
      const short = await testApp.app.inject({
        method: 'POST',
        url: '/api/crm/staff',
        headers: adminHeaders,
        payload: {
          login: uniqueLogin(),
          name: 'Короткий',
          role: 'operator',
          password: 'Ёж-42-Кот',
        },
      });
      expect(short.statusCode).toBe(400);
      const taken = await testApp.app.inject({
        method: 'POST',
        url: '/api/crm/staff',
        headers: adminHeaders,
        payload: {
          login: admin.row.login,
          name: 'Двойник',
          role: 'admin',
          password: STAFF_PASSWORD,
        },
      });
      expectRefusal(taken, 'STAFF_LOGIN_TAKEN');
    });

    it('an admin cannot block themselves', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/crm/staff/${admin.row.id}/block`,
        headers: adminHeaders,
      });
      expect(response.statusCode).toBe(422);
    });
  });

  describe('the audit log', () => {
    let operator: StaffMember;
    let clientId: number;
    let otherClientId: number;

    beforeAll(async () => {
      operator = await createStaffMember(testApp, 'operator', { name: 'Иванова; «Ольга»' });
      clientId = (await createClient(testApp)).id;
      otherClientId = (await createClient(testApp)).id;
      // The day filter below: nothing of this operator happened the day before.
      testApp.clock.advanceBy(2 * DAY_MS);
      adminHeaders = await staffHeaders(testApp, admin.row.id);
      const operatorHeaders = await staffHeaders(testApp, operator.row.id);
      for (const id of [clientId, otherClientId, clientId]) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: `/api/crm/clients/${id}`,
          headers: { ...operatorHeaders, 'user-agent': 'Firefox; test' },
          remoteAddress: '10.7.7.7',
        });
        expect(response.statusCode).toBe(200);
      }
    });

    it('filters by staff member, client and action; entries say who, role, when, where', async () => {
      const response = await get(
        `/api/crm/audit?staff_id=${operator.row.id}&client_id=${clientId}&action=client_viewed`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const { entries, next_cursor: next } = response.json().data;
      expect(next).toBeNull();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        action: 'client_viewed',
        client_id: clientId,
        ip: '10.7.7.7',
        user_agent: 'Firefox; test',
        staff: {
          id: operator.row.id,
          login: operator.row.login,
          name: 'Иванова; «Ольга»',
          role: 'operator',
        },
      });
      expect(entries[0].at).toBe(new Date(entries[0].at).toISOString());
      expect(entries[0].id).toBeGreaterThan(entries[1].id);
    });

    it('filters by Moscow days and pages with the cursor', async () => {
      const today = new Date(testApp.clock.now().getTime() + 3 * 60 * 60 * 1000)
        .toISOString()
        .slice(0, 10);
      const yesterday = new Date(Date.parse(today) - DAY_MS).toISOString().slice(0, 10);
      const todays = (
        await get(`/api/crm/audit?from=${today}&to=${today}&staff_id=${operator.row.id}`)
      ).json().data.entries;
      expect(todays).toHaveLength(3);
      const before = (
        await get(`/api/crm/audit?to=${yesterday}&staff_id=${operator.row.id}`)
      ).json().data.entries;
      expect(before).toEqual([]);

      const all = (await get(`/api/crm/audit?staff_id=${operator.row.id}`)).json().data.entries;
      const cursor = String(all[0].id);
      const rest = (await get(`/api/crm/audit?staff_id=${operator.row.id}&cursor=${cursor}`)).json()
        .data.entries;
      expect(rest.map((entry: { id: number }) => entry.id)).toEqual(
        all.slice(1).map((entry: { id: number }) => entry.id),
      );
    });

    it('exports the same filter as CSV: UTF-8 with BOM, «;», quoted where needed', async () => {
      const response = await get(
        `/api/crm/audit.csv?staff_id=${operator.row.id}&client_id=${clientId}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      // Named by the server clock's Moscow day, in Russian (RFC 5987), with an ASCII fallback.
      const day = moscowDate(testApp.clock.now());
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="______-${day}.csv"; ` +
          `filename*=UTF-8''${encodeURIComponent('журнал')}-${day}.csv`,
      );
      const text = response.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Время (МСК);Сотрудник;Логин;Роль;Действие;Клиент;IP;Браузер;Подробности',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain('"Иванова; «Ольга»"');
      expect(lines[1]).toContain(
        `;Оператор;Просмотр карточки клиента;${clientId};10.7.7.7;"Firefox; test";`,
      );
      expect(lines[1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2};/);
    });

    it('records sign-in failures with the login tried', async () => {
      await postPassword(testApp, 'ghost-login', 'Не-тот-пароль-совсем');
      const { entries } = (await get('/api/crm/audit?action=sign_in_failed')).json().data;
      expect(entries[0]).toMatchObject({ staff: null, details: { login: 'ghost-login' } });
    });
  });
});
