import { describe, expect, it } from 'vitest';
import { VALID_TOKEN } from '../../test/stores';
import { useSessionStore } from '@/stores/session';
import { enterAdminModeFromAddress } from './admin-entry';
import { getCookie } from './cookies';
import { STORAGE_KEYS } from './storage';

function openAddress(address: string): void {
  window.history.replaceState(null, '', address);
}

describe('admin mode entry', () => {
  it('stores the token, sets the admin flag and cookie, and cleans the address bar', () => {
    openAddress(`/loan?utm_source=crm&from_crm=true&token=${VALID_TOKEN}#top`);

    expect(enterAdminModeFromAddress()).toBe(true);

    expect(useSessionStore.getState()).toMatchObject({ token: VALID_TOKEN, admin: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(VALID_TOKEN);
    expect(getCookie('from_crm')).toBe('true');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/loan?utm_source=crm#top',
    );
  });

  it('does nothing without from_crm=true', () => {
    openAddress(`/loan?token=${VALID_TOKEN}`);

    expect(enterAdminModeFromAddress()).toBe(false);

    expect(useSessionStore.getState().admin).toBe(false);
    expect(window.location.search).toBe(`?token=${VALID_TOKEN}`);
  });

  it('removes a token that is too short from the address without storing it', () => {
    openAddress(`/cards?from_crm=true&token=${'x'.repeat(27)}`);

    expect(enterAdminModeFromAddress()).toBe(false);

    expect(useSessionStore.getState()).toMatchObject({ token: null, admin: false });
    expect(window.location.search).toBe('');
  });
});
