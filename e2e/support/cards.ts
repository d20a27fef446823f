import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from './test';

/** The sandbox's approving test card (Мир) on the gateway's card page. */
export async function fillSandboxCard(page: Page, holder = 'PETR ODOBRENOV'): Promise<void> {
  await page.getByLabel('Номер карты').fill('2200 0000 0000 0004');
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC/CVV').fill('123');
  await page.getByLabel(/Имя владельца/).fill(holder);
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
  await fillSandboxCard(page, holder);
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  // The return goes through the gateway and /pay/callback: generous on a busy machine.
  await expect(page).toHaveURL(/\/profile\/identity$/, { timeout: 90_000 });
}
