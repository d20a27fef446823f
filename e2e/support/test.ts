import { expect, test as base, type Page } from '@playwright/test';
import { workerBaseURL } from '../playwright.config';
import { checkedScreensOf, expectNoAxeViolations, screenOf } from './axe';

/**
 * The `test` every journey uses, with four fixtures:
 * - each worker talks to a server of its own (playwright.config.ts starts one per worker);
 * - each test's requests come from an address of its own (X-Forwarded-For, believed from the e2e
 *   server's TRUST_PROXY=127.0.0.1), as real clients do: the per-address SMS and look-up caps
 *   then limit one journey, not the whole suite run from one machine;
 * - every screen the page visits is checked by axe-core: the journeys call
 *   `expectNoAxeViolations(page)` on each screen and popup, the screen a test ends on is checked
 *   here, and a test that passed through a screen without checking it fails, naming it;
 * - React reports nothing: a test whose page logged a hydration mismatch, an error React
 *   recovered from, or a warning of React or React Router fails, quoting it.
 */

function clientAddressOf(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/**
 * The screens this page showed. A path the app left by history.replaceState (a guard's or a
 * route's redirect) was never a screen the client saw, so it is not counted.
 */
async function watchScreens(
  page: Page,
  origin: string,
): Promise<{ visited: Set<string>; redirected: Set<string> }> {
  const visited = new Set<string>();
  const redirected = new Set<string>();
  page.on('framenavigated', (frame) => {
    // Only this site's screens: a partner's page the decline page opens is not ours to check.
    if (frame === page.mainFrame() && frame.url().startsWith(`${origin}/`)) {
      visited.add(screenOf(frame.url()));
    }
  });
  await page.exposeBinding('__e2eRedirectedFrom', (_source, path: string) => {
    redirected.add(path);
  });
  await page.addInitScript(() => {
    const replace = history.replaceState.bind(history);
    history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
      const from = location.pathname;
      if (url != null && new URL(String(url), location.href).pathname !== from) {
        const report = (window as unknown as { __e2eRedirectedFrom?: (path: string) => void })
          .__e2eRedirectedFrom;
        void report?.(from);
      }
      replace(state, unused, url);
    };
  });
  return { visited, redirected };
}

/**
 * What React and React Router say when a page is not what they expect: a hydration mismatch
 * (in the production build an error #418–#425 reported to `window`, in development the
 * «hydrat…» messages), an error React recovered from by rendering anew, a router warning.
 */
const REACT_REPORT =
  /hydrat|Minified React error|react\.dev\/errors|recoverable|HydrateFallback|Warning: |React Router/i;

/** React's reports on the page's console and its uncaught errors, as they come. */
function watchReactReports(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    const kind = message.type();
    if ((kind === 'error' || kind === 'warning') && REACT_REPORT.test(message.text()))
      reports.push(`console.${kind}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (REACT_REPORT.test(`${error.message}\n${error.stack ?? ''}`))
      reports.push(`uncaught: ${error.message}`);
  });
  return reports;
}

export const test = base.extend<{ axeOnEveryScreen: void; reactReportsNothing: void }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerBaseURL(testInfo.parallelIndex));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo.testId) });
  },
  axeOnEveryScreen: [
    async ({ page, baseURL }, use, testInfo) => {
      const { visited, redirected } = await watchScreens(page, new URL(baseURL ?? '').origin);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      if (!page.url().startsWith(new URL(baseURL ?? '').origin)) return;
      // A test may end on an address (toHaveURL) while the screen's code is still loading: on a
      // busy machine axe then saw the spinner, without the screen's heading. Every screen has an
      // <h1> (axe's page-has-heading-one), so its arrival is the screen's.
      await expect(page.locator('h1').first()).toBeAttached();
      await expectNoAxeViolations(page, `${screenOf(page.url())}, последний экран`);
      const checked = checkedScreensOf(page);
      const unchecked = [...visited].filter(
        (screen) => !checked.has(screen) && !redirected.has(screen),
      );
      expect(unchecked, 'экраны, пройденные без проверки axe-core').toEqual([]);
    },
    { auto: true },
  ],
  reactReportsNothing: [
    async ({ page }, use, testInfo) => {
      const reports = watchReactReports(page);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      expect(reports, 'сообщения React в консоли страницы').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect, expectNoAxeViolations };
