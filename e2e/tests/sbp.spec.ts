import { expect, expectNoAxeViolations, test } from '../support/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { authOf, expectOk } from '../support/api';
import { bindCardOnIdentityStep } from '../support/cards';
import { fillIdentityByApi, type Person } from '../support/identity';
import { approvedOrder, ordersOf, signOrder } from '../support/orders';
import { signUpClient, useSession } from '../support/session';

/**
 * The СБП: the loan is received by phone in the bank the client picks, after the
 * client confirmed the name that bank gave, and repaid by the СБП — a QR code on a desktop, the
 * bank-app link on a phone — with the sandbox's «bank app» page paying or declining it while the
 * loan page asks for the status until the bank's answer is final.
 */

/** A sandbox identity that scoring always approves; the bank shows «Пётр Иванович О.». */
const PERSON: Person = {
  surname: 'Одобренов',
  name: 'Пётр',
  patronymic: 'Иванович',
  gender: 'MALE',
};

/** A phone the sandbox pays out to (endings 91–95 are its failure cases). */
function payablePhone(ending = '67'): string {
  return `+799${String(Date.now() % 1_000_000).padStart(6, '0')}${ending}`;
}

/** A client with this phone, signed in, the identity done, a card bound and an order approved. */
async function approvedClient(page: Page, phone: string) {
  const client = await signUpClient(page.request, phone);
  await useSession(page, client);
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await fillIdentityByApi(page, PERSON);
  await bindCardOnIdentityStep(page);
  const headers = await authOf(page);
  return { headers, order: await approvedOrder(page.request, headers) };
}

/** The loan received by СБП in Sberbank, chosen and confirmed on the confirm page. */
async function receiveBySbp(page: Page): Promise<void> {
  const phone = payablePhone();
  const { headers, order } = await approvedClient(page, phone);

  await page.goto('/profile/confirmOrder');
  const method = page.getByRole('region', { name: 'Куда получить деньги' });
  await method.getByRole('radio', { name: 'По номеру телефона через СБП' }).check();
  await method.getByLabel('Банк получателя').selectOption({ label: 'Сбербанк' });
  await expect(method.getByText('Пётр Иванович О.')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'проверка получателя СБП');
  await method.getByRole('button', { name: 'Да, это я — получить по СБП' }).click();
  await expect(method.getByText(/Получатель подтверждён/)).toBeVisible();

  await signOrder(page.request, headers, phone, order.id);
  await page.goto('/profile/sendingMoney');
  await expect(page.getByText('Деньги отправлены по СБП в Сбербанк')).toBeVisible({
    timeout: 60_000,
  });
  await expectNoAxeViolations(page, 'заём отправлен по СБП');
}

function loanCard(page: Page): Locator {
  return page.getByRole('region', { name: /Заём по договору № / });
}

async function todayTotal(page: Page): Promise<string> {
  return (await loanCard(page).getByText('К погашению сегодня').locator('..').textContent()) ?? '';
}

