import { authOf } from '../support/api';
import { bindCardOnIdentityStep } from '../support/cards';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { fillIdentityByApi } from '../support/identity';
import { applyByApi, orderOf, paidOutOrder, repaidInFull } from '../support/orders';
import { signedInClient } from '../support/session';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * The credit bureau in the browser. A client whose credit history holds a self-ban (the sandbox
 * bureau answers «самозапрет» in the birth place) applies and is refused with the law's reason,
 * before anything is offered for signing. A loan paid out and repaid reaches the sandbox bureau:
 * the console's «БКИ» screen shows its events acknowledged, the client card the bureau request,
 * and the client's history says the repayment was passed to the bureau.
 */

test('a self-banned client is refused and told why', async ({ page }) => {
  // Sign-up, the card on the gateway's page and the scoring's bureau request.
  test.setTimeout(300_000);
  await signedInClient(page);
  await page.goto('/profile/identity');
  await fillIdentityByApi(
    page,
    { surname: 'Запретова', name: 'Ирина', patronymic: 'Олеговна', gender: 'FEMALE' },
    'гор. Тверь, самозапрет',
  );
  await bindCardOnIdentityStep(page, 'IRINA ZAPRETOVA');
  // The decline page sends to a partner after the showcase rule's latency: its first answer
  // comes with an hour's latency, so the page's checks never race that timer.
  await page.route(
    (url) =>
      url.pathname === '/api/clients/refusal-showcase' &&
      url.searchParams.get('is_on_page_denied_loan') === '1',
    async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as {
        data: { params: { refusal_link_latency_in_seconds: number } };
      };
      answer.data.params.refusal_link_latency_in_seconds = 3600;
      await route.fulfill({ response, json: answer });
    },
  );
  await applyByApi(page.request, await authOf(page));

  await page.goto('/profile/checkOrder');
  await expect(page).toHaveURL(/\/profile\/declineOrder$/, { timeout: 60_000 });
  await expect(page.getByText(/действует самозапрет на займы/)).toBeVisible();
  await expect(page.getByText(/218-ФЗ «О кредитных историях», ст\. 5\.1/)).toBeVisible();
  await expect(page.getByText(/Снять самозапрет можно на Госуслугах/)).toBeVisible();
  await expectNoAxeViolations(page, 'отказ: самозапрет');
  await page.screenshot({ path: test.info().outputPath('decline-self-ban.png'), fullPage: true });

  // The tester's page lists the words the sandbox bureau answers by.
  await page.goto('/dev/test');
  const bureau = page.getByRole('region', { name: 'Бюро кредитных историй (песочница)' });
  await expect(bureau.getByText('самозапрет', { exact: true })).toBeVisible();
  await expect(bureau.getByText('бюро молчит', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'песочница /dev/test');
  await page.screenshot({ path: test.info().outputPath('dev-test-bureau.png'), fullPage: true });
});

test('the «БКИ» screen shows a loan’s events acknowledged by the bureau', async ({
  page,
  context,
}) => {
  // Sign-up, the card, payout and repayment, the reporting job's rounds and the console.
  test.setTimeout(420_000);
  const client = await signedInClient(page);
  await page.goto('/profile/identity');
  await fillIdentityByApi(page, {
    surname: 'Одобренов',
    name: 'Глеб',
    patronymic: 'Петрович',
    gender: 'MALE',
  });
  await bindCardOnIdentityStep(page, 'GLEB ODOBRENOV');
  const headers = await authOf(page);
  const order = await paidOutOrder(page.request, headers, client.phone);
  await repaidInFull(page.request, headers, order);

  const console = await context.newPage();
  await signInToConsole(console, await demoAdmin(console.request));
  await console
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'БКИ' })
    .click();
  await expect(console.getByRole('heading', { name: 'Бюро кредитных историй' })).toBeVisible();
  const recent = console.getByRole('region', { name: 'Последние события' });
  const ofLoan = recent.getByTestId('credit-event').filter({ hasText: order.contract_number });
  // The job sends a deal's events one per round, every 2 s on the journeys' servers.
  await expect(async () => {
    await console.reload();
    await expect(ofLoan).toHaveCount(6);
    await expect(ofLoan.filter({ hasText: 'Принято бюро' })).toHaveCount(6);
  }).toPass({ timeout: 120_000 });
  for (const event of [
    'Заём погашен (2.5)',
    'Платёж (2.3)',
    'Заём выдан (2.2)',
    'Договор заключён (1.4)',
    'Одобрение (1.2)',
    'Заявка (1.1)',
  ]) {
    await expect(ofLoan.filter({ hasText: event })).toHaveCount(1);
  }
  await checkAtBothWidths(console, 'бки');

  await ofLoan.first().getByRole('link').click();
  const requests = console.getByRole('region', { name: 'Запросы в бюро кредитных историй' });
  await expect(requests.getByText('Ответ получен')).toBeVisible();
  await expect(requests.getByText('1.0 от 01.03.2026')).toBeVisible();
  await checkAtBothWidths(console, 'карточка-клиента-бки');

  // The risk team's setting for a bureau that does not answer.
  await console.setViewportSize({ width: 1366, height: 900 });
  await console
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Настройки' })
    .click();
  await console.getByRole('button', { name: 'Бюро не отвечает' }).click();
  await expect(console.getByLabel('Ждать ответа бюро, минут')).toHaveValue('60');
  await checkAtBothWidths(console, 'настройки-бюро');
  await console.close();

  await page.goto('/history');
  await expect(
    page.getByText(/Сведения о погашении переданы в бюро кредитных историй \d{2}\.\d{2}\.\d{4}/),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'история с отметкой бюро');
  await page.screenshot({ path: test.info().outputPath('history-bureau.png'), fullPage: true });
});

test('while the bureau is silent the client is told the credit history is being checked', async ({
  page,
}) => {
  // Sign-up, the card, and a bureau request that waits out BUREAU_TIMEOUT_MS (20 s).
  test.setTimeout(300_000);
  await signedInClient(page);
  await page.goto('/profile/identity');
  await fillIdentityByApi(
    page,
    { surname: 'Тихонова', name: 'Вера', patronymic: 'Павловна', gender: 'FEMALE' },
    'гор. Тверь, бюро молчит',
  );
  await bindCardOnIdentityStep(page, 'VERA TIKHONOVA');
  const orderId = await applyByApi(page.request, await authOf(page));
  await page.goto('/profile/checkOrder');
  await expect(page.getByText('Проверяем кредитную историю')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Мы повторим запрос сами/)).toBeVisible();
  // No loan on a guess: the order is still being checked.
  expect((await orderOf(page.request, await authOf(page), orderId))?.status_id).toBe(1);
  await expectNoAxeViolations(page, 'проверяем кредитную историю');
  await page.screenshot({ path: test.info().outputPath('check-bureau.png'), fullPage: true });
});
