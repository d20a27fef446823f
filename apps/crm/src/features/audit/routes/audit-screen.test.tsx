import type { CrmAuditEntry } from '@zaymo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiServer, mockCrmApi } from '../../../../test/api';
import { ADMIN, OPERATOR, renderConsole } from '../../../../test/render';

const STAFF_MEMBER = {
  ...ADMIN,
  totp_enrolled: true,
  blocked_at: null,
  created_at: '2026-11-01T00:00:00Z',
  last_sign_in_at: '2026-11-24T06:00:00Z',
};

function entry(id: number, overrides: Partial<CrmAuditEntry> = {}): CrmAuditEntry {
  return {
    id,
    at: '2026-11-24T06:05:00Z',
    action: 'passport_revealed',
    staff: { id: ADMIN.id, login: ADMIN.login, name: ADMIN.name, role: ADMIN.role },
    client_id: 42,
    ip: '10.1.2.3',
    user_agent: 'Chromium',
    details: {},
    ...overrides,
  };
}

describe('«Журнал»', () => {
  it('lists who did what to whom, in Moscow time, and filters through the address', async () => {
    mockCrmApi('/crm/staff', { data: { staff: [STAFF_MEMBER] } });
    const log = mockCrmApi('/crm/audit', ({ query }) => ({
      data: {
        entries: query.action ? [entry(2, { action: 'operator_link_issued' })] : [entry(1)],
        next_cursor: null,
      },
    }));
    const { router } = renderConsole('/audit', ADMIN);
    const user = userEvent.setup();

    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Показ паспорта/ });
    expect(within(row).getByText('24.11.2026 09:05:00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '№42' })).toBeInTheDocument();
    expect(within(row).getByText('10.1.2.3')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Сотрудник'), String(ADMIN.id));
    await user.type(screen.getByLabelText('Номер клиента'), '42');
    await user.selectOptions(screen.getByLabelText('Действие'), 'operator_link_issued');
    await user.type(screen.getByLabelText('С (по Москве)'), '01112026');
    await user.type(screen.getByLabelText('По (включительно)'), '24112026');
    await waitFor(() => expect(screen.getByLabelText('С (по Москве)')).toHaveValue('01.11.2026'));
    await user.click(screen.getByRole('button', { name: 'Применить' }));

    expect(await screen.findByText('Вход в кабинет клиента', { selector: 'td' })).toBeVisible();
    expect(log.calls.at(-1)?.query).toEqual({
      staff_id: String(ADMIN.id),
      client_id: '42',
      action: 'operator_link_issued',
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe(
      'operator_link_issued',
    );
  });

  it('refuses a day that is not on the calendar in Russian and asks nothing', async () => {
    mockCrmApi('/crm/staff', { data: { staff: [STAFF_MEMBER] } });
    const log = mockCrmApi('/crm/audit', { data: { entries: [entry(1)], next_cursor: null } });
    renderConsole('/audit', ADMIN);
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.type(screen.getByLabelText('С (по Москве)'), '31022026');
    await user.type(screen.getByLabelText('По (включительно)'), '2411');
    await user.click(screen.getByRole('button', { name: 'Применить' }));

    expect(screen.getByLabelText('С (по Москве)')).toHaveAccessibleDescription(
      'Укажите дату в формате ДД.ММ.ГГГГ',
    );
    expect(screen.getByLabelText('По (включительно)')).toHaveAccessibleDescription(
      'Укажите дату в формате ДД.ММ.ГГГГ',
    );
    expect(log.calls).toHaveLength(1);
  });

  it('pages on with the cursor the server gave', async () => {
    mockCrmApi('/crm/staff', { data: { staff: [STAFF_MEMBER] } });
    const log = mockCrmApi('/crm/audit', ({ query }) =>
      query.cursor === '1'
        ? {
            data: {
              entries: [entry(1, { action: 'sign_in', client_id: null })],
              next_cursor: null,
            },
          }
        : { data: { entries: [entry(2)], next_cursor: '1' } },
    );
    renderConsole('/audit', ADMIN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Вход', { selector: 'td' })).toBeVisible();
    expect(screen.getByText('Показ паспорта', { selector: 'td' })).toBeVisible();
    expect(log.calls.map((call) => call.query.cursor)).toEqual([undefined, '1']);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('downloads the CSV of the same filters with the staff token', async () => {
    mockCrmApi('/crm/staff', { data: { staff: [STAFF_MEMBER] } });
    mockCrmApi('/crm/audit', { data: { entries: [entry(1)], next_cursor: null } });
    const csvRequests: Request[] = [];
    apiServer.use(
      http.get('*/api/crm/audit.csv', ({ request }) => {
        csvRequests.push(request);
        return new HttpResponse('\uFEFFвремя;действие\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="______-2026-11-24.csv"; filename*=UTF-8''${encodeURIComponent('журнал')}-2026-11-24.csv`,
          },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderConsole('/audit?action=passport_revealed&client_id=42', ADMIN);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Скачать CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const url = new URL(csvRequests[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '42',
      action: 'passport_revealed',
    });
    expect(csvRequests[0]?.headers.get('authorization')).toMatch(/^Bearer crm_test_token_1/);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    // The name the server gave (its Moscow day), not one the browser makes from its own clock.
    expect(anchor.download).toBe('журнал-2026-11-24.csv');
  });

  it('is the admin’s: an operator has neither the link nor the screen', async () => {
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    renderConsole('/clients', OPERATOR);
    const nav = await screen.findByRole('navigation', { name: 'Разделы консоли' });
    expect(within(nav).getByRole('link', { name: 'Клиенты' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Журнал' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Сотрудники' })).not.toBeInTheDocument();
  });

  it('shows an operator who opens its address «Страница не найдена», asking nothing', async () => {
    renderConsole('/audit', OPERATOR);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });
});
