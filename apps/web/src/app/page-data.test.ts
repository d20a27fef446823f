import { screen, waitFor } from '@testing-library/react';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@zaymo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tariffsQuery } from '@/features/loans/api/tariffs';
import { TARIFF } from '@/features/loans/test/fake-loans-api';
import { companySettingsQuery } from '@/hooks/use-company-settings';
import { queryClient } from '@/lib/query-client';
import { useCalculatorStore } from '@/stores/calculator';
import { useSessionStore } from '@/stores/session';
import { mockApi } from '../../test/api';
import { COMPANY_SETTINGS } from '../../test/fixtures';
import { VALID_TOKEN } from '../../test/stores';
import { seedPageData } from './page-data';

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

describe('seedPageData', () => {
  beforeEach(() => queryClient.clear());

  it('gives a signed-in client the settings but leaves the tariffs to the calculator’s own call', () => {
    pageWithBlock(JSON.stringify(PAGE_DATA));
    useSessionStore.setState({ token: VALID_TOKEN });
    seedPageData();
    expect(queryClient.getQueryData(companySettingsQuery.queryKey)).toEqual(
      PAGE_DATA.settings.data.params,
    );
    expect(useCalculatorStore.getState().tariffs).toEqual([]);
    expect(queryClient.getQueryData(tariffsQuery('default').queryKey)).toBeUndefined();
  });

  it('ignores a damaged block: the calls fetch what it would have given', () => {
    pageWithBlock('{"settings": {"data"');
    expect(() => seedPageData()).not.toThrow();
    expect(queryClient.getQueryData(companySettingsQuery.queryKey)).toBeUndefined();
  });
});

// Last: the app it mounts stays mounted.
/**
 * The home page the server sends carries the answers of the calls its first screen
 * makes (contract's PageData); the app starts with them and makes none of those calls.
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
