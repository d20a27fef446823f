import { screen, waitFor, within } from '@testing-library/react';
import { apiErrorMessage } from '@zaymo/contract';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { inboxTicket, ticketDetail, ticketMessage } from '../../../../test/fixtures';
import { OPERATOR, renderConsole } from '../../../../test/render';

const ANSWER = ticketMessage({
  id: 302,
  author: 'operator',
  operator_name: 'Олег Операторов',
  text: 'Вернули лишнее списание',
  created_at: '2026-11-24T07:00:00Z',
  attachments: [
    {
      id: 35,
      name: 'справка.pdf',
      content_type: 'application/pdf',
      size: 4,
      url: '/api/crm/tickets/12/attachments/35',
    },
  ],
});

function pdf(name: string): File {
  return new File([new Uint8Array([37, 80, 68, 70])], name, { type: 'application/pdf' });
}

describe('an inbox ticket', () => {
  it('shows the conversation with the client and the files', async () => {
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    renderConsole('/tickets/12', OPERATOR);

    expect(
      await screen.findByRole('heading', { name: 'Обращение №12. Не прошёл платёж' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/Обращение №12/);
    expect(screen.getByRole('link', { name: 'Иванов Пётр Сергеевич' })).toHaveAttribute(
      'href',
      '/clients/42',
    );
    expect(screen.getByText(/, \+7 \(912\) 345-67-89$/)).toBeInTheDocument();
    const messages = screen.getByRole('list', { name: 'Сообщения' });
    expect(within(messages).getByText('Клиент · 24.11.2026 00:30:00')).toBeInTheDocument();
    expect(within(messages).getByText('Деньги списались дважды')).toBeInTheDocument();
    expect(within(messages).getByRole('button', { name: 'выписка.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Закрыть обращение' })).toBeInTheDocument();
  });

  it('sends the answer with its files and shows it in the conversation', async () => {
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    const reply = mockCrmApi(
      '/crm/tickets/:id/messages',
      {
        data: {
          message: ANSWER,
          ticket: inboxTicket({ status: 'answered', last_message_at: ANSWER.created_at }),
        },
      },
      { method: 'POST' },
    );
    renderConsole('/tickets/12', OPERATOR);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Ответ клиенту' });

    await user.click(within(form).getByRole('button', { name: 'Отправить ответ' }));
    expect(await within(form).findByText('Напишите сообщение')).toBeInTheDocument();
    expect(reply.calls).toHaveLength(0);

    await user.type(within(form).getByLabelText('Ответ'), '  Вернули лишнее списание ');
    await user.upload(within(form).getByLabelText('Файлы'), [pdf('справка.pdf')]);
    expect(within(form).getByRole('list', { name: 'Прикреплённые файлы' })).toHaveTextContent(
      'справка.pdf',
    );
    await user.click(within(form).getByRole('button', { name: 'Отправить ответ' }));

    const messages = screen.getByRole('list', { name: 'Сообщения' });
    expect(await within(messages).findByText('Вернули лишнее списание')).toBeInTheDocument();
    expect(
      within(messages).getByText('Оператор (Олег Операторов) · 24.11.2026 10:00:00'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Есть ответ/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Ответ')).toHaveValue('');
    expect(within(form).queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();

    const sent = reply.calls[0];
    expect(sent?.params).toEqual({ id: '12' });
    expect(sent?.headers.get('authorization')).toMatch(/^Bearer crm_test_token_2/);
    const body = sent?.body as FormData;
    expect(body.get('text')).toBe('Вернули лишнее списание');
    const files = body.getAll('attachments') as File[];
    // MSW's XMLHttpRequest stand-in in jsdom keeps the bytes but not the file's name.
    expect(files).toHaveLength(1);
    expect(new Uint8Array(await files[0]!.arrayBuffer())).toEqual(new Uint8Array([37, 80, 68, 70]));
  });

  it('refuses a file the server would refuse, before sending', async () => {
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    renderConsole('/tickets/12', OPERATOR);
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'Ответ клиенту' });

    await user.upload(within(form).getByLabelText('Файлы'), [
      new File(['x'], 'архив.zip', { type: 'application/zip' }),
    ]);
    expect(
      within(form).getByText('«архив.zip»: подходят только JPEG, PNG, WebP и PDF.'),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
  });

  it('shows the server’s refusal of the answer and keeps what was written', async () => {
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    mockCrmApi(
      '/crm/tickets/:id/messages',
      apiError('ATTACHMENT_BROKEN_PDF', { params: { name: 'справка.pdf' } }),
      { method: 'POST' },
    );
    renderConsole('/tickets/12', OPERATOR);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Ответ клиенту' });

    await user.type(within(form).getByLabelText('Ответ'), 'Ответ');
    await user.upload(within(form).getByLabelText('Файлы'), [pdf('справка.pdf')]);
    await user.click(within(form).getByRole('button', { name: 'Отправить ответ' }));

    const broken = apiErrorMessage('ATTACHMENT_BROKEN_PDF', { name: 'справка.pdf' });
    expect(await within(form).findByText(broken)).toBeInTheDocument();
    expect(within(form).getByLabelText('Ответ')).toHaveValue('Ответ');
    expect(within(form).getByRole('list', { name: 'Прикреплённые файлы' })).toBeInTheDocument();
  });

  it('closes the ticket', async () => {
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    const close = mockCrmApi('/crm/tickets/:id/close', {
      data: { ticket: inboxTicket({ status: 'closed' }) },
    });
    renderConsole('/tickets/12', OPERATOR);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Закрыть обращение' }));

    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Закрыть обращение' })).toBeNull(),
    );
    expect(screen.getByText(/Закрыто/)).toBeInTheDocument();
    expect(close.calls.map((call) => call.params)).toEqual([{ id: '12' }]);
  });
});

describe('the upload’s progress', () => {
  it('shows how much of the files has gone', async () => {
    const sent: { upload: { onprogress: ((event: ProgressEvent) => void) | null } }[] = [];
    class HeldXhr {
      upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
      open() {}
      setRequestHeader() {}
      send() {
        sent.push(this);
      }
    }
    mockCrmApi('/crm/tickets/:id', { data: { ticket: ticketDetail() } });
    renderConsole('/tickets/12', OPERATOR);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Ответ клиенту' });
    await user.type(within(form).getByLabelText('Ответ'), 'Ответ');
    await user.upload(within(form).getByLabelText('Файлы'), [pdf('справка.pdf')]);
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    await user.click(within(form).getByRole('button', { name: 'Отправить ответ' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    sent[0]?.upload.onprogress?.({
      lengthComputable: true,
      loaded: 42,
      total: 100,
    } as ProgressEvent);
    expect(await screen.findByRole('progressbar', { name: 'Отправка файлов' })).toHaveAttribute(
      'value',
      '42',
    );
    expect(within(form).getByRole('button', { name: 'Отправить ответ' })).toBeDisabled();
  });
});
