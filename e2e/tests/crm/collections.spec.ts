import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { expectOk } from '../../support/api';
import { clientWithLoan } from '../../support/borrower';
import { signInAgain } from '../../support/session';
import { checkAtBothWidths, demoAdmin, signInToConsole, totpCode } from '../../support/crm';
import { expect, test } from '../../support/test';

/**
 * «Просрочка»: a loan of 30 days goes overdue on the sandbox clock, appears in the queue; the
 * demo admin (who can do all a collector can) opens it, logs a call, and a second call the same
 * day is refused by the server with the article of 230-FZ and the next allowed moment. The admin
 * proposes to waive part of the interest; a risk specialist approves it in «Согласование», and
 * the client's cabinet shows the interest less by that sum.
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

const sessionSchema = z.object({ data: z.object({ token: z.string(), staff: z.unknown() }) });
const ticketSchema = z.object({
  data: z.object({ ticket: z.string(), enrollment: z.object({ secret: z.string() }) }),
});

/** The staff token the console keeps in this tab's sessionStorage. */
async function staffToken(page: Page): Promise<string> {
  const saved = await page.evaluate(() => sessionStorage.getItem('zaymo.crm.session'));
  const token = (JSON.parse(saved ?? '{}') as { token?: string }).token;
  if (!token) throw new Error('no staff session in this tab');
  return token;
}

/**
 * A new risk specialist made by the admin, signed in through the API (password, then the code of
 * the authenticator enrolled on the way) in `page`'s console tab.
 */
async function riskSpecialistIn(page: Page, adminToken: string): Promise<void> {
  const login = `risk${Date.now()}`;
  const password = 'Зелёный-кит-под-Окой-42';
  await expectOk(
    await page.request.post('/api/crm/staff', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { login, name: 'Рита Рискова', role: 'risk', password },
    }),
  );
  const step = await page.request.post('/api/crm/auth/password', { data: { login, password } });
  await expectOk(step);
  const { ticket, enrollment } = ticketSchema.parse(await step.json()).data;
  const code = await totpCode(enrollment.secret);
  const signedIn = await page.request.post('/api/crm/auth/totp', { data: { ticket, code } });
  await expectOk(signedIn);
  const session = sessionSchema.parse(await signedIn.json()).data;
  await page.goto('/crm/signin');
  await page.evaluate(
    (saved) => sessionStorage.setItem('zaymo.crm.session', saved),
    JSON.stringify({ token: session.token, staff: session.staff }),
  );
}

/** «2 480,50 ₽» → kopecks. */
function kopecksOf(text: string): number {
  const [whole = '0', fraction = '0'] = text.replace(/[^\d,]/g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
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
  const [year, month, day] = promiseDay.split('-');
  await staff.getByLabel('Оплатит до').pressSequentially(`${day}${month}${year}`);
  await staff.getByRole('button', { name: 'Записать обещание' }).click();
  await expect(staff.getByRole('list', { name: 'Обещания оплатить' })).toContainText(
    `3 000 ₽ до ${day}.${month}.${year} — Ждём оплату`,
  );

  await staff.getByRole('button', { name: 'Записать контакт' }).click();
  const refusal = staff.getByRole('alert').filter({ hasText: 'Звонок сейчас запрещён' });
  await expect(refusal).toContainText('ст. 7 ч. 3 п. 3 «а» 230-ФЗ');
  await expect(refusal).toContainText(
    /Следующий разрешённый момент: \d{2}\.\d{2}\.\d{4} 0[89]:00 МСК/,
  );

  // The days moved ended the client's session: they sign in again in a tab of their own.
  const cabinet = await context.newPage();
  await cabinet.goto('/dev/test');
  await signInAgain(cabinet, order.phone);
  await cabinet.goto('/loan');
  const interest = cabinet.locator('.loan-terms__list > div', {
    has: cabinet.getByText('Проценты', { exact: true }),
  });
  const before = kopecksOf(await interest.locator('dd').innerText());
  await staff.getByLabel('Что списать').selectOption('interest');
  await staff.getByLabel('Сумма списания, ₽').fill('100');
  await staff.getByLabel('Причина списания').fill('Клиент потерял работу, платит частями');
  await staff.getByRole('button', { name: 'Предложить списание' }).click();
  const waivers = staff.getByRole('list', { name: 'Списания' });
  await expect(waivers).toContainText('Списать проценты: 100 ₽ — Ждёт согласования');
  await checkAtBothWidths(staff, 'просроченный заём');
  await staff.setViewportSize({ width: 1366, height: 900 });
  await staff.screenshot({ path: `${ARTIFACTS}crm-collection-loan.png`, fullPage: true });

  const risk = await context.newPage();
  await riskSpecialistIn(risk, await staffToken(staff));
  await risk.goto('/crm/waivers');
  await expect(risk.getByRole('heading', { name: 'Согласование' })).toBeVisible();
  const proposal = risk.getByRole('listitem').filter({ hasText: order.contract_number });
  await expect(proposal).toContainText('Списать проценты: 100 ₽');
  await checkAtBothWidths(risk, 'согласование');
  await risk.screenshot({ path: `${ARTIFACTS}crm-waivers.png`, fullPage: true });
  await proposal.getByLabel('Причина решения').fill('Подтверждено справкой из центра занятости');
  await proposal.getByRole('button', { name: 'Согласовать' }).click();
  await expect(risk.getByRole('list', { name: 'Предложения о списании' })).toHaveCount(0);

  await staff.reload();
  await expect(staff.getByRole('list', { name: 'Списания' })).toContainText(
    'Списать проценты: 100 ₽ — Согласовано',
  );
  await cabinet.reload();
  await expect
    .poll(async () => kopecksOf(await interest.locator('dd').innerText()))
    .toBe(before - 10_000);
});
