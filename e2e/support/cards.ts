import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from './test';

/** A test card of the sandbox gateway: its number decides the answer. */
export type TestCard = { number: string; holder: string };

/** The sandbox's approving test card (Мир). */
export const APPROVED_CARD: TestCard = { number: '2200 0000 0000 0004', holder: 'PETR ODOBRENOV' };

/** The card on the gateway's card page (the approving one unless given). */
export async function fillSandboxCard(page: Page, card: TestCard = APPROVED_CARD): Promise<void> {
  await page.getByLabel('Номер карты').fill(card.number);
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC/CVV').fill('123');
  await page.getByLabel(/Имя владельца/).fill(card.holder);
}

/**
 * On «Мои карты»: «Добавить карту» → the gateway's card page (checked by axe) → the card → back
 * on /pay/callback, which says how it went.
 */
export async function addCardOnCardsPage(
  page: Page,
  card: TestCard = APPROVED_CARD,
): Promise<void> {
  await page.getByRole('button', { name: 'Добавить карту' }).click();
  await expect(page.getByRole('heading', { name: 'Привязка банковской карты' })).toBeVisible();
  await expectNoAxeViolations(page, 'страница карты шлюза');
  await fillSandboxCard(page, card);
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page).toHaveURL(/\/pay\/callback\?/);
}

/**
 * The identity step 6 binding: the client opens the step, goes to the gateway's card page, pays
 * the check amount with the test card and comes back to the step. Both screens are checked by axe.
 */
export async function bindCardOnIdentityStep(page: Page, holder?: string): Promise<void> {
  await page.goto('/profile/identity');
  await expect(page.getByRole('heading', { level: 2, name: 'Банковская карта' })).toBeVisible();
  await expectNoAxeViolations(page, 'анкета, шаг 6');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page.getByRole('heading', { name: 'Привязка банковской карты' })).toBeVisible();
  await expectNoAxeViolations(page, 'страница карты шлюза');
  await fillSandboxCard(page, { ...APPROVED_CARD, ...(holder ? { holder } : {}) });
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  // The return goes through the gateway and /pay/callback: generous on a busy machine.
  await expect(page).toHaveURL(/\/profile\/identity$/, { timeout: 90_000 });
}

/** «Мои карты», checked by axe. */
export async function openCardsPage(page: Page): Promise<void> {
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Мои карты' })).toBeVisible();
  await expectNoAxeViolations(page);
}

/**
 * On «Мои карты»: the card bound on the gateway's page, said on /pay/callback («Карта •••• 0004
 * привязана»), and back in the list, which the callback page opens by itself.
 */
export async function bindCardOnCardsPage(
  page: Page,
  card: TestCard = APPROVED_CARD,
): Promise<void> {
  const last4 = card.number.replace(/\D/g, '').slice(-4);
  await addCardOnCardsPage(page, card);
  await expect(page.getByText(`Карта •••• ${last4} привязана`)).toBeVisible();
  await expectNoAxeViolations(page, 'возврат со страницы шлюза');
  await expect(page).toHaveURL(/\/cards$/);
  await expect(page.getByRole('article', { name: new RegExp(`•••• ${last4}$`) })).toBeVisible();
}
