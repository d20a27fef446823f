import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { useSessionStore } from './session';

const TOKEN_27 = 't'.repeat(27);
const TOKEN_28 = 't'.repeat(28);

describe('session store', () => {
  it('rejects a 27-character token and stores a 28-character one', () => {
    const { setToken } = useSessionStore.getState();

    expect(setToken(TOKEN_27)).toBe(false);
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();

    expect(setToken(TOKEN_28)).toBe(true);
    expect(useSessionStore.getState().token).toBe(TOKEN_28);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN_28);
  });

  it('persists phone and admin flag and restores them', () => {
    const session = useSessionStore.getState();
    session.setToken(TOKEN_28);
    session.setPhone('79123456789');
    session.setAdmin(true);
    useSessionStore.setState({ token: null, phone: null, admin: false });

    useSessionStore.getState().restore();

    expect(useSessionStore.getState()).toMatchObject({
      token: TOKEN_28,
      phone: '79123456789',
      admin: true,
    });
  });

  it('drops a saved token that is too short instead of restoring it', () => {
    localStorage.setItem(STORAGE_KEYS.token, TOKEN_27);

    useSessionStore.getState().restore();

    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('keeps a token already in memory when storage has none', () => {
    useSessionStore.setState({ token: TOKEN_28 });

    useSessionStore.getState().restore();

    expect(useSessionStore.getState().token).toBe(TOKEN_28);
  });

  it('reset clears memory and local storage', () => {
    const session = useSessionStore.getState();
    session.setToken(TOKEN_28);
    session.setPhone('79123456789');
    session.setAdmin(true);

    useSessionStore.getState().reset();

    expect(useSessionStore.getState()).toMatchObject({ token: null, phone: null, admin: false });
    expect(localStorage.length).toBe(0);
  });
});
