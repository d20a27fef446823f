import { clientWithLoan } from '../support/borrower';
import { expect, expectNoAxeViolations, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { expectOk } from '../support/api';

/**
 * A full repayment closes the loan even when its money arrives after midnight: the client pays
 * by the СБП at 23:59 Moscow time, the bank confirms after midnight, the loan page says the loan
 * is repaid and the history shows the next day's interest written off by the rule.
 */

const clockSchema = z.object({ data: z.object({ now: z.string() }) });
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000;
const MINUTE_MS = 60_000;

async function moveClockByMinutes(page: Page, minutes: number): Promise<void> {
  await expectOk(await page.request.post('/api/dev/clock', { data: { days: 0, minutes } }));
}

/** Moves the server's clock to 23:59 of its Moscow day (at least a minute forward). */
async function moveClockToMidnightMinus1(page: Page): Promise<void> {
  const answer = await page.request.get('/api/dev/clock');
  await expectOk(answer);
  const now = Date.parse(clockSchema.parse(await answer.json()).data.now);
  const sinceMidnight = Math.floor(((now + MOSCOW_OFFSET_MS) % (24 * 60 * MINUTE_MS)) / MINUTE_MS);
  const minutes = (23 * 60 + 59 - sinceMidnight + 24 * 60) % (24 * 60);
  await moveClockByMinutes(page, minutes === 0 ? 24 * 60 : minutes);
}

function loanCard(page: Page): Locator {
  return page.getByRole('region', { name: /Заём по договору № / });
}

test('a full repayment by СБП at 23:59 confirmed after midnight closes the loan', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await clientWithLoan(page);
  await moveClockToMidnightMinus1(page);

  await page.goto('/loan');
  await loanCard(page).getByRole('button', { name: 'Погасить полностью' }).click();
  await loanCard(page).getByRole('radio', { name: 'По СБП — QR-код или приложение банка' }).check();
  await loanCard(page)
    .getByRole('button', { name: /^Оплатить\s/ })
    .click();
  const panel = page.getByRole('region', { name: 'Оплата по СБП' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'QR-код СБП в 23:59');

  const opened = page.context().waitForEvent('page');
  await panel.getByRole('link', { name: 'Открыть приложение банка' }).click();
  const bank = await opened;
  await bank.getByRole('button', { name: 'Оплатить (банк подтвердит позже)', exact: true }).click();
  await expect(bank.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(bank, 'песочница: платёж ждёт подтверждения банка');
  await bank.close();

  // The bank confirms after midnight: the next day's interest would have been left owed.
  await moveClockByMinutes(page, 2);
  await expect(page.getByRole('heading', { name: 'Заём погашен' })).toBeVisible({
    timeout: 60_000,
  });
  await expectNoAxeViolations(page, 'заём погашен после полуночи');

  await page.goto('/history');
  const writeOff = page
    .getByTestId('history-payment')
    .filter({ hasText: 'Долг уменьшен по решению кредитора (прощение долга, ст. 415 ГК РФ)' });
  await expect(writeOff.locator('.loan-history__sum')).toHaveText(/^80\s₽$/);
  await expectNoAxeViolations(page, 'история со списанием');
});
