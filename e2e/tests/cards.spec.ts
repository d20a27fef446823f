import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, expect, test } from '../support/test';
import type { Page } from '@playwright/test';
import {
  addCardOnCardsPage,
  bindCardOnCardsPage,
  openCardsPage,
  type TestCard,
} from '../support/cards';
import { signedInClient } from '../support/session';

/**
 * Cards: a signed-in client binds cards on the sandbox gateway's card page, comes back
 * through /pay/callback, picks the main card, switches autopay and deletes a card; a declined
 * card shows the bank's reason.
 */

/** e2e/.artifacts/, whatever folder the run starts in. */
const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

const MIR: TestCard = { number: '2200 0000 0000 0004', holder: 'IVAN IVANOV' };
const VISA: TestCard = { number: '4111 1111 1111 1111', holder: 'IVAN IVANOV' };
/** The sandbox's «Отказ банка» card. */
const DECLINED: TestCard = { number: '4000 0000 0000 0002', holder: 'IVAN IVANOV' };

async function screenshotAt(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await expect(page.getByRole('region', { name: 'Оплата займа' })).toContainText('Подключено');
  await page.screenshot({ path: `${ARTIFACTS}cards-${width}x${height}.png`, fullPage: true });
}

test('a client binds two cards, picks the main one, switches autopay and deletes a card', async ({
  page,
}) => {
  await signedInClient(page);
  await openCardsPage(page);
  await expect(
    page.getByText('Карт пока нет. Привяжите карту, чтобы получить деньги'),
  ).toBeVisible();

  await bindCardOnCardsPage(page, MIR);
  const mir = page.getByRole('article', { name: 'МИР •••• 0004' });
  await expect(mir.getByText('Основная')).toBeVisible();
  await expect(mir.getByText('2200 00•• •••• 0004')).toBeVisible();

  await bindCardOnCardsPage(page, VISA);
  const visa = page.getByRole('article', { name: 'Visa •••• 1111' });
  await expect(visa.getByText('4111 11•• •••• 1111')).toBeVisible();
  await expect(visa.getByText('12/30')).toBeVisible();
  await expect(visa.getByText('Основная')).toHaveCount(0);

  await screenshotAt(page, 390, 844);
  await screenshotAt(page, 1280, 800);

  await visa.getByRole('button', { name: 'Сделать основной' }).click();
  await expect(visa.getByText('Основная')).toBeVisible();
  await expect(mir.getByText('Основная')).toHaveCount(0);
  await expect(mir.getByRole('button', { name: 'Сделать основной' })).toBeVisible();

  // The switch works from the keyboard and the choice survives a reload.
  const autopay = visa.getByRole('switch', { name: 'Автоплатёж' });
  await expect(autopay).not.toBeChecked();
  await autopay.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Автоплатёж по карте •••• 1111 включён')).toBeVisible();
  await page.reload();
  await expect(visa.getByRole('switch', { name: 'Автоплатёж' })).toBeChecked();
  await expect(mir.getByRole('switch', { name: 'Автоплатёж' })).not.toBeChecked();

  await mir.getByRole('button', { name: 'Удалить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удаление карты' });
  await expect(dialog.getByText('Удалить карту •••• 0004?')).toBeVisible();
  await expectNoAxeViolations(page, 'попап удаления карты');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  await expect(mir).toBeVisible();

  await mir.getByRole('button', { name: 'Удалить' }).click();
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Карта •••• 0004 удалена')).toBeVisible();
  await expect(mir).toHaveCount(0);
  await expect(visa.getByText('Основная')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(visa).toBeVisible();
});

test('a declined card shows the bank’s reason and leads back to the cards', async ({ page }) => {
  await signedInClient(page);
  await openCardsPage(page);

  await addCardOnCardsPage(page, DECLINED);

  await expect(page.getByText('Карту не удалось привязать')).toBeVisible();
  await expect(page.getByText('Банк отклонил операцию')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'К моим картам' }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(
    page.getByText('Карт пока нет. Привяжите карту, чтобы получить деньги'),
  ).toBeVisible();
});

test('the return page without the gateway’s answer explains what to do', async ({ page }) => {
  await page.goto('/pay/callback');
  await expect(page.getByRole('heading', { level: 1, name: 'Результат оплаты' })).toBeVisible();
  await expect(page.getByText(/сведений о ней в адресе нет/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'К моим картам' })).toHaveAttribute('href', '/cards');
});
