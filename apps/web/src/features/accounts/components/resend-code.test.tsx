import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useNotificationsStore } from '@/stores/notifications';
import { renderWithQuery } from '../../../../test/render';
import { advanceTimers } from '../../../../test/timers';
import { ResendCode } from './resend-code';

async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('ResendCode', () => {
  it('counts down from resend_after, then offers to send the code again', () => {
    vi.useFakeTimers();
    renderWithQuery(<ResendCode initialSeconds={59} onResend={vi.fn()} />);

    expect(screen.getByText('Отправить код повторно через 0:59')).toBeVisible();
    advanceTimers(1000);
    expect(screen.getByText('Отправить код повторно через 0:58')).toBeVisible();
    advanceTimers(57_000);
    expect(screen.getByText('Отправить код повторно через 0:01')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    advanceTimers(1000);
    expect(screen.getByRole('button', { name: 'Отправить код ещё раз' })).toBeEnabled();
  });

  it('shows minutes for long delays', () => {
    vi.useFakeTimers();
    renderWithQuery(<ResendCode initialSeconds={125} onResend={vi.fn()} />);
    expect(screen.getByText('Отправить код повторно через 2:05')).toBeVisible();
  });

  it('sends again and restarts the countdown from the new answer', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(async () => 30);
    renderWithQuery(<ResendCode initialSeconds={1} onResend={onResend} />);
    advanceTimers(1000);

    fireEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await settle();

    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Отправить код повторно через 0:30')).toBeVisible();
  });

  it('on 429 waits retry_after seconds and shows the server’s message', async () => {
    vi.useFakeTimers();
    const tooMany = new ApiError(429, {
      code: 'TOO_MANY_REQUESTS',
      message: 'Слишком много кодов. Подождите',
      retry_after: 90,
    });
    renderWithQuery(<ResendCode initialSeconds={0} onResend={() => Promise.reject(tooMany)} />);

    fireEvent.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    await settle();

    expect(screen.getByText('Отправить код повторно через 1:30')).toBeVisible();
    const messages = Object.values(useNotificationsStore.getState().notifications);
    expect(messages.map(({ message }) => message)).toEqual(['Слишком много кодов. Подождите']);
  });
});
