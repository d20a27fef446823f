import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, useNotificationsStore } from './notifications';

afterEach(() => vi.useRealTimers());

describe('notifications store', () => {
  it('ignores an empty message', () => {
    expect(notify({ message: '', type: 'error' })).toBeNull();
    expect(useNotificationsStore.getState().notifications).toEqual({});
  });

  it('keys by the given key, not yet shown', () => {
    notify({ message: 'Готово', type: 'success', key: 'saved', timeout: false });

    expect(useNotificationsStore.getState().notifications.saved).toEqual({
      id: 'saved',
      key: 'saved',
      message: 'Готово',
      type: 'success',
      hasShown: false,
      timeout: false,
    });
  });

  it('keys by the current timestamp without a key, never overwriting', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });

    const first = notify({ message: 'Первое', type: 'success' });
    const second = notify({ message: 'Второе', type: 'error' });

    expect(first).toBe('1700000000000');
    expect(second).not.toBe(first);
    expect(Object.keys(useNotificationsStore.getState().notifications)).toHaveLength(2);
  });

  it('does not add a second notification with a key already present', () => {
    notify({ message: 'Раз', type: 'success', key: 'k' });
    notify({ message: 'Два', type: 'success', key: 'k' });

    expect(useNotificationsStore.getState().notifications.k?.message).toBe('Раз');
  });

  it('marks shown and removes', () => {
    const id = notify({ message: 'Текст', type: 'success' }) ?? '';
    const store = useNotificationsStore.getState();

    store.markShown(id);
    expect(useNotificationsStore.getState().notifications[id]?.hasShown).toBe(true);

    store.remove(id);
    expect(useNotificationsStore.getState().notifications).toEqual({});
  });
});
