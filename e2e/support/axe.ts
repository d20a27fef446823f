import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Accessibility of every screen a journey visits: axe-core with the WCAG 2.x A and AA
 * rules and best practices, zero violations of any impact. Journeys call
 * `expectNoAxeViolations(page)` once a screen (or a popup) has settled; support/test.ts fails a
 * test that visited a screen without checking it.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Toasts and popups fade in: colours are checked once finite animations have ended. Polled on an
 * interval, not on animation frames, which a page in the background may not get.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { polling: 100 },
  );
}

/** The screens of a page that passed the check: support/test.ts compares them with the visited. */
const checkedScreens = new WeakMap<Page, Set<string>>();

export function screenOf(url: string): string {
  return new URL(url).pathname;
}

export function checkedScreensOf(page: Page): ReadonlySet<string> {
  return checkedScreens.get(page) ?? new Set();
}

export async function expectNoAxeViolations(page: Page, label = ''): Promise<void> {
  await settled(page);
  let violations = await axeViolations(page);
  // A toast that appeared after the page settled is checked mid-fade, its colours half blended:
  // once its animation has ended a real violation is still there, a passing one is gone.
  if (violations.length > 0) {
    await settled(page);
    violations = await axeViolations(page);
  }
  const screen = screenOf(page.url());
  const where = `${label || screen} (${page.viewportSize()?.width ?? '?'} px)`;
  const report = violations.map(
    (violation) =>
      `${violation.impact ?? ''} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect(report, `axe-core на ${where}`).toEqual([]);
  const checked = checkedScreens.get(page) ?? new Set<string>();
  checked.add(screen);
  checkedScreens.set(page, checked);
}

async function axeViolations(page: Page) {
  // Legacy mode runs axe in the page itself: no extra page per check (the site has no iframes).
  // AxeBuilder would send axe-core's 500 kB source into the page twice per check (1-3 s on a busy
  // machine). The app changes screens without reloading, so the source goes in once per document
  // and AxeBuilder gets an empty statement in its place (it still configures axe and runs it).
  const injected = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(axeCore.source);
  const { violations } = await new AxeBuilder({ page, axeSource: ';' })
    .withTags(TAGS)
    .setLegacyMode(true)
    .analyze();
  return violations;
}
