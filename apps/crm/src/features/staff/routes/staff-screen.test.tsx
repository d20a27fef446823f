import type { StaffMember } from '@zaymo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { ADMIN, renderConsole } from '../../../../test/render';

function member(id: number, login: string, overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id,
    login,
    name: `Сотрудник ${login}`,
    role: 'operator',
    totp_enrolled: false,
    blocked_at: null,
    created_at: '2026-11-01T00:00:00Z',
    last_sign_in_at: null,
    ...overrides,
  };
}

describe('«Сотрудники»', () => {
  it('creates a staff member, showing the server’s word on a weak password under its field', async () => {
    let created = false;
    mockCrmApi('/crm/staff', () => ({
      data: { staff: [member(ADMIN.id, 'admin'), ...(created ? [member(5, 'maria')] : [])] },
    }));
    let attempt = 0;
    const create = mockCrmApi(
      '/crm/staff',
      () => {
        if (++attempt === 1) {
          return apiError('VALIDATION', { fields: { password: 'Пароль слишком простой' } });
        }
        created = true;
        return { data: { staff: member(5, 'maria') } };
      },
      { method: 'POST' },
    );
    renderConsole('/staff', ADMIN);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Логин'), 'maria');
    await user.type(screen.getByLabelText('Имя и фамилия'), 'Мария Петрова');
    await user.selectOptions(screen.getByLabelText('Роль'), 'risk');
    await user.type(screen.getByLabelText('Пароль'), 'qwertyqwerty');
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Пароль слишком простой')).toBeVisible();

    await user.clear(screen.getByLabelText('Пароль'));
    await user.type(screen.getByLabelText('Пароль'), 'Зелёный-слон-пьёт-чай-7');
    await user.click(screen.getByRole('button', { name: 'Создать' }));

    expect(await screen.findByText(/Сотрудник maria \(maria\) создан/)).toBeVisible();
    expect(create.calls.at(-1)?.body).toEqual({
      login: 'maria',
      name: 'Мария Петрова',
      role: 'risk',
      password: 'Зелёный-слон-пьёт-чай-7',
    });
    expect(await screen.findByRole('row', { name: /Сотрудник maria/ })).toBeInTheDocument();
  });

  it('blocks another member after a second click, never oneself', async () => {
    let blocked = false;
    mockCrmApi('/crm/staff', () => ({
      data: {
        staff: [
          member(ADMIN.id, 'admin', { role: 'admin' }),
          member(7, 'ivan', blocked ? { blocked_at: '2026-11-24T07:00:00Z' } : {}),
        ],
      },
    }));
    const block = mockCrmApi('/crm/staff/:id/block', () => {
      blocked = true;
      return { data: { staff: member(7, 'ivan', { blocked_at: '2026-11-24T07:00:00Z' }) } };
    });
    renderConsole('/staff', ADMIN);
    const user = userEvent.setup();

    const me = await screen.findByRole('row', { name: /Сотрудник admin/ });
    expect(within(me).getByText('Работает (это вы)')).toBeInTheDocument();
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();

    const ivan = screen.getByRole('row', { name: /Сотрудник ivan/ });
    await user.click(within(ivan).getByRole('button', { name: 'Заблокировать' }));
    expect(block.calls).toHaveLength(0);
    await user.click(within(ivan).getByRole('button', { name: 'Заблокировать ivan' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /Сотрудник ivan/ })).getByText(
          /Заблокирован 24\.11\.2026 10:00:00/,
        ),
      ).toBeInTheDocument(),
    );
    expect(block.calls.map((call) => call.params)).toEqual([{ id: '7' }]);
  });
});
