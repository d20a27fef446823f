import type { Page } from '@playwright/test';
import { z } from 'zod';
import { authOf, expectOk } from '../support/api';
import { clientWithLoan } from '../support/borrower';
import { checkAtBothWidths } from '../support/crm';
import { pdfOpenedInNewTab, pdfTextOf } from '../support/documents';
import { repaidInFull } from '../support/orders';
import { expect, test } from '../support/test';

/**
 * Refusal of the insurance (353-ФЗ ст. 7 ч. 2.7–2.10): a client takes a 10 000 ₽ loan with the
 * insurance ticked (490 ₽ withheld from the payout), refuses it on the loan card in two clicks,
 * sees the premium back on the card in the history, and opens the refusal application.
 */

const insurancesSchema = z.object({
  data: z.object({
    service: z.object({ insurances: z.array(z.object({ id: z.number(), price: z.string() })) }),
  }),
});

async function clientWithInsuredLoan(page: Page) {
  const tariffs = await page.request.get('/api/tariff/default');
  await expectOk(tariffs);
  const [insurance] = insurancesSchema.parse(await tariffs.json()).data.service.insurances;
  if (!insurance) throw new Error('no insurance on offer');
  return clientWithLoan(page, [insurance.id]);
}

test('a client refuses the loan’s insurance in two clicks and gets the premium back', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const order = await clientWithInsuredLoan(page);

  await page.goto('/loan');
  const block = page.getByRole('region', { name: 'Страховка' });
  await expect(block).toContainText(/490\s₽, удержана из суммы займа/);
  await expect(block).toContainText(/Вы можете отказаться от страховки до \d\d\.\d\d\.\d{4}/);
  await checkAtBothWidths(page, 'страховка в карточке займа');

  await block.getByRole('button', { name: 'Отказаться от страховки' }).click();
  await expect(block).toContainText('Отказ нельзя отменить.');
  await checkAtBothWidths(page, 'подтверждение отказа от страховки');
  await block.getByRole('button', { name: 'Подтвердить отказ' }).click();
  await expect(block.getByRole('status')).toContainText('Вы отказались от страховки');

  // The refusal's request sends the refund at once; the card shows it on the next read.
  await expect
    .poll(
      async () => {
        await page.reload();
        return (await block.textContent()) ?? '';
      },
      { timeout: 60_000 },
    )
    .toMatch(/490\s₽ возвращены на карту/);
  const appliedOn = (await block.getByRole('status').textContent())?.match(
    /Вы отказались от страховки (\d\d\.\d\d\.\d{4})/,
  )?.[1];
  await checkAtBothWidths(page, 'страховка после отказа');

  const application = page.waitForResponse((answer) =>
    answer.url().includes(`/api/documents/file/insurance_refusal?order_id=${order.id}`),
  );
  await pdfOpenedInNewTab(page, () =>
    block.getByRole('button', { name: 'Заявление об отказе от страховки (PDF)' }).click(),
  );
  const pdf = await application;
  expect(pdf.status()).toBe(200);
  const text = pdfTextOf(await pdf.body());
  expect(text).toMatch(/Сумма к возврату 490\s₽/);
  expect(text).toContain(`Дата заявления ${appliedOn ?? ''}`);
  expect(text).toContain('части 2.7 статьи 7 Федерального закона от 21.12.2013 № 353-ФЗ');

  await page.goto('/history');
  await expect(page.getByText('Возврат страховой премии на карту').first()).toBeVisible();
  await expect(page.getByText('Страховка, удержанная из суммы займа').first()).toBeVisible();
  await expect(page.getByText(`Отказ от страховки ${appliedOn ?? ''}`)).toBeVisible();
  await checkAtBothWidths(page, 'история с возвратом страховки');
});

test('a loan repaid early keeps its insurance refusal on the loan page', async ({ page }) => {
  test.setTimeout(300_000);
  const order = await clientWithInsuredLoan(page);
  await repaidInFull(page.request, await authOf(page), order);

  await page.goto('/loan');
  await expect(page.getByText('Заём погашен')).toBeVisible();
  const others = page.getByRole('region', { name: 'Страховки по другим займам' });
  const block = others.getByRole('region', {
    name: `Страховка по договору № ${order.contract_number}`,
  });
  await expect(block).toContainText(/Вы можете отказаться от страховки до \d\d\.\d\d\.\d{4}/);
  await checkAtBothWidths(page, 'страховка погашенного займа');
  await block.getByRole('button', { name: 'Отказаться от страховки' }).click();
  await block.getByRole('button', { name: 'Подтвердить отказ' }).click();
  await expect(block.getByRole('status')).toContainText('Вы отказались от страховки');
  await checkAtBothWidths(page, 'страховка погашенного займа после отказа');
});
