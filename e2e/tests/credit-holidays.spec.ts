import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { clientWithLoan } from '../support/borrower';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { pdfOpenedInNewTab } from '../support/documents';
import { latestSms } from '../support/session';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * Credit holidays (353-ФЗ ст. 6.1-1): the client asks for two months of holidays from the open
 * loan's page with an income certificate and sees by when the lender decides; a risk specialist
 * sees the same term in the queue and approves with a reason; the client gets an SMS, sees the new
 * due date and opens the notice, and the console's client card lists the holiday.
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
  await expect(request).toContainText(/Решение — не позднее \d\d\.\d\d\.\d{4}; о нём придёт SMS/);
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
  await expect(card).toContainText(/Решить до\s*\d\d\.\d\d\.\d{4} включительно/);
  const clientCard = await card.getByRole('link').first().getAttribute('href');
  await card.getByLabel('Причина решения').fill('Справка 2-НДФЛ подтверждает снижение дохода');
  await card.getByRole('button', { name: 'Одобрить' }).click();
  await expect(card.getByText(/Одобрить каникулы\?/)).toBeVisible();
  await checkAtBothWidths(risk, 'кредитные-каникулы');
  await card.getByRole('button', { name: 'Да, одобрить' }).click();
  await expect(risk.getByText(`Каникулы по запросу №${requestId} одобрены.`)).toBeVisible();
  expect(await latestSms(page.request, order.phone)).toMatch(
    /^Займо: кредитные каникулы по договору № .+ одобрены с \d\d\.\d\d\.\d{4} по \d\d\.\d\d\.\d{4}\. Новая дата платежа \d\d\.\d\d\.\d{4}\./,
  );
  await risk.goto(clientCard ?? '');
  const approvedOnCard = risk.getByRole('region', { name: 'Кредитные каникулы', exact: true });
  await expect(approvedOnCard).toContainText('Справка 2-НДФЛ подтверждает снижение дохода');
  await expect(approvedOnCard).toContainText(/\d\d\.\d\d\.\d{4} → \d\d\.\d\d\.\d{4}/);
  await checkAtBothWidths(risk, 'карточка-клиента-каникулы');
  await approvedOnCard.screenshot({ path: test.info().outputPath('раздел-каникулы-клиента.png') });
  await risk.close();

  await page.reload();
  await expect(request).toContainText('Одобрены');
  await expect(request).toContainText('Новая дата платежа');
  await expect(request).toContainText('Справка 2-НДФЛ подтверждает снижение дохода');
  await expect(request).toContainText(/Решение принято \d\d\.\d\d\.\d{4}/);
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
