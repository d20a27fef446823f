import type { Page } from '@playwright/test';
import { z } from 'zod';
import { authOf, expectOk } from '../support/api';
import { bindCardOnIdentityStep } from '../support/cards';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../support/crm';
import { APPROVED_PERSON, fillIdentityByApi } from '../support/identity';
import { approvedOrder, orderOf, signOrder } from '../support/orders';
import { signUpClient, useSession } from '../support/session';
import { expect, expectNoAxeViolations, test } from '../support/test';

/**
 * The cooling-off before the payout (353-FZ art. 7 part 9.3): the admin raises the first loan's
 * maximum to 100 000 ₽ in the console (put back at the end: the other journeys of this worker's
 * server quote the seeded tariff), a client signs a 100 000 ₽ loan, the cabinet says when the
 * money comes (4 hours later, Moscow time) and the client refuses the loan within the window.
 */

const tariffsSchema = z.object({
  data: z.object({
    tariffs: z.array(z.object({ id: z.number(), is_repeat: z.boolean() }).loose()),
  }),
});
const coolingSchema = z.object({
  data: z.object({
    data: z.object({
      data: z.array(z.object({ id: z.number(), cooling_off_until: z.string().optional() })),
    }),
  }),
});

/** The staff token the console keeps in this tab's sessionStorage. */
async function staffHeaders(page: Page) {
  const saved = await page.evaluate(() => sessionStorage.getItem('zaymo.crm.session'));
  const token = (JSON.parse(saved ?? '{}') as { token?: string }).token;
  if (!token) throw new Error('no staff session in this tab');
  return { authorization: `Bearer ${token}` };
}

/** Sets the first loan's maximum through the console's API; answers how to put it back. */
async function raiseFirstLoanMaximum(page: Page, maxSum: string): Promise<() => Promise<void>> {
  const headers = await staffHeaders(page);
  const settings = await page.request.get('/api/crm/settings', { headers });
  await expectOk(settings);
  const tariff = tariffsSchema
    .parse(await settings.json())
    .data.tariffs.find((item) => !item.is_repeat);
  if (!tariff) throw new Error('no first-loan tariff');
  const { id, is_repeat: _repeat, ...editable } = tariff;
  const save = async (data: object) =>
    expectOk(await page.request.post(`/api/crm/settings/tariffs/${id}`, { headers, data }));
  await save({ ...editable, max_sum: maxSum });
  return () => save(editable);
}

/** «27.11.2026 13:00»: the instant in Moscow time, as the cabinet writes it. */
function moscowDateTime(iso: string): string {
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');
}

test('a 100 000 ₽ loan waits 4 hours, shows when the money comes, and the client refuses it', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signInToConsole(page, await demoAdmin(page.request));
  const restore = await raiseFirstLoanMaximum(page, '100000.00');
  try {
    const client = await signUpClient(page.request);
    await useSession(page, client);
    await page.goto('/');
    await fillIdentityByApi(page, APPROVED_PERSON);
    await bindCardOnIdentityStep(page);
    const headers = await authOf(page);
    const order = await approvedOrder(page.request, headers, '100000.00');
    await signOrder(page.request, headers, client.phone, order.id);

    const listed = await page.request.get('/api/clients/orders', { headers });
    const signed = coolingSchema
      .parse(await listed.json())
      .data.data.data.find((item) => item.id === order.id);
    if (!signed?.cooling_off_until) throw new Error('no cooling-off on a 100 000 ₽ loan');

    await page.goto('/profile/sendingMoney');
    await expect(
      page.getByRole('heading', {
        name: `Деньги поступят ${moscowDateTime(signed.cooling_off_until)} (МСК)`,
      }),
    ).toBeVisible();
    await checkAtBothWidths(page, 'период охлаждения');

    await page.getByRole('button', { name: 'Отказаться от займа' }).click();
    await expectNoAxeViolations(page, 'период охлаждения: подтверждение отказа');
    await page.getByRole('button', { name: 'Да, отказаться' }).click();
    await expect(page.getByText('Вы отказались от займа. Деньги не отправлены.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectNoAxeViolations(page, 'главная после отказа от займа');
    await expect
      .poll(async () => (await orderOf(page.request, headers, order.id))?.status_id)
      .toBe(7);

    await page.goto('/history');
    await expect(page.getByText('Отменена клиентом').first()).toBeVisible();
    await expectNoAxeViolations(page, 'история с отказом от займа');

    // The console's card of the client: the window and the refusal in the order's history.
    await page.goto('/crm/clients');
    await page.getByLabel('Телефон, ФИО, номер договора или паспорта').fill(client.phone.slice(2));
    await page.getByRole('button', { name: 'Найти' }).click();
    const found = page.getByRole('link', { name: 'Одобренов Пётр Иванович' });
    await expect(found).toBeVisible();
    await expectNoAxeViolations(page, 'консоль: клиенты');
    await found.click();
    const card = page.getByRole('region', { name: 'Заявки' });
    await expect(card).toContainText(
      `деньги не раньше ${moscowDateTime(signed.cooling_off_until)}`,
    );
    await expect(card.getByRole('list', { name: 'История статусов' })).toContainText(
      'Отказ клиента',
    );
    await checkAtBothWidths(page, 'консоль: заявка в период охлаждения');
  } finally {
    await restore();
  }
});
