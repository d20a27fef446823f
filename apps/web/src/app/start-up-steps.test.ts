import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { useSessionStore } from '@/stores/session';
import { VALID_TOKEN } from '../../test/stores';
import type { AppRouter } from './router';
import { installHeadManager, restoreSavedToken } from './start-up';

function fakeRouter() {
  const navigate = vi.fn(async () => undefined);
  return { router: { navigate } as unknown as AppRouter, navigate };
}

describe('start-up steps', () => {
  it('restoreSavedToken restores the saved token', () => {
    localStorage.setItem(STORAGE_KEYS.token, VALID_TOKEN);
    const { router, navigate } = fakeRouter();

    restoreSavedToken(router);

    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('restoreSavedToken enters admin mode and tells the router the cleaned address', () => {
    window.history.replaceState(null, '', `/cards?from_crm=true&token=${VALID_TOKEN}&a=1`);
    const { router, navigate } = fakeRouter();

    restoreSavedToken(router);

    expect(useSessionStore.getState()).toMatchObject({ token: VALID_TOKEN, admin: true });
    expect(navigate).toHaveBeenCalledWith('/cards?a=1', { replace: true });
  });

  it('installHeadManager titles the page with the default brand', () => {
    document.title = '';
    installHeadManager();
    expect(document.title).toBe('Займо');
  });
});
