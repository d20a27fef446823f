import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PopupHost } from '@/components/popup/popup-host';
import { apiError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { TicketPopup } from '../popups/ticket-popup';
import { fakeTicketsApi, makeMessage, makeTicket } from '../test/fake-tickets-api';
import { TicketsScreen } from './tickets';

const ANSWERED = makeTicket({
  subject: 'Не прошёл платёж',
  category: 'payment',
  status: 'answered',
  has_unread_answer: true,
  messages: [
    makeMessage({ text: 'Деньги списались дважды', created_at: '2026-11-20T08:00:00.000Z' }),
    makeMessage({
      author: 'operator',
      operator_name: 'Петрова А.',
      text: 'Второе списание вернётся на карту в течение 3 дней',
      created_at: '2026-11-21T11:05:00.000Z',
    }),
  ],
});
const OPEN = makeTicket({
  subject: 'Справка о закрытии займа',
  category: 'documents',
  messages: [makeMessage({ text: 'Нужна справка', created_at: '2026-11-19T07:00:00.000Z' })],
});
const CLOSED = makeTicket({
  subject: 'Смена телефона',
  status: 'closed',
  category: 'personal_data',
});

function renderTickets(children: ReactNode = null) {
  return renderWithQuery(
    <MemoryRouter>
      <TicketsScreen />
      <PopupHost registry={{ ticket: TicketPopup }} />
      {children}
    </MemoryRouter>,
  );
}

const item = (name: RegExp) => screen.getByRole('button', { name });

describe('tickets list', () => {
  it('shows each ticket with its status, subject, latest message and date', async () => {
    fakeTicketsApi({ tickets: [ANSWERED, OPEN, CLOSED] });
    renderTickets();

    const answered = await screen.findByRole('button', { name: /Не прошёл платёж/ });
    expect(within(answered).getByText('Есть ответ')).toBeVisible();
    expect(within(answered).getByText('Новый ответ')).toBeVisible();
    expect(
      within(answered).getByText('Поддержка: Второе списание вернётся на карту в течение 3 дней'),
    ).toBeVisible();
    expect(within(answered).getByText('21.11.2026 14:05')).toBeVisible();
    expect(
      within(answered).getByText(`Обращение № ${ANSWERED.id} · Оплата и продление`),
    ).toBeVisible();
    expect(answered).toHaveClass('ticket-item--unread');

    const open = item(/Справка о закрытии займа/);
    expect(within(open).getByText('Открыто')).toBeVisible();
    expect(within(open).getByText('Вы: Нужна справка')).toBeVisible();
    expect(within(open).queryByText('Новый ответ')).toBeNull();
    expect(within(item(/Смена телефона/)).getByText('Закрыто')).toBeVisible();

    const order = screen.getAllByRole('listitem').map((entry) => entry.textContent ?? '');
    expect(order[0]).toContain('Не прошёл платёж');
    expect(screen.getByRole('link', { name: 'Новое обращение' })).toHaveAttribute(
      'href',
      '/tickets/new',
    );
  });

  it('opens the conversation in the ticket popup; the answer is then read', async () => {
    const api = fakeTicketsApi({ tickets: [ANSWERED, OPEN] });
    renderTickets();
    await userEvent.click(await screen.findByRole('button', { name: /Не прошёл платёж/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Не прошёл платёж' });
    expect(within(dialog).getByText('Деньги списались дважды')).toBeVisible();
    expect(api.count(`GET /api/tickets/${ANSWERED.id}`)).toBe(1);
    await waitFor(() =>
      expect(within(item(/Не прошёл платёж/)).queryByText('Новый ответ')).toBeNull(),
    );
    expect(api.count('GET /api/tickets/get')).toBeGreaterThanOrEqual(2);
  });

  it('says when there are no tickets yet', async () => {
    fakeTicketsApi({ tickets: [] });
    renderTickets();
    expect(await screen.findByText('Обращений пока нет')).toBeVisible();
  });

  it('says when the list could not be loaded and tries again', async () => {
    let fail = true;
    fakeTicketsApi({
      tickets: [OPEN],
      override: (method, path) =>
        fail && path === '/api/tickets/get'
          ? apiError('SERVICE_UNAVAILABLE', { message: '' })
          : undefined,
    });
    renderTickets();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить обращения');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: /Справка о закрытии займа/ })).toBeVisible();
  });
});
