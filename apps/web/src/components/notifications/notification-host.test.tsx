import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notify, useNotificationsStore } from '@/stores/notifications';
import { setViewportWidth } from '@zaymo/web-kit/testing';
import { NotificationHost } from './notification-host';

afterEach(() => {
  act(() => toast.dismiss());
  setViewportWidth(1440);
});

function stored() {
  return useNotificationsStore.getState().notifications;
}

describe('NotificationHost', () => {
  it('shows a notification once and marks it shown', async () => {
    render(<NotificationHost />);

    act(() => void notify({ message: 'Карта привязана', type: 'success', key: 'card' }));
    act(() => void notify({ message: 'Другое', type: 'error', key: 'other' }));

    expect(await screen.findByText('Карта привязана')).toBeInTheDocument();
    expect(await screen.findByText('Другое')).toBeInTheDocument();
    expect(screen.getAllByText('Карта привязана')).toHaveLength(1);
    expect(stored().card?.hasShown).toBe(true);
  });

  it('colours by type', async () => {
    render(<NotificationHost />);

    act(() => void notify({ message: 'Ошибка оплаты', type: 'error' }));

    const text = await screen.findByText('Ошибка оплаты');
    expect(text.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it('removes the notification from the store when its toast is closed', async () => {
    render(<NotificationHost />);
    act(() => void notify({ message: 'Сохранено', type: 'success', key: 'saved' }));
    await screen.findByText('Сохранено');

    await userEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление' }));

    expect(stored()).toEqual({});
  });

  it('sits top right from 768 px and top centre below', async () => {
    setViewportWidth(1024);
    render(<NotificationHost />);
    act(() => void notify({ message: 'Широкий', type: 'success' }));
    const toastText = await screen.findByText('Широкий');
    expect(toastText.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-right',
    );

    act(() => setViewportWidth(767));
    act(() => void notify({ message: 'Узкий', type: 'success' }));

    const narrowText = await screen.findByText('Узкий');
    expect(narrowText.closest('.Toastify__toast-container')).toHaveClass(
      'Toastify__toast-container--top-center',
    );
  });

  it('has no progress bar', async () => {
    render(<NotificationHost />);
    act(() => void notify({ message: 'Без полосы', type: 'success' }));
    await screen.findByText('Без полосы');

    expect(document.querySelector('.Toastify__progress-bar--wrp')).toHaveAttribute(
      'data-hidden',
      'true',
    );
  });
});
