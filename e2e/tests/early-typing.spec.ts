import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * Every masked field of the guest screens keeps each key typed at once, on a phone-slow CPU:
 * typed into a prerendered page before the app has taken it over, or before the mask has
 * loaded, not one digit may go missing.
 */

const PHONE = { typed: '9722866163', shown: '+7 (972) 286-61-63' };

test.beforeEach(async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
});

/** Goes to `path` and returns as soon as the response has started: nothing is waited for. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

/** Types into the field with that label the moment it is on the page, then checks the value. */
async function typeAtOnce(page: Page, label: string, typed: string, shown: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.pressSequentially(typed);
  await expect(field).toHaveValue(shown);
}

/**
 * The sign-in screen's view buttons work once the app runs it: its «Войти» is enabled then (it is
 * held disabled in the prerendered page, which the browser would otherwise submit on Enter).
 */
async function untilSigninIsLive(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeEnabled();
}

test('/signin: the phone typed into the prerendered form at once keeps every digit', async ({
  page,
}) => {
  await navigate(page, '/signin');
  await typeAtOnce(page, 'Номер телефона', PHONE.typed, PHONE.shown);
  await expectNoAxeViolations(page);
});

test('/signup: the phone typed at once keeps every digit', async ({ page }) => {
  await navigate(page, '/signup');
  await typeAtOnce(page, 'Номер телефона', PHONE.typed, PHONE.shown);
  await expectNoAxeViolations(page);
});

test('/pay/loanpay: the birth date typed at once keeps every digit', async ({ page }) => {
  await navigate(page, '/pay/loanpay');
  await typeAtOnce(page, 'Дата рождения', '01021990', '01.02.1990');
  await expectNoAxeViolations(page);
});

/** A view of the sign-in screen: the buttons that open it, and the heading it shows. */
const SIGNIN_VIEWS = [
  { steps: [{ role: 'tab', name: 'По коду из СМС' }], shows: null },
  { steps: [{ role: 'button', name: 'Забыли пароль?' }], shows: 'Восстановление пароля' },
  {
    steps: [
      { role: 'button', name: 'Забыли пароль?' },
      { role: 'button', name: 'Нет доступа к почте? Сменить пароль по коду из СМС' },
    ],
    shows: 'Смена пароля по коду из СМС',
  },
  {
    steps: [{ role: 'button', name: 'Войти по ссылке из письма' }],
    shows: 'Вход по ссылке из письма',
  },
] as const;

for (const { steps, shows } of SIGNIN_VIEWS) {
  test(`/signin, ${steps.map((step) => `«${step.name}»`).join(' → ')}: the phone typed at once keeps every digit`, async ({
    page,
  }) => {
    await navigate(page, '/signin');
    await untilSigninIsLive(page);
    for (const step of steps) await page.getByRole(step.role, { name: step.name }).click();
    // The view's field arrives with its heading (the SMS tab: with the tab selected); the password
    // form's phone field, which has the same label, is gone by then.
    if (shows) await expect(page.getByRole('heading', { name: shows })).toBeVisible();
    else await expect(page.getByRole('tab', { selected: true })).toHaveText('По коду из СМС');
    await typeAtOnce(page, 'Номер телефона', PHONE.typed, PHONE.shown);
    await expectNoAxeViolations(page);
  });
}
