import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../../test/render';
import { apiError, mockApi } from '../../../../test/api';
import { OUTBOX_REFRESH_MS } from '../api/outbox';
import { Outbox } from './outbox';

const SMS = {
  id: 2,
  channel: 'sms' as const,
  recipient: '+79123456789',
  subject: null,
  body: 'Займо: код 482913 для регистрации. Никому его не сообщайте.',
  created_at: '2026-03-01T09:30:00.000Z',
};
const EMAIL = {
  id: 1,
  channel: 'email' as const,
  recipient: 'ivanov@mail.ru',
  subject: 'Восстановление пароля в «Займо»',
  body: 'Откройте ссылку:\nhttp://localhost:3000/email/reset?token=abc123\n\nСсылка действует 1 час.',
  created_at: '2026-03-01T09:00:00.000Z',
};

describe('sandbox outbox on /dev/test', () => {
  it('lists SMS with their code and e-mails with clickable links', async () => {
    mockApi('/dev/outbox', { data: [SMS, EMAIL] });
    renderWithQuery(<Outbox />);

    expect(await screen.findByTestId('outbox-code')).toHaveTextContent('482913');
    expect(
      screen.getByRole('link', { name: 'http://localhost:3000/email/reset?token=abc123' }),
    ).toHaveAttribute('href', 'http://localhost:3000/email/reset?token=abc123');
    expect(screen.getByText('Восстановление пароля в «Займо»')).toBeVisible();
  });

  it('filters by recipient once typing stops', async () => {
    const outbox = mockApi('/dev/outbox', { data: [SMS] });
    renderWithQuery(<Outbox />);
    await screen.findByTestId('outbox-code');

    await userEvent.type(screen.getByLabelText('Получатель'), '+79123456789');

    await waitFor(() =>
      expect(outbox.calls.at(-1)?.query).toEqual({ recipient: '+79123456789', limit: '20' }),
    );
    const filtered = outbox.calls.filter((call) => 'recipient' in call.query);
    expect(filtered).toHaveLength(1);
  });

  it('refreshes every 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const outbox = mockApi('/dev/outbox', { data: [SMS] });
    renderWithQuery(<Outbox />);
    await screen.findByTestId('outbox-code');
    const before = outbox.calls.length;

    await act(async () => {
      await vi.advanceTimersByTimeAsync(OUTBOX_REFRESH_MS);
    });

    expect(outbox.calls.length).toBe(before + 1);
  });

  it('says when the sandbox is off', async () => {
    mockApi('/dev/outbox', apiError('NOT_FOUND'));
    renderWithQuery(<Outbox />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Режим песочницы выключен');
  });
});
