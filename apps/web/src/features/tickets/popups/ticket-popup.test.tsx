import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../../test/render';
import {
  fakeTicketsApi,
  makeAttachment,
  makeMessage,
  makeTicket,
  testFile,
} from '../test/fake-tickets-api';
import { TicketPopup } from './ticket-popup';

const PHOTO = makeAttachment({ name: 'чек.png', content_type: 'image/png' });
const SCAN = makeAttachment({ name: 'выписка.pdf', size: 3 * 1024 * 1024 });
const ANSWERED = makeTicket({
  subject: 'Не прошёл платёж',
  status: 'answered',
  messages: [
    makeMessage({ text: 'Деньги списались дважды', attachments: [PHOTO, SCAN] }),
    makeMessage({
      author: 'operator',
      operator_name: 'Петрова А.',
      text: 'Пришлите, пожалуйста, номер договора',
      created_at: '2026-11-21T12:00:00.000Z',
    }),
  ],
});

function renderPopup(ticketId: unknown = ANSWERED.id) {
  const onReady = vi.fn();
  renderWithQuery(
    <MemoryRouter>
      <TicketPopup onReady={onReady} onClose={vi.fn()} data={{ ticketId }} titleId="title" />
    </MemoryRouter>,
  );
  return onReady;
}

const conversation = () => screen.getByRole('list', { name: 'Переписка' });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:attachment');
  URL.revokeObjectURL = vi.fn();
});

describe('ticket popup', () => {
  it('shows the conversation: the client on the right, the operator on the left', async () => {
    fakeTicketsApi({ tickets: [ANSWERED] });
    const onReady = renderPopup();

    expect(await screen.findByRole('heading', { name: 'Не прошёл платёж' })).toBeVisible();
    expect(onReady).toHaveBeenCalled();
    const [client, operator] = Array.from(conversation().children) as HTMLElement[];
    expect(client).toHaveClass('ticket-message--client');
    expect(within(client!).getByRole('article', { name: 'Вы' })).toBeVisible();
    expect(operator).toHaveClass('ticket-message--operator');
    expect(within(operator!).getByText('Петрова А.')).toBeVisible();
    expect(within(operator!).getByText('21.11.2026 15:00')).toBeVisible();
    expect(screen.getByText('Есть ответ')).toBeVisible();
  });

  it('fetches an image with the token for its thumbnail and downloads a PDF on demand', async () => {
    const api = fakeTicketsApi({ tickets: [ANSWERED] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPopup();

    const thumbnail = await screen.findByRole('img', { name: 'чек.png' });
    expect(thumbnail).toHaveAttribute('src', 'blob:attachment');
    expect(screen.getByRole('link', { name: 'Открыть «чек.png»' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(api.count(`GET /api/${PHOTO.link}`)).toBe(1);
    expect(api.count(`GET /api/${SCAN.link}`)).toBe(0);

    const pdf = screen.getByRole('button', { name: 'Скачать «выписка.pdf», 3 МБ' });
    expect(pdf).toHaveTextContent('3 МБ');
    await userEvent.click(pdf);

    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.count(`GET /api/${SCAN.link}`)).toBe(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('выписка.pdf');
    expect(link.href).toBe('blob:attachment');
  });

  it('sends a reply with a file; it appears in the conversation and the form is cleared', async () => {
    const api = fakeTicketsApi({ tickets: [ANSWERED] });
    renderPopup();
    const text = await screen.findByLabelText('Ваш ответ');

    await userEvent.type(text, 'Договор З-00042');
    await userEvent.upload(
      screen.getByLabelText('Прикрепить файлы'),
      testFile('договор.png', 'image/png'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect(await within(conversation()).findByText('Договор З-00042')).toBeVisible();
    const [sent] = api.forms;
    expect(sent?.url).toBe(`/api/tickets/${ANSWERED.id}/messages`);
    expect(sent?.body.get('text')).toBe('Договор З-00042');
    expect((sent?.body.getAll('attachments') as File[]).map((file) => file.name)).toEqual([
      'договор.png',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Сообщение отправлено');
    expect(text).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
    await waitFor(() => expect(screen.getByText('Открыто')).toBeVisible());
  });

  it('asks for a text before sending a reply', async () => {
    const api = fakeTicketsApi({ tickets: [ANSWERED] });
    renderPopup();
    await userEvent.click(await screen.findByRole('button', { name: 'Отправить' }));

    expect(await screen.findByText('Напишите сообщение')).toBeVisible();
    expect(api.forms).toHaveLength(0);
  });

  it('offers a new ticket instead of a reply when the ticket is closed', async () => {
    const closed = makeTicket({ subject: 'Смена телефона', status: 'closed' });
    fakeTicketsApi({ tickets: [closed] });
    renderPopup(closed.id);

    expect(await screen.findByText(/Обращение закрыто/)).toBeVisible();
    expect(screen.queryByLabelText('Ваш ответ')).toBeNull();
    expect(screen.getByRole('link', { name: 'Новое обращение' })).toHaveAttribute(
      'href',
      '/tickets/new',
    );
  });

  it('opens with a clear message for a missing ticket or a wrong id', async () => {
    fakeTicketsApi({ tickets: [] });
    const onReady = renderPopup(999);
    expect(await screen.findByRole('alert')).toHaveTextContent('Обращение не найдено');
    expect(onReady).toHaveBeenCalled();
  });
});
