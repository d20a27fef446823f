import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../../support/axe';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../../support/crm';
import { expect, test } from '../../support/test';

/**
 * Tariffs in the browser: the demo admin raises the first loan's maximum in «Настройки»,
 * the item's history shows who changed what, and the home page's calculator offers the new
 * maximum once the server's public-data cache sees the change (a few seconds). The tariff is put
 * back at the end: the other journeys of this worker's server quote the seeded one.
 */

/** The staff token the console keeps in this tab's sessionStorage. */
async function staffToken(page: Page): Promise<string> {
  const saved = await page.evaluate(() => sessionStorage.getItem('zaymo.crm.session'));
  const token = (JSON.parse(saved ?? '{}') as { token?: string }).token;
  if (!token) throw new Error('no staff session in this tab');
  return token;
}

test('the admin raises the first loan’s maximum and the home calculator offers it', async ({
  page,
}) => {
  await signInToConsole(page, await demoAdmin(page.request));
  await expect(page.getByRole('heading', { name: 'Клиенты' })).toBeVisible();
  await expectNoAxeViolations(page, 'консоль: клиенты');
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Настройки' })
    .click();
  await expect(page.getByRole('heading', { name: 'Настройки' })).toBeVisible();
  const row = page.getByRole('row', { name: /Первый заём/ });
  await expect(row).toContainText(/30\s000\s₽/);
  await row.getByRole('button', { name: 'Изменить «Первый заём»' }).click();

  const token = await staffToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const before = await (await page.request.get('/api/crm/settings', { headers })).json();
  const original = (
    before as { data: { tariffs: { id: number; is_repeat: boolean }[] } }
  ).data.tariffs.find((tariff) => !tariff.is_repeat);
  if (!original) throw new Error('no first-loan tariff');

  try {
    const maxSum = page.getByLabel('Сумма до, ₽');
    await maxSum.fill('45 000');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status')).toHaveText('Сохранено');
    await expect(row).toContainText(/45\s000\s₽/);
    await expect(page.getByRole('region', { name: /История изменений/ })).toContainText(
      /Демо-администратор[\s\S]*Сумма до: 30\s000\s₽ → 45\s000\s₽/,
    );
    await checkAtBothWidths(page, 'настройки: тариф');

    // The calculator: the amount slider's End is the new maximum (the cache checks every 2 s).
    await expect(async () => {
      await page.goto('/');
      const amount = page
        .getByRole('region', { name: 'Калькулятор займа' })
        .getByRole('slider', { name: 'Сумма займа' });
      await amount.focus();
      await page.keyboard.press('End');
      await expect(amount).toHaveAttribute('aria-valuetext', /^45\s000\s₽$/, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await expectNoAxeViolations(page, 'главная');
  } finally {
    const {
      id,
      is_repeat: _repeat,
      ...editable
    } = original as Record<string, unknown> & {
      id: number;
      is_repeat: boolean;
    };
    const restored = await page.request.post(`/api/crm/settings/tariffs/${id}`, {
      headers,
      data: editable,
    });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