/** Starts a part payment of `sum` ₽ by the СБП on /loan. */
async function startSbpPayment(page: Page, sum: string): Promise<Locator> {
  await page.goto('/loan');
  await loanCard(page).getByRole('button', { name: 'Погасить часть' }).click();
  await loanCard(page).getByLabel('Сумма платежа, ₽').fill(sum);
  await loanCard(page).getByRole('radio', { name: 'По СБП — QR-код или приложение банка' }).check();
  await loanCard(page).getByRole('button', { name: 'Оплатить', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Оплата по СБП' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  return panel;
}

/** The «bank app» the link opens, in its own tab: the tester's choice there. */
async function answerInBankApp(page: Page, panel: Locator, choice: string): Promise<void> {
  const opened = page.context().waitForEvent('page');
  await panel.getByRole('link', { name: 'Открыть приложение банка' }).click();
  const bank = await opened;
  await expect(bank.getByRole('heading', { name: 'Оплата по СБП' })).toBeVisible();
  await expectNoAxeViolations(bank, 'песочница: приложение банка');
  await bank.getByRole('button', { name: choice, exact: true }).click();
  await expect(bank.getByRole('alert')).toBeVisible();
  await bank.close();
}

/** A guest on /pay/loanpay pays a part of the loan by the СБП QR code. */
async function guestPaysBySbp(page: Page, browser: Browser): Promise<void> {
  const [order] = await ordersOf(page.request, await authOf(page));
  if (!order?.contract_number) throw new Error('Нет номера договора');
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const guest = await context.newPage();
  await guest.goto('/pay/loanpay');
  await guest.getByLabel('Номер договора').fill(order.contract_number);
  await guest.getByLabel('Дата рождения').pressSequentially('15031990');
  await guest.getByRole('button', { name: 'Найти заём' }).click();
  await expect(guest.getByTestId('loanpay-due')).toContainText(/₽/);
  await guest.getByRole('radio', { name: 'Часть' }).check();
  await guest.getByLabel('Сумма платежа, ₽').fill('700');
  await guest.getByRole('radio', { name: 'По СБП — QR-код или приложение банка' }).check();
  await guest.getByRole('button', { name: 'Оплатить' }).click();
  const panel = guest.getByRole('region', { name: 'Оплата по СБП' });
  await expect(panel.getByRole('img', { name: 'QR-код для оплаты по СБП' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoAxeViolations(guest, 'гость: QR-код СБП');
  await answerInBankApp(guest, panel, 'Оплатить');
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await context.close();
  const history = await page.request.get('/api/clients/history', { headers: await authOf(page) });
  await expectOk(history);
  expect(JSON.stringify(await history.json())).toContain('"amount":"700.00"');
}

test('1366 px: the loan is received by СБП, repaid by QR code, and a declined QR says so', async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await receiveBySbp(page);

  const before = await (async () => {
    await page.goto('/loan');
    return todayTotal(page);
  })();
  const panel = await startSbpPayment(page, '1000');
  await expect(panel.getByRole('img', { name: 'QR-код для оплаты по СБП' })).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText('Ждём подтверждения банка…');
  await expectNoAxeViolations(page, 'QR-код СБП');
  await answerInBankApp(page, panel, 'Оплатить');
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => todayTotal(page), { timeout: 30_000 }).not.toBe(before);

  const declined = await startSbpPayment(page, '500');
  await answerInBankApp(page, declined, 'Отказ банка');
  await expect(page.getByText('Банк отклонил операцию')).toBeVisible({
    timeout: 30_000,
  });

  await guestPaysBySbp(page, browser);
});

test('390 px: the loan is received by СБП and repaid through the bank-app link', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await receiveBySbp(page);
  await page.goto('/loan');
  const before = await todayTotal(page);
  const panel = await startSbpPayment(page, '1000');
  await expect(panel.getByRole('img')).toHaveCount(0);
  await expectNoAxeViolations(page, 'ссылка СБП на телефоне');
  await answerInBankApp(page, panel, 'Оплатить');
  await expect(panel).toBeHidden({ timeout: 30_000 });
  await expect.poll(() => todayTotal(page), { timeout: 30_000 }).not.toBe(before);
});

test('an account the bank names as someone else’s is refused with the reason; the card is offered', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  // …92: the sandbox's bank holds this phone for «Пётр Петрович С.», not the borrower.
  await approvedClient(page, payablePhone('92'));

  await page.goto('/profile/confirmOrder');
  const method = page.getByRole('region', { name: 'Куда получить деньги' });
  await method.getByRole('radio', { name: 'По номеру телефона через СБП' }).check();
  await method.getByLabel('Банк получателя').selectOption({ label: 'Сбербанк' });
  await expect(
    method.getByText(/оформлен не на вас: банк назвал получателя «Пётр Петрович С\.»/),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(method.getByRole('button', { name: /Да, это я/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'получатель СБП — не заёмщик');
  await method.getByRole('button', { name: 'Получить на карту' }).click();
  await expect(method.getByRole('radio', { name: /На карту/ })).toBeChecked();
  await expect(method.getByText(/оформлен не на вас/)).toHaveCount(0);
});
