import { fileURLToPath } from 'node:url';
import { clientWithLoan } from '../support/borrower';
import { expect, expectNoAxeViolations, test } from '../support/test';
import { pdfOpenedInNewTab } from '../support/documents';

/**
 * What the borrower owes, always in view (353-ФЗ ст. 10): the loan card of a new 10 000 ₽ loan for
 * 30 days shows today's payoff and beside it 12 400 ₽ due on the due date if nothing is paid, the
 * charges so far against the legal cap, the dated payment, and the free monthly statement opens
 * as a PDF — on a desktop and on a phone.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: the loan card shows the debt, the due date’s sum, the cap and the statement`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const order = await clientWithLoan(page);

    await page.goto('/loan');
    const card = page.getByRole('region', { name: /Заём по договору № / });
    await expect(card.getByText('К погашению сегодня').locator('..')).toContainText(/10\s000\s₽/);
    await expect(card.getByTestId('loan-due-date-total')).toContainText(
      /если не платить\s*12\s400\s₽/,
    );
    await expect(card.getByTestId('loan-charges-cap')).toContainText(
      /Начислено 0\s₽ из 10\s000\s₽ возможных/,
    );
    const schedule = card.getByRole('table', { name: 'График платежей' });
    await expect(schedule).toContainText(/12\s400\s₽/);
    await expectNoAxeViolations(page, 'карточка займа с графиком');
    await page.screenshot({
      path: `${ARTIFACTS}debt-in-view-${viewport.width}.png`,
      fullPage: true,
    });

    const statement = page.waitForResponse((answer) =>
      answer.url().includes(`/api/documents/file/loan_statement?order_id=${order.id}`),
    );
    await pdfOpenedInNewTab(page, () =>
      card.getByRole('button', { name: 'Выписка по займу за месяц (PDF, бесплатно)' }).click(),
    );
    const answer = await statement;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
  });
}
