import { screen, waitFor } from '@testing-library/react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@zaymo/contract';
import { describe, expect, it, vi } from 'vitest';
import { TARIFF } from '@/features/loans/test/fake-loans-api';
import { mockApi } from '../../test/api';
import { COMPANY_SETTINGS } from '../../test/fixtures';
import { VALID_TOKEN } from '../../test/stores';

// As in start-up.test.ts: mount with the react-router the app's components read.
vi.mock('react-router/dom', async () => ({
  RouterProvider: (await import('react-router')).RouterProvider,
}));

const DEFAULT_TARIFFS = {
  data: { tariffs: [TARIFF], service: { insurances: [] }, today: '2026-12-24' },
} satisfies PageData['defaultTariffs'];

const PAGE_DATA: PageData = {
  settings: { data: { params: { ...COMPANY_SETTINGS, brand: 'Займо из страницы' } } },
  defaultTariffs: DEFAULT_TARIFFS,
};

/** A page with #app and the data block the server puts in. */
function pageWithBlock(text: string): void {
  document.body.innerHTML = `<div id="app"></div><script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${text}</script>`;
}

// Last: the app it mounts stays mounted.
/**
 * The home page the server sends carries the answers of the calls its first screen makes
 * (contract's PageData); the app shows them and makes none of those calls, except the tariffs
 * of a signed-in client, whose calculator asks for its own.
 */
describe('a page that carries its public data', () => {
  it('shows the brand and a guest’s calculator from it, calling neither the settings nor the tariffs', async () => {
    pageWithBlock(JSON.stringify(PAGE_DATA));
    window.history.replaceState(null, '', '/');
    const settings = mockApi('/settings/get', { data: { params: COMPANY_SETTINGS } });
    const tariffs = mockApi('/tariff/default', DEFAULT_TARIFFS);

    await import('@/main');

    expect(await screen.findByRole('button', { name: 'Получить деньги' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/ — Займо из страницы$/));
    expect(screen.getByTestId('brand')).toHaveTextContent('Займо из страницы');
    expect(settings.calls).toHaveLength(0);
    expect(tariffs.calls).toHaveLength(0);
  });
});

describe('the tariffs of the block', () => {
  it('are a guest’s only: a signed-in client’s calculator fetches its own', async () => {
    pageWithBlock(JSON.stringify(PAGE_DATA));
    const tariffs = mockApi('/tariff/default', DEFAULT_TARIFFS);
    vi.resetModules();
    (await import('@/stores/session')).useSessionStore.setState({ token: VALID_TOKEN });
    const { queryClient } = await import('@/lib/query-client');
    const { tariffsQuery } = await import('@/features/loans/api/tariffs');
    await queryClient.fetchQuery(tariffsQuery('default'));
    expect(tariffs.calls).toHaveLength(1);
  });
});
