import { API_ERRORS } from '@zaymo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useStaffSession } from '@/stores/staff-session';
import { apiError, mockCrmApi } from '../../../../test/api';
import { OPERATOR, renderConsole } from '../../../../test/render';

const FOUND = {
  id: 42,
  phone: '+79123456789',
  surname: 'Иванов',
  name: 'Пётр',
  patronymic: 'Сергеевич',
  birth_date: '1990-05-17',
  passport_masked: '45 ** ***456',
  contract_numbers: ['З-000007'],
  // 21:30 UTC is already the next day in Moscow.
  created_at: '2026-11-20T21:30:00Z',
};

describe('«Клиенты»', () => {
  it('searches by what was typed and lists the clients with a link to each card', async () => {
    const search = mockCrmApi('/crm/clients', { data: { clients: [FOUND] } });
    const { router } = renderConsole('/clients', OPERATOR);
    const user = userEvent.setup();

    await user.type(
      await screen.findByLabelText('Телефон, ФИО, номер договора или паспорта'),
      '  8912 345 ',
    );
    await user.click(screen.getByRole('button', { name: 'Найти' }));

    const table = await screen.findByRole('table');
    expect(search.calls.map((call) => call.query)).toEqual([{ q: '8912 345' }]);
    expect(router.state.location.search).toBe('?q=8912+345');
    const row = within(table).getByRole('row', { name: /Иванов Пётр Сергеевич/ });
    expect(within(row).getByText('17.05.1990')).toBeInTheDocument();
    expect(within(row).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    expect(within(row).getByText('45 ** ***456')).toBeInTheDocument();
    expect(within(row).getByText('21.11.2026 00:30:00')).toBeInTheDocument();
    // The staff token goes with every console call.
    expect(search.calls[0]?.headers.get('authorization')).toBe(
      `Bearer ${useStaffSession.getState().token}`,
    );

    mockCrmApi('/crm/clients/:id', apiError('NOT_FOUND'));
    mockCrmApi('/crm/clients/:id/loans', apiError('NOT_FOUND'));
    await user.click(within(row).getByRole('link', { name: 'Иванов Пётр Сергеевич' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/42'));
  });

  it('asks for two characters at least before searching', async () => {
    const search = mockCrmApi('/crm/clients', { data: { clients: [] } });
    renderConsole('/clients', OPERATOR);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Телефон, ФИО/), 'И');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Введите не меньше двух символов')).toBeVisible();
    expect(search.calls).toHaveLength(0);
  });

  it('says when nobody is found, and shows the server’s message when the search fails', async () => {
    // The last handler added answers first: the empty answer once, then the refusal.
    mockCrmApi('/crm/clients', apiError('TOO_MANY_REQUESTS'));
    mockCrmApi('/crm/clients', { data: { clients: [] } }, { once: true });
    const { router } = renderConsole('/clients?q=Сидоров', OPERATOR);
    expect(await screen.findByText('По запросу «Сидоров» никого не нашли.')).toBeVisible();

    await router.navigate('/clients?q=Петров');
    expect(await screen.findByText(API_ERRORS.TOO_MANY_REQUESTS.message)).toBeVisible();
  });

  it('signs out and shows «Вход», to come back here, when the staff session has ended (401)', async () => {
    mockCrmApi('/crm/clients', apiError('STAFF_UNAUTHORIZED'));
    const { router } = renderConsole('/clients?q=Иванов', OPERATOR);
    await screen.findByRole('heading', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/clients?q=Иванов');
    expect(useStaffSession.getState().token).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});
