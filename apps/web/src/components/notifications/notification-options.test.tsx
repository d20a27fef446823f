import { act, render } from '@testing-library/react';
import type * as Toastify from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '@/stores/notifications';
import { NotificationHost } from './notification-host';

const toastSpy = vi.hoisted(() => vi.fn());

vi.mock('react-toastify', async (importOriginal) => {
  const original = await importOriginal<typeof Toastify>();
  const spiedToast = Object.assign((...args: Parameters<typeof original.toast>) => {
    toastSpy(...args);
    return original.toast(...args);
  }, original.toast);
  return { ...original, toast: spiedToast };
});

describe('NotificationHost toast options', () => {
  it('uses 5000 ms by default, the given timeout, and false to stay until closed', () => {
    render(<NotificationHost />);

    act(() => void notify({ message: 'По умолчанию', type: 'success', key: 'a' }));
    act(() => void notify({ message: 'Быстро', type: 'error', key: 'b', timeout: 2000 }));
    act(() => void notify({ message: 'Навсегда', type: 'error', key: 'c', timeout: false }));

    const options = toastSpy.mock.calls.map(([message, { toastId, type, autoClose }]) => ({
      message,
      toastId,
      type,
      autoClose,
    }));
    expect(options).toEqual([
      { message: 'По умолчанию', toastId: 'a', type: 'success', autoClose: 5000 },
      { message: 'Быстро', toastId: 'b', type: 'error', autoClose: 2000 },
      { message: 'Навсегда', toastId: 'c', type: 'error', autoClose: false },
    ]);
  });

  it('never shows a notification twice, even after the store changes again', () => {
    toastSpy.mockClear();
    render(<NotificationHost />);

    act(() => void notify({ message: 'Один раз', type: 'success', key: 'once' }));
    act(() => void notify({ message: 'Ещё одно', type: 'success', key: 'more' }));

    const messages = toastSpy.mock.calls.map(([message]) => message);
    expect(messages.filter((message) => message === 'Один раз')).toHaveLength(1);
  });
});
