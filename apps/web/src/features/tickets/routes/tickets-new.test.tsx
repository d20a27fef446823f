import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, apiErrorMessage } from '@zaymo/contract';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { apiError, type MockError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { fakeTicketsApi, testFile } from '../test/fake-tickets-api';
import { TicketsNewScreen } from './tickets-new';

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/tickets/new', element: <TicketsNewScreen /> },
      { path: '/tickets', element: <p>Список обращений</p> },
    ],
    { initialEntries: ['/tickets/new'] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

function toastMessages(): string[] {
  return Object.values(useNotificationsStore.getState().notifications).map((n) => n.message);
}

const attachInput = () => screen.getByLabelText('Прикрепить файлы');

async function fillForm() {
  await userEvent.selectOptions(screen.getByLabelText('Тема'), 'Оплата и продление');
  await userEvent.type(screen.getByLabelText('Заголовок'), 'Не прошёл платёж');
  await userEvent.type(screen.getByLabelText('Сообщение'), 'Деньги списались дважды');
}

describe('new ticket form', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    const api = fakeTicketsApi();
    renderForm();

    await userEvent.type(screen.getByLabelText('Заголовок'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить обращение' }));

    expect(await screen.findByText('Выберите тему обращения из списка')).toBeVisible();
    expect(screen.getByText('Тема — не короче 3 символов')).toBeVisible();
    expect(screen.getByText('Напишите сообщение')).toBeVisible();
    expect(screen.getByLabelText('Заголовок')).toHaveAttribute('aria-invalid', 'true');
    expect(api.forms).toHaveLength(0);
  });

  it('refuses files of another type, empty, over 10 MB, and a sixth, with Russian reasons', async () => {
    fakeTicketsApi();
    renderForm();

    await userEvent.upload(
      attachInput(),
      [
        testFile('страница.html', 'text/html'),
        testFile('пусто.png', 'image/png', 0),
        testFile('огромный.pdf', 'application/pdf', MAX_ATTACHMENT_BYTES + 1),
        testFile('чек.png', 'image/png'),
      ],
      { applyAccept: false },
    );

    const problems = screen.getByRole('alert');
    expect(within(problems).getByText(/Файл «страница.html» не подходит/)).toBeVisible();
    expect(
      within(problems).getByText('Файл «пусто.png» пустой. Выберите его ещё раз'),
    ).toBeVisible();
    expect(within(problems).getByText(/Файл «огромный.pdf» больше 10 МБ/)).toBeVisible();
    const chosen = screen.getByRole('list', { name: 'Прикреплённые файлы' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((entry) => entry.firstChild?.textContent),
    ).toEqual(['чек.png']);

    const more = ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'].map((name) =>
      testFile(name, 'application/pdf'),
    );
    await userEvent.upload(attachInput(), more);
    expect(screen.getByRole('alert')).toHaveTextContent('Можно прикрепить не больше 5 файлов');
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Убрать файл «чек.png»' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the form with its files, shows the progress, then the list with a toast', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    const api = fakeTicketsApi({ holdUploads: true });
    const router = renderForm();
    await fillForm();
    await userEvent.upload(attachInput(), [testFile('чек.png', 'image/png')]);

    await userEvent.click(screen.getByRole('button', { name: 'Отправить обращение' }));

    const [sent] = api.forms;
    expect(sent?.url).toBe('/api/tickets/auth_create');
    expect(sent?.headers.Authorization).toBe(`Bearer ${VALID_TOKEN}`);
    expect(sent?.body.get('category')).toBe('payment');
    expect(sent?.body.get('subject')).toBe('Не прошёл платёж');
    expect(sent?.body.get('text')).toBe('Деньги списались дважды');
    expect((sent?.body.getAll('attachments') as File[]).map((file) => file.name)).toEqual([
      'чек.png',
    ]);
    expect(screen.getByLabelText('Заголовок')).toBeDisabled();

    act(() => api.progressUploads(60));
    expect(screen.getByRole('progressbar', { name: 'Отправляем сообщение' })).toHaveAttribute(
      'value',
      '60',
    );
    act(() => api.respondUploads());

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    const id = api.tickets()[0]?.id;
    expect(toastMessages()).toEqual([
      `Обращение № ${id} отправлено. Ответ появится в списке обращений`,
    ]);
  });

  it('puts the server’s field messages under the fields, other refusals in a toast', async () => {
    let answer: MockError = apiError('VALIDATION', {
      message: 'Проверьте поля',
      fields: { subject: 'Тема — не длиннее 150 символов' },
    });
    fakeTicketsApi({ override: (method) => (method === 'POST' ? answer : undefined) });
    const router = renderForm();
    await fillForm();

    await userEvent.click(screen.getByRole('button', { name: 'Отправить обращение' }));
    expect(await screen.findByText('Тема — не длиннее 150 символов')).toBeVisible();
    expect(toastMessages()).toEqual([]);

    answer = apiError('ATTACHMENT_WRONG_TYPE', { params: { name: 'скан.pdf' } });
    await userEvent.click(screen.getByRole('button', { name: 'Отправить обращение' }));
    const wrongType = apiErrorMessage('ATTACHMENT_WRONG_TYPE', { name: 'скан.pdf' });
    await waitFor(() => expect(toastMessages()).toEqual([wrongType]));
    expect(router.state.location.pathname).toBe('/tickets/new');
    expect(screen.getByLabelText('Заголовок')).toBeEnabled();
  });
});
