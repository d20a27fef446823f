import { expectNoAxeViolations, expect, test } from '../support/test';
import { signedInClient } from '../support/session';
import { pauseToasts } from '../support/toasts';
import { SIGNED_IN_SCREENS } from '../support/screens';

/** Spec §2, written out independently of the app's own route table. */
const openRoutes: Array<[string, string]> = [
  ['/', 'Займы онлайн на карту'],
  ['/confirm-phone', 'Подтверждение телефона'],
  ['/pay/callback', 'Результат оплаты'],
  ['/social/callback', 'Вход через сервис'],
  ['/pay/loanpay', 'Оплата займа'],
  ['/dev/test', 'Тестовая панель'],
  ['/email/reset', 'Восстановление пароля'],
  ['/signin', 'Вход'],
  ['/signup', 'Регистрация'],
  ['/no/such/page', 'Страница не найдена'],
];

test.describe('routes for a guest', () => {
  for (const [path, title] of openRoutes) {
    test(`${path} shows «${title}»`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    });
  }

  for (const path of SIGNED_IN_SCREENS) {
    test(`${path} sends a guest to sign-in with the full path`, async ({ page }) => {
      const fullPath = `${path}?utm_source=e2e#part`;
      await page.goto(fullPath);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/signin' && url.searchParams.get('redirect') === fullPath,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход');
    });
  }

  test('/index.html lands on / and keeps the query', async ({ page }) => {
    await page.goto('/index.html?utm_source=e2e');
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '?utm_source=e2e');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Займы онлайн на карту');
  });

  test('query parameters are kept as cookies for 30 days', async ({ page, context }) => {
    await page.goto('/?utm_campaign=autumn');
    // The prerendered page shows its heading before the app starts; the app stores the cookie.
    const campaign = async () =>
      (await context.cookies()).find((item) => item.name === 'utm_campaign');
    await expect.poll(async () => (await campaign())?.value).toBe('autumn');
    const cookie = await campaign();
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});

test('a toast appears and leaves when closed', async ({ page }) => {
  await page.goto('/dev/test');
  // The toast stays however long the check takes (its 5 s clock stopped, as under a pointer).
  await pauseToasts(page);
  await page.getByRole('button', { name: 'Показать уведомление' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Проверка уведомлений' });
  await expect(toast).toBeVisible();
  await expectNoAxeViolations(page, 'уведомление');
  await toast.getByRole('button', { name: /закрыть/i }).click();
  await expect(toast).toHaveCount(0);
});

test('a toast leaves by itself after its timeout', async ({ page }) => {
  await page.goto('/dev/test');
  await page.getByRole('button', { name: 'Показать ошибку' }).click();
  const toast = page.getByRole('alert').first();
  await expect(toast).toBeVisible();
  await expect(toast).toHaveCount(0, { timeout: 30_000 });
});

test.describe('popup', () => {
  test('closes by its button', async ({ page }) => {
    await page.goto('/dev/test');
    await page.getByRole('button', { name: 'Открыть попап' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'попап');
    await page.getByRole('button', { name: 'Закрыть попап' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('ignores an outside click until 333 ms have passed, then closes on one', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/dev/test');
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Открыть попап' }).click();
    const dialog = page.getByRole('dialog');
    // The fake clock moves in 10 ms steps until the popup opens, so it opened < 10 ms ago.
    for (let step = 0; step < 100 && !(await dialog.isVisible()); step += 1) {
      await page.clock.runFor(10);
    }
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(300);
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(50);
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    // The axe check of the last screen (support/test.ts) needs the page's timers running again.
    await page.clock.resume();
  });
});

test('a signed-in visitor of a guests-only route goes to the main page link', async ({ page }) => {
  await signedInClient(page);
  for (const path of ['/signup', '/signin']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/loan$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Мои займы');
  }
});
