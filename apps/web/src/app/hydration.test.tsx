import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import react from '@vitejs/plugin-react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { bundleRenderer } from '../../build/prerender';
import { TARIFF } from '@/features/loans/test/fake-loans-api';
import { STORAGE_KEYS } from '@/lib/storage';
import { restoreCalculatorState } from '@/stores/calculator';
import { useSessionStore } from '@/stores/session';
import { mockApi } from '../../test/api';
import { signedInClient } from '../../test/fixtures';
import { VALID_TOKEN } from '../../test/stores';
import { createTestQueryClient } from '../../test/render';
import { AppProvider } from './provider';
import { createRouteObjects } from './routes';

/**
 * The prerendered pages hydrate without a mismatch: the app bundled for Node and rendered as the
 * build does (build/prerender.ts: its own copy of React and of every library), then hydrated
 * here by React's development build, which reports every difference, attributes too. A
 * difference would make React render the page anew (a second paint, lost typing) and log an
 * error in the person's browser.
 */

const WEB_ROOT = path.join(import.meta.dirname, '../..');
let bundleDir = '';
let renderPage: (path: string) => Promise<string>;

beforeAll(async () => {
  // Inside the repository: vitest's module runner imports no file from outside it.
  const cache = path.join(WEB_ROOT, '../../node_modules/.cache');
  await mkdir(cache, { recursive: true });
  bundleDir = await mkdtemp(path.join(cache, 'zaymo-hydration-'));
  const source = { find: '@', replacement: path.join(WEB_ROOT, 'src') };
  renderPage = await bundleRenderer(WEB_ROOT, bundleDir, [source], [react()]);
});

afterAll(() => rm(bundleDir, { recursive: true, force: true }));

function app(path: string) {
  const router = createMemoryRouter(createRouteObjects(), { initialEntries: [path] });
  return (
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

let logged: MockInstance[] = [];
const recoverable: unknown[] = [];
let root: Root | null = null;

beforeEach(() => {
  recoverable.length = 0;
  logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
  mockApi('/tariff/default', {
    data: { tariffs: [TARIFF], service: { insurances: [] }, today: '2026-12-24' },
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

async function hydrate(path: string): Promise<void> {
  const container = document.createElement('div');
  container.innerHTML = await renderPage(path);
  document.body.replaceChildren(container);
  await act(async () => {
    root = hydrateRoot(container, app(path), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
}

function expectNothingReported(): void {
  expect(recoverable).toEqual([]);
  for (const spy of logged) expect(spy.mock.calls).toEqual([]);
}

describe('hydrating a prerendered page', () => {
  it('/ takes its markup as it is and then shows the answers', async () => {
    await hydrate('/');
    expect(await screen.findByRole('button', { name: 'Получить деньги' })).toBeEnabled();
    await waitFor(() =>
      expect(screen.getByTestId('site-footer').querySelector('.site-footer__details')).not.toBe(
        null,
      ),
    );
    expectNothingReported();
  });

  it('/signin takes its markup as it is and lets the form be sent', async () => {
    await hydrate('/signin');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Войти' })).toBeEnabled());
    expectNothingReported();
  });

  it('/ of a signed-in client with a saved choice hydrates as the guest page it was, then changes', async () => {
    localStorage.setItem(STORAGE_KEYS.token, VALID_TOKEN);
    localStorage.setItem(
      STORAGE_KEYS.calculator,
      JSON.stringify({ amount: '7000.00', period: 10, tariffId: TARIFF.id, insuranceIds: [] }),
    );
    mockApi('/clients', {
      data: { client: signedInClient({ name: 'Мария', surname: 'Иванова' }) },
    });
    mockApi('/clients/orders', { data: { data: { data: [] } } });
    mockApi('/clients/moratorium', { data: { data: { status: true, end_date: null } } });
    // What start-up does before the app mounts (app/start-up.tsx).
    useSessionStore.getState().restore();
    restoreCalculatorState();
    await hydrate('/');
    expect(await screen.findByTestId('client-badge')).toHaveTextContent('Мария Иванова');
    expectNothingReported();
  });
});
