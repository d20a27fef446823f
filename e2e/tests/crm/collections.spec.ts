import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expectOk } from '../../support/api';
import { clientWithLoan } from '../../support/borrower';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../../support/crm';
import { expect, test } from '../../support/test';

/**
 * «Просрочка»: a loan of 30 days goes overdue on the sandbox clock, appears in the queue; the
 * demo admin (who can do all a collector can) opens it, logs a call, and a second call the same
 * day is refused by the server with the article of 230-FZ and the next allowed moment.
 */

const ARTIFACTS = fileURLToPath(new URL('../../.artifacts/', import.meta.url));
const clockSchema = z.object({ data: z.object({ now: z.string() }) });
const MOSCOW_OFFSET_MS = 3 * 60 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** Moves the sandbox clock `days` ahead and on to 12:00 Moscow time: allowed hours any day. */
async function moveClockToNoonAfter(page: Page, days: number): Promise<number> {
  const answer = await page.request.get('/api/dev/clock');
  await expectOk(answer);
  const now = Date.parse(clockSchema.parse(await answer.json()).data.now);
  const sinceMidnight = Math.floor(
    ((now + MOSCOW_OFFSET_MS) % (DAY_MINUTES * MINUTE_MS)) / MINUTE_MS,
  );
  const minutes = (12 * 60 - sinceMidnight + DAY_MINUTES) % DAY_MINUTES;
  await expectOk(await page.request.post('/api/dev/clock', { data: { days, minutes } }));
  return now + (days * DAY_MINUTES + minutes) * MINUTE_MS;
}

/** The Moscow calendar date `days` after the instant `at`. */
function moscowDateAfter(at: number, days: number): string {
  return new Date(at + MOSCOW_OFFSET_MS + days * DAY_MINUTES * MINUTE_MS)
    .toISOString()
    .slice(0, 10);
}

test('an overdue loan in the queue: a call is logged, a second call the same day is refused', async ({
  page,
  context,
}) => {
  // Sign-up, the card on the gateway's page, the console's sign-in and axe at two widths.
  test.setTimeout(420_000);
  const order = await clientWithLoan(page);
  const noon = await moveClockToNoonAfter(page, 33);

  const staff = await context.newPage();
  await signInToConsole(staff, await demoAdmin(staff.request));
  await staff
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Просрочка' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Просрочка' })).toBeVisible();
  await staff.getByLabel('Договор, телефон или фамилия').fill(order.contract_number);
  await staff.getByRole('button', { name: 'Показать' }).click();
  const row = staff.getByTestId('overdue-loan').filter({ hasText: order.contract_number });
  await expect(row).toContainText(/\d+ дн\./);
  await expect(row).toContainText('Не было');
  await checkAtBothWidths(staff, 'просрочка');
  await staff.screenshot({ path: `${ARTIFACTS}crm-collections-queue.png`, fullPage: true });

  await row.getByRole('link', { name: order.contract_number }).click();
  await expect(
    staff.getByRole('heading', { name: `Договор ${order.contract_number}` }),
  ).toBeVisible();
  const states = staff.getByRole('list', { name: 'Можно ли связаться сейчас' });
  await expect(states).toContainText('Звонок — можно сейчас');
  await staff.getByLabel('Способ связи').selectOption('call');
  await staff.getByLabel('Итог разговора или текст сообщения').fill('Обещал оплатить в пятницу');
  await staff.getByRole('button', { name: 'Записать контакт' }).click();
  await expect(staff.getByText('Звонок: контакт записан')).toBeVisible();
  const contacts = staff.getByRole('region', { name: 'Контакты с должником' });
  await expect(contacts).toContainText('Обещал оплатить в пятницу');
  await expect(states).toContainText('Звонок — нельзя');

  const promiseDay = moscowDateAfter(noon, 3);
  await staff.getByLabel('Сумма, ₽').fill('3000');
  await staff.getByLabel('Оплатит до').fill(promiseDay);
  await staff.getByRole('button', { name: 'Записать обещание' }).click();
  const [year, month, day] = promiseDay.split('-');
  await expect(staff.getByRole('list', { name: 'Обещания оплатить' })).toContainText(
    `3 000 ₽ до ${day}.${month}.${year} — Ждём оплату`,
  );

  await staff.getByRole('button', { name: 'Записать контакт' }).click();
  const refusal = staff.getByRole('alert').filter({ hasText: 'Звонок сейчас запрещён' });
  await expect(refusal).toContainText('ст. 7 ч. 3 п. 3 «а» 230-ФЗ');
  await expect(refusal).toContainText(
    /Следующий разрешённый момент: \d{2}\.\d{2}\.\d{4} 0[89]:00 МСК/,
  );
  await checkAtBothWidths(staff, 'просроченный заём');
  await staff.setViewportSize({ width: 1366, height: 900 });
  await staff.screenshot({ path: `${ARTIFACTS}crm-collection-loan.png`, fullPage: true });
});
