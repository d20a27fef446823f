import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { z } from 'zod';
import { expectNoAxeViolations } from './axe';

/**
 * The operator console (/crm) in journeys: the sandbox's demo admin and a code of its
 * authenticator app, computed here as the app on a phone would (TOTP, 30 s steps).
 */

export type StaffCredentials = { login: string; password: string; totp_secret: string };

const demoSchema = z.object({
  data: z.object({ login: z.string(), password: z.string(), totp_secret: z.string() }),
});

/** The demo admin the sandbox seeds (GET /api/dev/crm-demo). */
export async function demoAdmin(request: APIRequestContext): Promise<StaffCredentials> {
  const answer = await request.get('/api/dev/crm-demo');
  expect(answer.ok(), `/api/dev/crm-demo → ${answer.status()}`).toBe(true);
  return demoSchema.parse(await answer.json()).data;
}

/** The code the authenticator app shows now. */
export function totpCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/**
 * Signs in at /crm/signin: login and password, then the app's code. The server takes each code
 * once: if another journey of this server used this step's code, the next step's is entered.
 */
export async function signInToConsole(page: Page, staff: StaffCredentials): Promise<void> {
  await page.goto('/crm/');
  await expect(page).toHaveURL(/\/crm\/signin/);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await expectNoAxeViolations(page, 'консоль: вход');
  await page.getByLabel('Логин').fill(staff.login);
  await page.getByLabel('Пароль').fill(staff.password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const codeField = page.getByLabel('Код из приложения');
  await expect(codeField).toBeVisible();
  await expectNoAxeViolations(page, 'консоль: код из приложения');
  let code = await totpCode(staff.totp_secret);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    // The loser of the race is left waiting: it must not fail the test when the page moves on.
    const outcome = await Promise.race([
      page
        .waitForURL(/\/crm\/(?!signin)/)
        .then(() => 'in' as const)
        .catch(() => 'gone' as const),
      page
        .getByText('Неверный код из приложения', { exact: false })
        .waitFor()
        .then(() => 'refused' as const)
        .catch(() => 'gone' as const),
    ]);
    if (outcome === 'in') return;
    if (outcome === 'gone') break;
    const used = code;
    // The next code comes with the next 30-second step: up to 30 s away.
    await expect
      .poll(async () => (code = await totpCode(staff.totp_secret)) !== used, { timeout: 45_000 })
      .toBe(true);
  }
  throw new Error('Консоль не приняла код из приложения');
}

const WIDTHS = [1366, 390] as const;

/** The screen fits each width (no sideways scrolling of the page) and passes axe at each. */
export async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name}: страница шире экрана ${width} px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `${name}`);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
