import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { inboxTicket } from '../../../../test/fixtures';
import { OPERATOR, renderConsole } from '../../../../test/render';

const WAITING = inboxTicket();
const ANSWERED = inboxTicket({
  id: 9,
  status: 'answered',
  subject: 'Справка о закрытии',
  category: 'documents',
  last_message_at: '2026-11-24T07:00:00Z',
  last_message: {
    author: 'operator',
    text: 'Справка во вложении',
    created_at: '2026-11-24T07:00:00Z',
  },
  client: { id: 43, phone: '+79120000001', full_name: null },
});

describe('«Обращения»', () => {
  it('is in the navigation and lists the tickets in the server’s order, linking ticket and client', async () => {
    const inbox = mockCrmApi('/crm/tickets', {
      data: { tickets: [WAITING, ANSWERED], next_cursor: null },
    });
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    renderConsole('/clients', OPERATOR);
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Разделы консоли' });
    await user.click(within(nav).getByRole('link', { name: 'Обращения' }));

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: '№12. Не прошёл платёж' })).toHaveAttribute(
      'href',
      '/tickets/12',
    );
    expect(within(rows[0]!).getByText('Ждёт ответа')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Оплата и продление')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Иванов Пётр Сергеевич' })).toHaveAttribute(
      'href',
      '/clients/42',
    );
    expect(within(rows[0]!).getByText('Деньги списались дважды')).toBeInTheDocument();
    // Moscow time: 21:30 UTC is 00:30 the next day.
    expect(within(rows[0]!).getByText('24.11.2026 00:30:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Есть ответ')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Клиент №43' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('+7 (912) 000-00-01')).toBeInTheDocument();
    expect(inbox.calls.map((call) => call.query)).toEqual([{}]);
    expect(inbox.calls[0]?.headers.get('authorization')).toMatch(/^Bearer crm_test_token_2/);
  });

  it('filters by status through the address and pages on with the cursor', async () => {
    const inbox = mockCrmApi('/crm/tickets', ({ query }) =>
      query.cursor
        ? { data: { tickets: [inboxTicket({ id: 5, subject: 'Старое' })], next_cursor: null } }
        : { data: { tickets: [WAITING], next_cursor: '0.1700000000000.5' } },
    );
    const { router } = renderConsole('/tickets', OPERATOR);
    const user = userEvent.setup();

    await screen.findByRole('link', { name: '№12. Не прошёл платёж' });
    await user.selectOptions(screen.getByLabelText('Статус'), 'Ждёт ответа');
    await screen.findByRole('table');
    expect(router.state.location.search).toBe('?status=open');
    await user.click(await screen.findByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByRole('link', { name: '№5. Старое' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    expect(inbox.calls.map((call) => call.query)).toEqual([
      {},
      { status: 'open' },
      { status: 'open', cursor: '0.1700000000000.5' },
    ]);
  });

  it('says when there is none of a status', async () => {
    mockCrmApi('/crm/tickets', { data: { tickets: [], next_cursor: null } });
    renderConsole('/tickets?status=closed', OPERATOR);
    expect(await screen.findByText('Обращений нет.')).toBeInTheDocument();
    expect(screen.getByLabelText('Статус')).toHaveValue('closed');
  });

  it('shows the server’s refusal as it is', async () => {
    mockCrmApi('/crm/tickets', apiError('FORBIDDEN', { message: 'Нет доступа к обращениям' }));
    renderConsole('/tickets', OPERATOR);
    expect(await screen.findByText('Нет доступа к обращениям')).toBeInTheDocument();
  });
});
