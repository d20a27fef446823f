import type { Page } from '@playwright/test';
import { readSmsCode } from './session';
import { expect, expectNoAxeViolations } from './test';

/**
 * On /signup with the phone in its field: the required consents, «Получить код» (the code step
 * checked by axe), the code from the sandbox outbox, «Зарегистрироваться» → the questionnaire.
 */
export async function confirmSignupBySms(page: Page, phone: string): Promise<void> {
  for (const box of await page.getByRole('checkbox', { name: /обязательно/ }).all()) {
    await box.check();
  }
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из СМС')).toBeVisible();
  await expectNoAxeViolations(page, 'регистрация, шаг кода');
  await expect.poll(() => readSmsCode(page.request, phone).catch(() => '')).toMatch(/^\d{6}$/);
  await page.getByLabel('Код из СМС').fill(await readSmsCode(page.request, phone));
  await page.getByRole('button', { name: 'Зарегистрироваться', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/identity$/);
}
