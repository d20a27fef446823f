import { expect, expectNoAxeViolations, test } from '../support/test';
import type { Page } from '@playwright/test';
import { clientWithApprovedOrder, operatorLinkQuery } from '../support/operator';

/**
 * In the browser: a CRM operator opens a client's cabinet by the operator link
 * and walks the profile, the cards and the approved loan. The «Режим оператора» banner is on every
 * screen at 390 px and 1366 px, and nothing the server refuses an operator is offered: no phone,
 * e-mail or password change, no card binding or choice, no signing or refusing the loan.
 */

const WIDTHS = [390, 1366] as const;

/** The banner names the operator and fits the screen at both widths. */
async function expectBannerAtBothWidths(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const banner = page.getByTestId('admin-banner');
    await expect(banner).toContainText('Режим оператора: Петрова А.');
    await expect(banner).toBeInViewport();
    const box = await banner.boundingBox();
    expect(box?.width ?? Infinity).toBeLessThanOrEqual(width);
  }
  await expectNoAxeViolations(page);
}

test('an operator walks the profile, cards and loan with the banner on and no client-only action', async ({
  page,
}) => {
  const client = await clientWithApprovedOrder(page);
  await page.goto(`/person${await operatorLinkQuery(page, client)}`);

  await expect(page.getByText(/Телефон, e-mail и пароль меняет только сам клиент/)).toBeVisible();
  for (const name of ['Изменить телефон', 'Изменить пароль', 'Подтвердить e-mail']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expectBannerAtBothWidths(page);

  await page.goto('/cards');
  await expect(page.getByRole('article', { name: /•••• 0004/ })).toBeVisible();
  await expect(page.getByText('Картами и автоплатежом управляет сам клиент.')).toBeVisible();
  for (const name of ['Добавить карту', 'Удалить', 'Сделать основной']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expectBannerAtBothWidths(page);

  await page.goto('/profile/confirmOrder');
  await expect(
    page.getByText('Подписать договор или отказаться от займа может только сам клиент.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Подписать' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Отказаться от займа' })).toHaveCount(0);
  await expect(
    page.getByText('Выбрать, куда получить деньги, может только сам клиент.'),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'По номеру телефона через СБП' })).toHaveCount(0);
  await expectBannerAtBothWidths(page);

  await page.goto('/confirm-phone');
  await expect(
    page.getByText(/Подтвердить или сменить номер может только сам клиент/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Получить код' })).toHaveCount(0);
  await expectBannerAtBothWidths(page);
});
