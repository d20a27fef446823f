import { authOf } from '../support/api';
import { bindCardOnIdentityStep } from '../support/cards';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { pdfOpenedInNewTab, pdfTextOf } from '../support/documents';
import { APPROVED_PERSON, fillIdentityByApi, KYZYL_ADDRESS } from '../support/identity';
import { approvedOrder } from '../support/orders';
import { nextSmsCode, readSmsCode, signUpClient, useSession } from '../support/session';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * The notice of a ПДН above 50 % (353-FZ art. 5.1): a client earning 20 000 ₽ a month takes
 * 10 000 ₽ for 30 days (12 400 ₽ to return: ПДН 62 %; the sandbox's «Одобренов» is approved
 * whatever the rules say). The notice is on the signing page before the contract, signing waits
 * for its tick, its PDF says the figure, and it is listed among the signed documents.
 */

test('a loan with ПДН above 50 % shows the notice before signing and keeps it among the documents', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const client = await signUpClient(page.request);
  await useSession(page, client);
  await page.goto('/');
  await expectNoAxeViolations(page, 'главная');
  await fillIdentityByApi(page, APPROVED_PERSON, 'гор. Москва', '20000');
  await bindCardOnIdentityStep(page);
  await approvedOrder(page.request, await authOf(page));

  await page.goto('/profile/confirmOrder');
  const notice = page.getByRole('region', { name: 'Уведомление о долговой нагрузке' });
  await expect(notice).toContainText(
    /Показатель долговой нагрузки \(ПДН\) по этому займу — 62,00\s%/,
  );
  const sign = page.getByRole('button', { name: 'Подписать' });
  await expect(sign).toBeDisabled();
  await expect(sign).toHaveAccessibleDescription(
    'Прочитайте уведомление о долговой нагрузке и отметьте, что понимаете риск',
  );
  await expect(
    page
      .getByRole('group', { name: 'Документы договора' })
      .getByRole('checkbox', { name: 'Уведомление о значении показателя долговой нагрузки' }),
  ).toBeChecked();
  await checkAtBothWidths(page, 'уведомление о ПДН перед подписанием');
  await page.setViewportSize({ width: 1366, height: 900 });

  const pdfResponse = page.waitForResponse((response) =>
    response.url().includes('/api/documents/file/debt_load_notice'),
  );
  await pdfOpenedInNewTab(page, () =>
    notice.getByRole('button', { name: /Уведомление о значении показателя/ }).click(),
  );
  const text = pdfTextOf(await (await pdfResponse).body());
  expect(text).toContain('Уведомление о значении показателя долговой нагрузки');
  expect(text).toContain('62,00 %');
  expect(text).toContain('высокий риск неисполнения вами обязательств');
  expect(text).toContain('статьей 5.1');

  await notice.getByRole('checkbox', { name: /Я прочитал\(а\) уведомление/ }).check();
  await expect(sign).toBeEnabled();
  const before = await readSmsCode(page.request, client.phone);
  await sign.click();
  const dialog = page.getByRole('dialog', { name: 'Подписание договора' });
  await dialog.getByLabel('Код из СМС').fill(await nextSmsCode(page.request, client.phone, before));
  await dialog.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/profile\/congrats$/, { timeout: 60_000 });
  await expect(page.getByText(/Деньги отправлены на карту/).first()).toBeVisible();
  await expectNoAxeViolations(page, 'деньги отправлены');

  await page.goto('/documents');
  const contracts = page.getByRole('region', { name: 'Договоры' });
  await expect(
    contracts.getByRole('button', { name: /Уведомление о значении показателя долговой нагрузки/ }),
  ).toHaveAccessibleDescription(/^Подписан АСП \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expectNoAxeViolations(page, 'документы с уведомлением о ПДН');
});

/**
 * The income ПДН weighs (6579-У, from 01.01.2026): a declared, unconfirmed 60 000 ₽ counts as
 * Тыва's Росстат average, 36 200 ₽, for a client registered there; 20 000 ₽ for 30 days is
 * 24 800 ₽ a month — 68,51 %, so the notice, where a Moscow client would read 41,33 % and none. The
 * console's order card names the region whose average counted.
 */
test('a client registered in a low-income region reads the notice, and the console names the region', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  const client = await signUpClient(page.request);
  await useSession(page, client);
  await page.goto('/');
  await expectNoAxeViolations(page, 'главная');
  await fillIdentityByApi(page, APPROVED_PERSON, 'гор. Москва', '60000', KYZYL_ADDRESS);
  await bindCardOnIdentityStep(page);
  await approvedOrder(page.request, await authOf(page), '20000.00');

  await page.goto('/profile/confirmOrder');
  await expect(page.getByRole('region', { name: 'Уведомление о долговой нагрузке' })).toContainText(
    /Показатель долговой нагрузки \(ПДН\) по этому займу — 68,51\s%/,
  );

  const consolePage = await context.newPage();
  await signInToConsole(consolePage, await demoAdmin(consolePage.request));
  await consolePage.goto('/crm/clients');
  await consolePage
    .getByLabel('Телефон, ФИО, номер договора или паспорта')
    .fill(client.phone.slice(2));
  await consolePage.getByRole('button', { name: 'Найти' }).click();
  await consolePage.getByRole('link', { name: 'Одобренов Пётр Иванович' }).click();
  await expect(consolePage.getByRole('region', { name: 'Заявки' })).toContainText(
    'ПДН 68,51 %: платежи 24 800 ₽ в месяц при доходе 36 200 ₽ (средний доход региона «Республика Тыва» — ниже заявленного)',
  );
  await checkAtBothWidths(consolePage, 'консоль: ПДН по среднему доходу региона');
});
