import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { expectOk } from '../support/api';
import { clientWithLoan } from '../support/borrower';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { signInAgain } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The client's side of an overdue loan: «Договориться об оплате» records a promise to pay and a
 * call-back, links to credit holidays; the client names an advocate under 230-FZ art. 8, and the
 * console's queue shows the call-back, its card the statement, and refuses every contact.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));
const clockSchema = z.object({ data: z.object({ now: z.string() }) });
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The Moscow calendar date `days` after the instant `at`. */
function moscowDateAfter(at: number, days: number): string {
  return new Date(at + MOSCOW_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The keys a person presses for a date in a ДД.ММ.ГГГГ field: «2026-12-05» → «05122026». */
function keysOf(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}${month}${year}`;
}

test('an overdue client arranges payment and names an advocate; the console stops contact', async ({
  page: signUp,
  context,
  browser,
  extraHTTPHeaders,
}) => {
  // Sign-up, the card on the gateway's page, the console's sign-in and axe at two widths.
  test.setTimeout(420_000);
  const order = await clientWithLoan(signUp);
  await expectOk(await signUp.request.post('/api/dev/clock', { data: { days: 33 } }));
  const clock = await signUp.request.get('/api/dev/clock');
  const now = Date.parse(clockSchema.parse(await clock.json()).data.now);

  // A month later the session has ended: the client signs in again in a tab of their own.
  const page = await context.newPage();
  await page.goto('/dev/test');
  await signInAgain(page, order.phone);
  await page.goto('/loan');
  await expect(page.getByText(/Просрочка \d+ д/)).toBeVisible();
  await page.getByRole('button', { name: 'Договориться об оплате' }).click();
  const promise = page.getByRole('form', { name: 'Обещание оплатить' });
  await promise.getByLabel('Сумма, ₽').fill('2500');
  await expect(promise.getByLabel('Оплачу до')).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
  await promise.getByLabel('Оплачу до').pressSequentially(keysOf(moscowDateAfter(now, 5)));
  await promise.getByRole('button', { name: 'Пообещать оплатить' }).click();
  await expect(promise.getByRole('status')).toContainText('Обещание записано');
  await expect(promise.getByRole('list', { name: 'Ваши обещания' })).toContainText('2 500 ₽ до');

  const callback = page.getByRole('form', { name: 'Перезвоните мне' });
  await callback.getByLabel('Дата звонка').pressSequentially(keysOf(moscowDateAfter(now, 1)));
  await callback.getByLabel('Время звонка').selectOption('12');
  await callback.getByRole('button', { name: 'Попросить перезвонить' }).click();
  await expect(callback.getByRole('status')).toContainText('Просьба принята');
  await expect(page.getByRole('link', { name: 'Оформить кредитные каникулы' })).toHaveAttribute(
    'href',
    '/credit-holidays',
  );

  const rights = page.getByRole('region', { name: 'Отказ от взаимодействия' });
  await expect(rights).toContainText('через 4 месяца после начала просрочки');
  await checkAtBothWidths(page, 'кабинет: договориться об оплате');
  await page.screenshot({ path: `${ARTIFACTS}cabinet-arrange.png`, fullPage: true });

  // An English-language browser shows a native date input as «mm/dd/yyyy»; ours stays ДД.ММ.ГГГГ.
  const english = await browser.newContext({
    locale: 'en-US',
    storageState: await context.storageState(),
    ...(extraHTTPHeaders ? { extraHTTPHeaders } : {}),
  });
  const englishPage = await english.newPage();
  await englishPage.goto(page.url());
  await englishPage.getByRole('button', { name: 'Договориться об оплате' }).click();
  const englishDay = englishPage
    .getByRole('form', { name: 'Перезвоните мне' })
    .getByLabel('Дата звонка');
  await expect(englishDay).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
  await englishDay.pressSequentially(keysOf(moscowDateAfter(now, 2)));
  const [nextYear, nextMonth, nextDay] = moscowDateAfter(now, 2).split('-');
  await expect(englishDay).toHaveValue(`${nextDay}.${nextMonth}.${nextYear}`);
  await englishPage
    .locator('.loan-arrange')
    .screenshot({ path: `${ARTIFACTS}cabinet-arrange-en.png` });
  await english.close();
  await rights.getByLabel('ФИО адвоката').fill('Петров Пётр Петрович');
  await rights.getByLabel('Телефон, e-mail или адрес адвоката').fill('+7 999 111-22-33');
  await rights.getByRole('button', { name: 'Подать заявление' }).click();
  await expect(rights.getByRole('status')).toContainText('Заявление принято');
  await expect(rights.getByRole('list', { name: 'Ваши заявления' })).toContainText(
    'Взаимодействие через адвоката',
  );

  const staff = await context.newPage();
  await signInToConsole(staff, await demoAdmin(staff.request));
  await staff.goto(`/crm/collections?q=${order.contract_number}`);
  const row = staff.getByTestId('overdue-loan').filter({ hasText: order.contract_number });
  const [year, month, day] = moscowDateAfter(now, 1).split('-');
  await expect(row.getByTestId('callback')).toHaveText(`${day}.${month}.${year} 12:00`);
  await staff.screenshot({ path: `${ARTIFACTS}crm-queue-callback.png`, fullPage: true });
  await staff.goto(`/crm/collections/${order.id}`);
  await expect(
    staff.getByRole('heading', { name: `Договор ${order.contract_number}` }),
  ).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Просьбы перезвонить' })).toContainText('12:00 МСК');
  await expect(staff.getByRole('list', { name: 'Обещания оплатить' })).toContainText(
    'клиент в кабинете',
  );
  const protections = staff.getByRole('region', { name: 'Запреты взаимодействия' });
  await expect(protections).toContainText('Петров Пётр Петрович');
  await expect(staff.getByRole('list', { name: 'Можно ли связаться сейчас' })).toContainText(
    'Звонок — нельзя',
  );
});
