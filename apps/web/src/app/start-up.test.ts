import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { useSessionStore } from '@/stores/session';
import { TARIFF } from '@/features/loans/test/fake-loans-api';
import { mockApi } from '../../test/api';
import { COMPANY_SETTINGS, signedInClient } from '../../test/fixtures';
import { VALID_TOKEN } from '../../test/stores';

// Under Node, react-router/dom's build carries a router context of its own, apart from the
// react-router the app's components read (the browser bundle has one): mount with the latter's.
vi.mock('react-router/dom', async () => ({
  RouterProvider: (await import('react-router')).RouterProvider,
}));

/**
 * The real start-up (main.tsx, spec §4) into a page with #app, answered by MSW: what the person
 * sees and which calls go out, not the order of the steps' calls.
 */
describe('start-up', () => {
  it('restores the saved session, mounts the app into #app and names the page', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    window.history.replaceState(null, '', '/');
    localStorage.setItem(STORAGE_KEYS.token, VALID_TOKEN);
    mockApi('/settings/get', { data: { params: { ...COMPANY_SETTINGS, brand: 'Займо Тест' } } });
    mockApi('/clients/orders', { data: { data: { data: [] } } });
    mockApi('/clients/moratorium', { data: { data: { status: true, end_date: null } } });
    const tariffs = mockApi('/tariff/default', {
      data: {
        tariffs: [TARIFF],
        service: { insurances: [] },
        today: '2026-12-24',
      },
    });
    const client = mockApi('/clients', {
      data: { client: signedInClient({ name: 'Мария', surname: 'Иванова' }) },
    });

    await import('@/main');

    const app = document.getElementById('app');
    expect(await screen.findByTestId('client-badge')).toHaveTextContent('Мария Иванова');
    expect(app).toContainElement(screen.getByTestId('client-badge'));
    expect(useSessionStore.getState().token).toBe(VALID_TOKEN);
    expect(client.calls[0]?.headers.get('Authorization')).toBe(`Bearer ${VALID_TOKEN}`);
    await waitFor(() => expect(document.title).toMatch(/ — Займо Тест$/));
    await waitFor(() => expect(tariffs.calls.length).toBeGreaterThan(0));
  });
});
