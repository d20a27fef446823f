import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * React hydrates the prerendered / and /signin (apps/web/build/prerender.ts, app/start-up.tsx):
 * no landmark of the page is ever taken out of the document (a second layout, paint and LCP), the
 * app ends up on the very elements the HTML brought, and the first tap or key once it runs takes
 * effect. support/test.ts fails any of these tests whose page logged a hydration mismatch.
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

test('/ is hydrated on its own markup, and the first tap on the calculator moves it', async ({
  page,
}) => {
  await page.goto('/');
  // The footer's company details and the calculator's controls come once the app runs the page.
  const footer = page.getByTestId('site-footer');
  await expect(footer.locator('.site-footer__details')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Займы онлайн на карту' })).toBeVisible();
  const amount = page.getByRole('slider', { name: 'Сумма займа' });
  const before = await amount.inputValue();
  const summary = page.getByTestId('loan-summary');
  const quoted = await summary.textContent();
  // Near the slider's right end: the largest amount, never the one the calculator starts with.
  const box = await amount.boundingBox();
  await amount.click({ position: { x: (box?.width ?? 4) - 2, y: (box?.height ?? 4) / 2 } });
  await expect(amount).not.toHaveValue(before);
  await expect(summary).not.toHaveText(quoted ?? '');
  await expectSameLandmarks(page);
  await expectNoAxeViolations(page);
});

test('/signin is hydrated on its own markup, and its first tap and keys work', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByTestId('site-footer').locator('.site-footer__details')).toBeVisible();
  // The prerendered form's «Войти» is held disabled until the app runs the form.
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeEnabled();
  const phone = page.getByLabel('Номер телефона', { exact: true });
  await phone.click();
  await phone.pressSequentially('9001234567');
  await expect(phone).toHaveValue('+7 (900) 123-45-67');
  await page.getByRole('tab', { name: 'По коду из СМС' }).click();
  await expect(page.getByRole('tab', { selected: true })).toHaveText('По коду из СМС');
  await expectSameLandmarks(page);
  await expectNoAxeViolations(page);
});
