import { expectNoAxeViolations, expect, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { bindCardOnIdentityStep, fillSandboxCard } from '../support/cards';
import { authOf, expectOk } from '../support/api';
import { fillIdentityByApi, type Person } from '../support/identity';
import { paidOutOrder } from '../support/orders';
import {
  nextSmsCode,
  putToken,
  readSmsCode,
  signInAgain,
  signUpClient,
  type TestClient,
} from '../support/session';

/**
 * Loan servicing: a client with a given loan (made through the API: identity, a card
 * bound on the sandbox page, an order signed with the outbox code, the payout) sees it on /loan,
 * the server clock moves 10 days, a part is repaid, the loan is prolonged by 14 days with an SMS
 * code, the clock moves past the due date and the overdue shows, the loan is repaid in full and
 * the calculator offers the repeat tariff. A guest pays a loan on /pay/loanpay.
 */

/** A sandbox identity that scoring always approves. */
const APPROVED_PERSON: Person = {
  surname: 'Одобренов',
  name: 'Пётр',
  patronymic: 'Иванович',
  gender: 'MALE',
};

/** Opens the app signed in as this client (the token set once, not on every page load). */
async function openSignedIn(page: Page, client: TestClient): Promise<void> {
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page);
  await putToken(page, client.token);
}

/** An order of 10 000 ₽ for 30 days, approved, signed with the outbox code and paid out. */
async function giveLoan(page: Page, phone: string): Promise<string> {
  return (await paidOutOrder(page.request, await authOf(page), phone)).contract_number;
}

async function moveClock(page: Page, phone: string, days: 1 | 10 | 31): Promise<void> {
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  const label = days === 1 ? '+1 день' : days === 10 ? '+10 дней' : '+31 день';
  const moved = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/dev/clock') && answer.request().method() === 'POST',
  );
  await page
    .getByRole('group', { name: 'Перевести часы' })
    .getByRole('button', { name: label })
    .click();
  await expectOk(await moved);
  // The session ended with the days that passed: the app sends the client to /signin.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expectNoAxeViolations(page);
  await signInAgain(page, phone);
}

function loanCard(page: Page): Locator {
  return page.getByRole('region', { name: /Заём по договору № / });
}

async function todayTotal(page: Page): Promise<string> {
  return (await loanCard(page).getByText('К погашению сегодня').locator('..').textContent()) ?? '';
}

/**
 * The sign popup: the code it asked for arrives (the contract's signing code was ten days of the
 * server clock ago, so no pause holds it up), and the newest outbox code is typed.
 */
