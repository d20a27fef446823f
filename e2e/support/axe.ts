import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

/**
 * Accessibility of every screen a journey visits (issue 13 item 4): axe-core with the WCAG 2.x A
 * and AA rules and best practices, zero violations of any impact. Journeys call
 * `expectAccessible(page)` once a screen has settled; the `test` exported here also checks the
 * screen each journey ends on, so a new journey is covered without remembering to.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Toasts and popups fade in: colours are checked once finite animations have ended. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

export async function expectAccessible(page: Page, label = ''): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const where = `${label || new URL(page.url()).pathname} (${page.viewportSize()?.width ?? '?'} px)`;
  const report = violations.map(
    (violation) =>
      `${violation.impact ?? ''} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe-core на ${where}`).toEqual([]);
}

/**
 * Each test comes from an address of its own (X-Forwarded-For, believed from the e2e server's
 * TRUST_PROXY=127.0.0.1), as real clients do: the per-address SMS and look-up caps then limit one
 * journey, not the whole suite run from one machine.
 */
function clientAddressOf(testId: string): string {
  let hash = 0;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

/**
 * Playwright's test, with the screen each journey ends on checked by axe-core, and each test's
 * requests coming from an address of its own.
 */
export const test = base.extend<{ axeOnLastScreen: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressOf(testInfo.testId) });
  },
  axeOnLastScreen: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus && page.url().startsWith('http')) {
        await expectAccessible(page, 'последний экран');
      }
    },
    { auto: true },
  ],
});

export { expect };
