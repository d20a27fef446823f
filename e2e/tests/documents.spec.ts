import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, expect, test } from '../support/test';
import { authOf } from '../support/api';
import { bindCardOnCardsPage, openCardsPage } from '../support/cards';
import { pdfOpenedInNewTab } from '../support/documents';
import { fillIdentityByApi } from '../support/identity';
import { signedOrder } from '../support/orders';
import { signedInClient } from '../support/session';

/**
 * Documents: a client with a signed contract sees every document by group and by loan,
 * the contract marked «Подписан АСП …», and opens a document as a PDF in a new tab. The client
 * gets there through the real calls: identity steps and photos by the API, the card on the
 * sandbox gateway's page, an order approved by the sandbox identity «Одобренова», signed with
 * the SMS code from the sandbox outbox.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

test('a client with a signed contract sees the documents by group and opens a PDF', async ({
  page,
}) => {
  const client = await signedInClient(page);
  await openCardsPage(page);
  await fillIdentityByApi(page, {
    surname: 'Одобренова',
    name: 'Анна',
    patronymic: 'Сергеевна',
    gender: 'FEMALE',
  });
  await bindCardOnCardsPage(page);
  const { id: orderId } = await signedOrder(page.request, await authOf(page), client.phone);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Документы' })).toBeVisible();
  const registration = page.getByRole('region', { name: 'Регистрация' });
  await expect(
    registration.getByRole('button', { name: /Согласие на обработку персональных данных/ }),
  ).toHaveAccessibleDescription(/^Принят \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);

  const orders = page.getByRole('region', { name: 'Заявки' });
  await expect(orders.getByRole('button', { name: /Заявление на предоставление/ })).toBeVisible();

  const contracts = page.getByRole('region', { name: 'Договоры' });
  await expect(contracts.getByRole('heading', { name: /^Договор № / })).toBeVisible();
  const terms = contracts.getByRole('button', { name: /Индивидуальные условия/ });
  await expect(terms).toHaveAccessibleDescription(/^Подписан АСП \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(page.getByRole('region', { name: 'Пролонгации' })).toContainText(
    'Пролонгаций пока не было.',
  );
  await expectNoAxeViolations(page);

  await page.screenshot({ path: `${ARTIFACTS}documents-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}documents-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const pdfResponse = page.waitForResponse((response) =>
    response.url().includes(`/api/documents/file/individual_terms?order_id=${orderId}`),
  );
  await pdfOpenedInNewTab(page, () => terms.click());
  expect((await pdfResponse).headers()['content-type']).toBe('application/pdf');
});
