import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { approvedOrder, signOrder } from '../support/orders';
import { signedInClient, type TestClient } from '../support/session';

/**
 * Issue 8, documents: a client with a signed contract sees every document by group and by loan,
 * the contract marked «Подписан АСП …», and opens a document as a PDF in a new tab. The client
 * gets there through the real calls: identity steps and photos by the API, the card on the
 * sandbox gateway's page, an order approved by the sandbox identity «Одобренова», signed with
 * the SMS code from the sandbox outbox.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/** A 1×1 PNG: small, but a real image the server can re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ADDRESS = {
  value: 'г Москва, ул Тверская, д 7, кв 12',
  postal_code: '125009',
  region: 'Москва',
  city: 'Москва',
  street: 'Тверская',
  house: '7',
  flat: '12',
  fias_id: null,
};

const STEPS: Record<number, unknown> = {
  1: {
    surname: 'Одобренова',
    name: 'Анна',
    patronymic: 'Сергеевна',
    no_patronymic: false,
    gender: 'FEMALE',
    birth_date: '1990-02-14',
    birth_place: 'г. Москва',
  },
  2: {
    series_number: '45 06 123456',
    issue_date: '2015-03-10',
    division_code: '772-001',
    issued_by: 'ОВД района Тверской г. Москвы',
  },
  3: { registration: ADDRESS, residence_same: true, residence: null },
  4: {
    employment_type: 'employed',
    employer_name: 'ООО «Ромашка»',
    employer_inn: '7707083893',
    position: 'Бухгалтер',
    monthly_income: '90000',
    email: 'anna.odobrenova@example.com',
  },
  5: {},
};

function auth(client: TestClient) {
  return { authorization: `Bearer ${client.token}` };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as unknown;
}

async function fillIdentity(request: APIRequestContext, client: TestClient): Promise<void> {
  for (const step of [1, 2, 3, 4]) {
    await ok(
      await request.patch(`/api/clients/update?step=${step}`, {
        headers: auth(client),
        data: STEPS[step],
      }),
    );
  }
  for (const kind of ['passport_main', 'passport_registration', 'selfie']) {
    await ok(
      await request.post('/api/files/validate', {
        headers: auth(client),
        multipart: { kind, file: { name: `${kind}.png`, mimeType: 'image/png', buffer: PNG } },
      }),
    );
  }
  await ok(
    await request.patch('/api/clients/update?step=5', { headers: auth(client), data: STEPS[5] }),
  );
}

/** The card on the sandbox gateway's page, as a client binds it (see cards.spec.ts). */
async function bindCard(page: Page): Promise<void> {
  await page.goto('/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Мои карты' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Добавить карту' }).click();
  await expect(page.getByRole('heading', { name: 'Привязка банковской карты' })).toBeVisible();
  await expectNoAxeViolations(page, 'страница карты шлюза');
  await page.getByLabel('Номер карты').fill('2200 0000 0000 0004');
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC/CVV').fill('123');
  await page.getByLabel(/Имя владельца/).fill('ANNA ODOBRENOVA');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page.getByText('Карта •••• 0004 привязана')).toBeVisible();
  await expectNoAxeViolations(page, 'возврат со страницы шлюза');
}

test('a client with a signed contract sees the documents by group and opens a PDF', async ({
  page,
}) => {
  const client = await signedInClient(page);
  await fillIdentity(page.request, client);
  await bindCard(page);
  const { id: orderId } = await approvedOrder(page.request, auth(client));
  await signOrder(page.request, auth(client), client.phone, orderId);

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
  const tab = page.waitForEvent('popup');
  await terms.click();
  expect((await pdfResponse).headers()['content-type']).toBe('application/pdf');
  const opened = await tab;
  await expect.poll(() => opened.url()).toMatch(/^blob:/);
});
