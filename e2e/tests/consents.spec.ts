import { authOf, expectOk } from '../support/api';
import { APPROVED_PERSON, fillIdentityByApi } from '../support/identity';
import { signedInClient } from '../support/session';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * The borrower protections of 152-FZ art. 9 and 9-FZ: the client gives and withdraws the marketing
 * consent on «Согласия» and reads the Moscow time of each act; the questionnaire's ИНН refuses a wrong check digit, a number the sandbox
 * ФНС knows as another person's, and keeps the one the ФНС confirms.
 */

const PASSPORT = '4510654321';
/** The sandbox ФНС's ИНН of that passport: its ten digits and their two check digits. */
const OWN_INN = '451065432109';

test('the client gives and withdraws marketing on «Согласия» and reads the dates', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signedInClient(page);
  await page.goto('/consents');
  await expect(page.getByRole('heading', { level: 1, name: 'Согласия' })).toBeVisible();
  const marketing = page.getByRole('region', {
    name: 'Согласие на получение рекламных и информационных сообщений',
  });
  await expect(marketing).toContainText('Не дано');
  await marketing.getByRole('button', { name: 'Дать согласие' }).click();
  await expect(marketing).toContainText(/Действует: дано \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(МСК\)/);
  await marketing.getByRole('button', { name: 'Отозвать согласие' }).click();
  await expect(marketing).toContainText(/Отозвано \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(МСК\)/);
  await expect(marketing).toContainText('прекращаются сразу');
  const personal = page.getByRole('region', { name: 'Согласие на обработку персональных данных' });
  await expect(personal.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page, 'согласия');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: test.info().outputPath(`consents-${width}.png`),
      fullPage: true,
    });
  }
});

test('the questionnaire checks the ИНН and the ФНС by passport', async ({ page }) => {
  test.setTimeout(300_000);
  await signedInClient(page);
  await page.goto('/dev/test');
  await expect(page.getByTestId('server-clock')).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await fillIdentityByApi(page, APPROVED_PERSON);
  const headers = await authOf(page);
  await expectOk(
    await page.request.patch('/api/clients/update?step=2', {
      headers,
      data: {
        series_number: PASSPORT,
        issue_date: '2010-04-10',
        division_code: '772-001',
        issued_by: 'ОВД района Тверской г. Москвы',
      },
    }),
  );
  await page.goto('/profile/identity');
  await page
    .getByRole('button', { name: /Адреса/ })
    .first()
    .click();
  const inn = page.getByLabel('ИНН (12 цифр)');
  const check = page.getByRole('button', { name: 'Проверить в ФНС и сохранить' });

  await inn.fill('451065432108');
  await check.click();
  await expect(page.getByText('ИНН с ошибкой: не сходятся контрольные цифры')).toBeVisible();

  await inn.fill('500100732259');
  await check.click();
  await expect(page.getByText('ИНН не совпадает с данными ФНС по вашему паспорту')).toBeVisible();

  await inn.fill(OWN_INN);
  await check.click();
  await expect(page.getByRole('status').filter({ hasText: 'подтверждён ФНС' })).toContainText(
    '4510 6543 2109',
  );
  await expectNoAxeViolations(page, 'анкета: ИНН');
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`inn-${width}.png`), fullPage: true });
  }
});
