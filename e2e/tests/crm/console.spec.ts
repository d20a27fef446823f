import { checkAtBothWidths, demoAdmin, signInToConsole } from '../../support/crm';
import { fillIdentityByApi } from '../../support/identity';
import { signUpClient, TOKEN_STORAGE_KEY } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * The operator console in the browser: the sandbox's demo admin signs in with the
 * password and the authenticator app's code, finds a client by phone, reads the card (the
 * passport masked until «Показать»), opens the client's cabinet in operator mode in a new tab and
 * finds all of it in the audit log. Each console screen is checked at 1366 and 390 px.
 */

test('the demo admin signs in, finds a client, reveals the passport, opens the cabinet and reads it in the log', async ({
  page,
  context,
}) => {
  const client = await signUpClient(page.request);
  // The identity steps through the cabinet's API, with the client's token in this origin.
  await page.goto('/crm/');
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  await checkAtBothWidths(page, 'вход');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [
    TOKEN_STORAGE_KEY,
    client.token,
  ] as const);
  await fillIdentityByApi(page, {
    surname: 'Консольный',
    name: 'Пётр',
    patronymic: 'Иванович',
    gender: 'MALE',
  });

  await signInToConsole(page, await demoAdmin(page.request));
  await expect(page).toHaveURL(/\/crm\/clients$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  // «Клиенты»: by the phone's digits as an operator types them.
  await page.getByLabel('Телефон, ФИО, номер договора или паспорта').fill(client.phone.slice(2));
  await page.getByRole('button', { name: 'Найти' }).click();
  const found = page.getByRole('link', { name: 'Консольный Пётр Иванович' });
  await expect(found).toBeVisible();
  // The phone as a person reads it, not as it is stored.
  const digits = client.phone.slice(2);
  await expect(page.getByRole('row', { name: /Консольный Пётр Иванович/ })).toContainText(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  );
  await checkAtBothWidths(page, 'клиенты');

  // The card: the passport masked until «Показать».
  await found.click();
  await expect(page).toHaveURL(/\/crm\/clients\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Консольный Пётр Иванович' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Заявки' })).toBeVisible();
  const passport = page.getByTestId('passport-number');
  await expect(passport).toContainText('*');
  const masked = (await passport.textContent()) ?? '';
  await checkAtBothWidths(page, 'карточка');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(passport).not.toContainText('*');
  const whole = ((await passport.textContent()) ?? '').replace(/\D/g, '');
  expect(whole).toMatch(/^4510\d{6}$/);
  expect(masked.replace(/\D/g, '')).toBe(`45${whole.slice(-3)}`);

  // «Открыть кабинет клиента»: the client's cabinet in operator mode, in a new tab.
  const [cabinet] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Открыть кабинет клиента' }).click(),
  ]);
  await expect(cabinet.getByTestId('admin-banner')).toContainText(
    'Режим оператора: Демо-администратор',
  );
  await expect(cabinet).not.toHaveURL(/token=/);
  await cabinet.close();

  // «Журнал»: every action of this journey, under the admin's name, for this client.
  const clientId = /\/crm\/clients\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await page
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Журнал' })
    .click();
  await expect(page.getByRole('heading', { name: 'Журнал' })).toBeVisible();
  await page.getByLabel('Номер клиента').fill(clientId);
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(new RegExp(`client_id=${clientId}`));
  const log = page.getByRole('region', { name: 'Записи журнала' });
  for (const action of ['Просмотр карточки клиента', 'Показ паспорта', 'Вход в кабинет клиента']) {
    await expect(log.getByRole('row', { name: new RegExp(action) }).first()).toContainText(
      'Демо-администратор',
    );
  }
  await checkAtBothWidths(page, 'журнал');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Скачать CSV' }).click(),
  ]);
  // The name the server gave (its clock's Moscow day, RFC 5987), not one the browser made.
  expect(download.suggestedFilename()).toMatch(/^журнал-\d{4}-\d{2}-\d{2}\.csv$/);
});
