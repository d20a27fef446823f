import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { clientWithLoan } from '../support/borrower';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { pdfOpenedInNewTab } from '../support/documents';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * Credit holidays (353-ФЗ ст. 6.1-1): the client asks for two months of holidays from the open
 * loan's page with an income certificate, a risk specialist approves in the console with a
 * reason, and the client sees the new due date and opens the notice.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));
const CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function screenshotsAtBothWidths(page: Page, name: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `${name} ${width}`);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the client asks for credit holidays, a specialist approves, the client sees the new schedule', async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const order = await clientWithLoan(page);

  await page.goto('/loan');
  const holidaysLink = page.getByRole('link', { name: 'Кредитные каникулы' });
  await expect(holidaysLink).toBeVisible();
  await expectNoAxeViolations(page, 'карточка займа со ссылкой на каникулы');
  await holidaysLink.click();
  await expect(page).toHaveURL(/\/credit-holidays$/);
  await expect(page.getByRole('heading', { name: 'Что будет после одобрения' })).toBeVisible();
  await screenshotsAtBothWidths(page, 'credit-holidays-form');

  const form = page.getByRole('region', { name: 'Запросить кредитные каникулы' });
  await form.getByLabel('На сколько месяцев').fill('2');
  await form.getByLabel('Документы, подтверждающие основание').setInputFiles({
    name: 'справка-2-ндфл.pdf',
    mimeType: 'application/pdf',
    buffer: CERTIFICATE,
  });
  await form.getByRole('button', { name: 'Отправить запрос' }).click();
  const request = page.getByRole('region', { name: /Запрос № \d+: договор №/ });
  await expect(request).toContainText('На рассмотрении');
  await expect(request).toContainText('справка-2-ндфл.pdf');
  const requestId = /Запрос № (\d+)/.exec(
    (await request.getByRole('heading').textContent()) ?? '',
  )?.[1];

  const risk = await context.newPage();
  await signInToConsole(risk, await demoAdmin(risk.request));
  await risk
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Кредитные каникулы' })
    .click();
  const card = risk.getByRole('region', { name: new RegExp(`Запрос №${requestId} —`) });
  await expect(card).toContainText('Снижение дохода');
  await card.getByLabel('Причина решения').fill('Справка 2-НДФЛ подтверждает снижение дохода');
  await card.getByRole('button', { name: 'Одобрить' }).click();
  await expect(card.getByText(/Одобрить каникулы\?/)).toBeVisible();
  await checkAtBothWidths(risk, 'кредитные-каникулы');
  await card.getByRole('button', { name: 'Да, одобрить' }).click();
  await expect(risk.getByText(`Каникулы по запросу №${requestId} одобрены.`)).toBeVisible();
  await risk.close();

  await page.reload();
  await expect(request).toContainText('Одобрены');
  await expect(request).toContainText('Новая дата платежа');
  await expect(request).toContainText('Справка 2-НДФЛ подтверждает снижение дохода');
  await screenshotsAtBothWidths(page, 'credit-holidays-approved');
  const notice = page.waitForResponse((answer) =>
    answer.url().includes(`/api/documents/file/credit_holiday_notice?order_id=${order.id}`),
  );
  await pdfOpenedInNewTab(page, () =>
    request.getByRole('button', { name: 'Уведомление об изменении условий (PDF)' }).click(),
  );
  const answer = await notice;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
});
