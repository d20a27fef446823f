import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { installTranslations, translationsLoaded } from '@/lib/i18n';
import { resetAllStores } from './stores';
import { installMatchMedia } from './match-media';
import { apiServer, takeContractViolations } from './api';

installTranslations();
// Components under test render outside lazy boundaries: every namespace is there first.
await translationsLoaded();
installMatchMedia();
// Masked fields load inputmask lazily; a load still running when a file's last test ends would
// evaluate it after jsdom is gone («navigator is not defined»). Evaluated here, the lazy import
// only picks up the loaded module.
await import('inputmask');

// findBy*/waitFor give up after 1 s by default: on a busy machine a lazy screen's first import
// takes longer, and a test failed for no fault of the app. They still answer as soon as the
// element shows; the limit only decides when a truly missing element is reported.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = vi.fn() as typeof window.scrollTo;

// Tests never reach a real server: a request no handler answers fails the test (test/api.ts).
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  // A request or answer of a test that does not match the contract fails that test.
  expect(takeContractViolations()).toEqual([]);
  resetAllStores();
  window.localStorage.clear();
  clearCookies();
  // Spies first: a spy on a fake timer function restores the fake, which the real timers replace.
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
