import { prepareMaskedFields, setUpComponentTests } from '@zaymo/web-kit/testing';
import { beforeEach, vi } from 'vitest';
import { installTranslations, translationsLoaded } from '@/lib/i18n';
import { resetAllStores } from './stores';
import { answerShellReads } from './shell-reads';

installTranslations();
// Components under test render outside lazy boundaries: every namespace is there first.
await translationsLoaded();
await prepareMaskedFields();

// jsdom has no scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = vi.fn() as typeof window.scrollTo;

// MSW from the contract (test/api.ts), the contract check and the shared clean-up after a test;
// a request no handler answers fails the test.
setUpComponentTests(
  () => {
    resetAllStores();
    window.localStorage.clear();
    clearCookies();
  },
  { failOnUnhandledRequest: true },
);

// The shell's background reads are answered in every test (test/shell-reads.ts); a test's own
// `mockApi` of the same call wins.
beforeEach(answerShellReads);

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