async function enterSignCode(page: Page, phone: string, previous: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Подписание допсоглашения о продлении' });
  await expect(dialog.getByLabel('Код из СМС')).toBeVisible();
  await expectNoAxeViolations(page, 'попап подписания продления');
  await dialog.getByLabel('Код из СМС').fill(await nextSmsCode(page.request, phone, previous));
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('a given loan is repaid in part, prolonged, goes overdue and is repaid in full', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const client = await signUpClient(page.request);
  await openSignedIn(page, client);
  await fillIdentityByApi(page, APPROVED_PERSON);
  await bindCardOnIdentityStep(page);
  const contract = await giveLoan(page, client.phone);

  await page.goto('/loan');
  await expect(loanCard(page)).toContainText(`Заём по договору № ${contract}`);
  await expect(loanCard(page)).toContainText('Осталось 30 дней');
  await expect(loanCard(page)).toContainText('292,000 % годовых');
  await expectNoAxeViolations(page);

  // The loan's documents open in the documents popup.
  await loanCard(page).getByRole('button', { name: 'Документы по займу' }).click();
  const documents = page.getByRole('dialog', { name: 'Документы' });
  await expect(documents).toContainText('Индивидуальные условия');
  await expectNoAxeViolations(page, 'попап документов займа');
  await documents.getByRole('button', { name: 'Закрыть попап' }).click();
  await expect(documents).toHaveCount(0);

  await moveClock(page, client.phone, 10);
  await page.goto('/loan');
  await expect(loanCard(page)).toContainText('Осталось 20 дней');
  await expect(loanCard(page).getByText('Проценты', { exact: true }).locator('..')).toContainText(
    /800\s₽/,
  );

  // A part: 300 ₽ by the active card (it pays off a part of the interest).
  const beforePart = await todayTotal(page);
  await loanCard(page).getByRole('button', { name: 'Погасить часть' }).click();
  await loanCard(page).getByLabel('Сумма платежа, ₽').fill('300');
  await expect(loanCard(page).getByRole('radio', { name: 'Карта •••• 0004' })).toBeChecked();
  await expectNoAxeViolations(page, 'погашение части');
  await loanCard(page).getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect.poll(() => todayTotal(page), { timeout: 30_000 }).not.toBe(beforePart);

  // Prolongation by 14 days, signed with the SMS code.
  const previousCode = await readSmsCode(page.request, client.phone);
  await loanCard(page).getByRole('button', { name: 'Продлить' }).click();
  await loanCard(page).getByRole('radio', { name: '14 дней' }).check();
  await expect(loanCard(page).getByText('Новая дата возврата')).toBeVisible();
  await expectNoAxeViolations(page, 'продление');
  await loanCard(page)
    .getByRole('button', { name: /^Продлить и оплатить/ })
    .click();
  await enterSignCode(page, client.phone, previousCode);
  await expect(loanCard(page)).toContainText('Осталось 34 дня', { timeout: 30_000 });

  // Past the due date: 34 days left, 31 + 10 days later the loan is 7 days overdue.
  await moveClock(page, client.phone, 31);
  await moveClock(page, client.phone, 10);
  await page.goto('/loan');
  await expect(loanCard(page)).toContainText('Просрочка 7 дней');
  await expect(
    loanCard(page).getByText('Пени', { exact: true }).locator('xpath=following-sibling::dd'),
  ).not.toHaveText(/^0\s₽$/);
  await expectNoAxeViolations(page, 'просрочка');

  await page.goto('/history');
  await expect(page.getByTestId('history-order').first()).toContainText('Просрочен');
  await expect(page.getByTestId('history-payment').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // In full: the loan is repaid and the calculator offers the repeat tariff.
  await page.goto('/loan');
  await loanCard(page).getByRole('button', { name: 'Погасить полностью' }).click();
  await loanCard(page)
    .getByRole('button', { name: /^Оплатить\s/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Заём погашен' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(page, 'заём погашен');
  const repeat = page.waitForResponse((answer) => answer.url().includes('/api/tariff/repeat'));
  await page.getByRole('link', { name: 'Взять новый заём' }).click();
  expect((await repeat).ok()).toBe(true);
  await expect(page.getByRole('region', { name: 'Калькулятор займа' })).toBeVisible();
  await expectNoAxeViolations(page, 'главная, повторный заём');
  await page.goto('/history');
  await expect(page.getByTestId('history-order').first()).toContainText('Погашен');

  // The repaid loan's documents now hold the lender's closure certificate.
  await page.goto('/documents');
  await expect(page.getByRole('button', { name: /Справка о погашении займа/ })).toBeVisible();
});

test('a guest pays a loan by contract number and birth date', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const client = await signUpClient(page.request);
  await openSignedIn(page, client);
  await fillIdentityByApi(page, APPROVED_PERSON);
  await bindCardOnIdentityStep(page);
  const contract = await giveLoan(page, client.phone);

  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/pay/loanpay');
  await expect(guest.getByLabel('Номер договора')).toBeVisible();
  await expectNoAxeViolations(guest);
  await guest.getByLabel('Номер договора').fill(contract);
  await guest.getByLabel('Дата рождения').pressSequentially('15031990');
  await guest.getByRole('button', { name: 'Найти заём' }).click();
  await expect(guest.getByTestId('loanpay-due')).toContainText(/₽/);
  await guest.getByRole('radio', { name: 'Часть' }).check();
  await guest.getByLabel('Сумма платежа, ₽').fill('500');
  await expectNoAxeViolations(guest, 'оплата займа гостем');
  await guest.getByRole('button', { name: 'Оплатить' }).click();
  await expect(guest.getByLabel('Номер карты')).toBeVisible({ timeout: 60_000 });
  await expectNoAxeViolations(guest, 'страница оплаты шлюза');
  await fillSandboxCard(guest);
  await guest.getByRole('button', { name: /^Оплатить 500\s₽$/ }).click();
  // The gateway brings a guest back to the payment page, which asks for the outcome.
  await guest.waitForURL((url) => url.pathname === '/pay/loanpay' && url.searchParams.has('id'), {
    timeout: 30_000,
  });
  await expect(guest.getByRole('status')).toContainText(/500\s₽/, { timeout: 30_000 });
  await expectNoAxeViolations(guest, 'итог оплаты гостя');
  await guest.context().close();

  const headers = await authOf(page);
  const history = await page.request.get('/api/clients/history', { headers });
  await expectOk(history);
  expect(JSON.stringify(await history.json())).toContain('"amount":"500.00"');
});
