import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * The app mounts over the prerendered / and /signin
 * (apps/web/build/preact-client.ts renders over the markup instead of emptying the container).
 * No landmark of the page is ever taken out of the document (a second layout, paint and LCP) and
 * the app ends up on the very elements the HTML brought.
 */

type Watch = { removed: string[]; first: Record<string, Element | null> };

const LANDMARKS = ['div.layout', 'header.site-header', 'main#main-content', 'footer.site-footer'];

test.beforeEach(async ({ page }) => {
  await page.addInitScript((landmarks: string[]) => {
    const watch: Watch = { removed: [], first: {} };
    (window as unknown as { watch: Watch }).watch = watch;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.removedNodes)) {
          if (node instanceof Element && landmarks.some((selector) => node.matches(selector)))
            watch.removed.push(node.tagName.toLowerCase());
        }
      }
    }).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      for (const selector of landmarks) watch.first[selector] = document.querySelector(selector);
    });
  }, LANDMARKS);
});

async function expectSameLandmarks(page: Page): Promise<void> {
  const result = await page.evaluate((landmarks: string[]) => {
    const { watch } = window as unknown as { watch: Watch };
    return {
      removed: watch.removed,
      same: landmarks.filter(
        (selector) =>
          watch.first[selector] !== null &&
          watch.first[selector] === document.querySelector(selector),
      ),
    };
  }, LANDMARKS);
  expect(result.removed).toEqual([]);
  expect(result.same).toEqual(LANDMARKS);
}

test('/ renders over its prerendered markup: the header, the screen and the footer keep their elements', async ({
  page,
}) => {
  await page.goto('/');
  // The footer's company details come from the server once the app has rendered.
  const footer = page.getByTestId('site-footer');
  await expect(footer.locator('.site-footer__details')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Займы онлайн на карту' })).toBeVisible();
  await expectSameLandmarks(page);
});

test('/signin renders over its prerendered markup and its held form comes alive', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByTestId('site-footer').locator('.site-footer__details')).toBeVisible();
  // The prerendered form is inert until the app has rendered over it.
  await expect(page.locator('[inert]')).toHaveCount(0);
  const phone = page.getByLabel('Номер телефона').first();
  await phone.click();
  await phone.pressSequentially('9001234567');
  await expect(phone).toHaveValue('+7 (900) 123-45-67');
  await expectSameLandmarks(page);
});
