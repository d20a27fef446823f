import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, expect, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { signedInClient } from '../support/session';

/**
 * A new client fills the six identity steps with suggestions from the sandbox provider,
 * reloads in the middle and resumes, uploads the three photos and reaches the card step.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Both sizes of the current screen into e2e/.artifacts/identity-<name>-<width>.png. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `${ARTIFACTS}identity-${name}-${size.width}.png`,
      fullPage: true,
    });
    await expectNoAxeViolations(page, name);
  }
}

async function expectStep(page: Page, step: number, title: string): Promise<void> {
  await expect(page.getByText(`Шаг ${step} из 6`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expectNoAxeViolations(page, `анкета, шаг ${step}`);
}

/** Types like a person (the suggestions wait 333 ms after the last key) and picks an option. */
async function suggestAndPick(page: Page, field: Locator, text: string, option: string | RegExp) {
  await field.click();
  await field.pressSequentially(text, { delay: 30 });
  const listbox = page.getByRole('listbox');
  await listbox
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

const next = (page: Page) => page.getByRole('button', { name: 'Продолжить' });

/** A small real photo drawn on a canvas in the page: JPEG for documents, PNG for the selfie. */
async function drawnPhoto(page: Page, label: string, type: 'image/jpeg' | 'image/png') {
  const base64 = await page.evaluate(
    ([text, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 320;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#dfe8f5';
      context.fillRect(0, 0, 480, 320);
      context.fillStyle = '#1f6feb';
      context.fillRect(24, 24, 140, 180);
      context.fillStyle = '#1f2933';
      context.font = 'bold 28px sans-serif';
      context.fillText(text, 190, 120);
      return canvas.toDataURL(mime, 0.9).split(',')[1] ?? '';
    },
    [label, type] as const,
  );
  const extension = type === 'image/png' ? 'png' : 'jpg';
  return { name: `${label}.${extension}`, mimeType: type, buffer: Buffer.from(base64, 'base64') };
}

async function uploadPhoto(
  page: Page,
  kind: string,
  title: string,
  type: 'image/jpeg' | 'image/png',
) {
  const tile = page.getByTestId(`photo-tile-${kind}`);
  await tile.getByRole('button', { name: 'Загрузить' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('photo-file-input').setInputFiles(await drawnPhoto(page, title, type));
  await expect(dialog.getByRole('img', { name: /Предпросмотр/ })).toBeVisible();
  await expectNoAxeViolations(page, `попап «${title}»`);
  if (kind === 'passport_main') await screenshots(page, 'photo-popup');
  await dialog.getByRole('button', { name: 'Загрузить' }).click();
  await expect(dialog).toBeHidden();
  await expect(tile.getByRole('img', { name: title })).toBeVisible();
  await expect(tile.getByRole('button', { name: 'Заменить' })).toBeVisible();
}

test('a new client fills every identity step, resumes after a reload and reaches the card', async ({
  page,
}) => {
  await signedInClient(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/profile/identity');
  await expectStep(page, 1, 'Личные данные');
  await screenshots(page, 'step-1-empty');

  // Step 1: the name from suggestions; the surname brings the gender.
  await suggestAndPick(page, page.getByRole('combobox', { name: 'Фамилия' }), 'Иван', 'Иванов');
  await expect(page.getByRole('radio', { name: 'Мужской' })).toBeChecked();
  await suggestAndPick(page, page.getByRole('combobox', { name: 'Имя' }), 'Ив', 'Иван');
  await suggestAndPick(page, page.getByRole('combobox', { name: 'Отчество' }), 'Петр', 'Петрович');
  await page.getByLabel('Дата рождения').pressSequentially('15031990');
  await page.getByLabel('Место рождения').fill('гор. Москва');
  await screenshots(page, 'step-1');
  await next(page).click();

  // Step 2: the division code suggests the office, which fills «Кем выдан».
  await expectStep(page, 2, 'Паспорт');
  await page.getByLabel('Серия и номер').pressSequentially('4510123456');
  await expect(page.getByLabel('Серия и номер')).toHaveValue('45 10 123456');
  await page.getByLabel('Дата выдачи').pressSequentially('10042010');
  await suggestAndPick(
    page,
    page.getByRole('combobox', { name: 'Код подразделения' }),
    '7720',
    /АРБАТ/,
  );
  await expect(page.getByRole('combobox', { name: 'Код подразделения' })).toHaveValue('772-001');
  await expect(page.getByLabel('Кем выдан')).toHaveValue(/ОУФМС РОССИИ ПО ГОР\. МОСКВЕ/);
  await next(page).click();
  await expectStep(page, 3, 'Адреса');

  // A reload (or another device) resumes where the client stopped, with the earlier data kept.
  await page.reload();
  await expectStep(page, 3, 'Адреса');
  await page.getByRole('button', { name: /Паспорт/ }).click();
  await expect(page.getByLabel('Серия и номер')).toHaveValue('45 10 123456');
  await page.getByRole('button', { name: /Адреса/ }).click();

  // Step 3: a street is not enough; the house completes the address.
  const address = page.getByRole('combobox', { name: 'Адрес регистрации' });
  await suggestAndPick(page, address, 'г Москва, ул Тверская', 'г Москва, ул Тверская');
  await expect(page.getByText('Выберите адрес с номером дома')).toBeVisible();
  await expect(page.getByRole('option', { name: 'г Москва, ул Тверская, д 1' })).toBeVisible();
  await screenshots(page, 'step-3-choose-house');
  await address.pressSequentially('7', { delay: 30 });
  await page.getByRole('option', { name: 'г Москва, ул Тверская, д 7', exact: true }).click();
  await expect(page.getByText('Выберите адрес с номером дома')).toBeHidden();
  await expect(address).toHaveValue('г Москва, ул Тверская, д 7');
  await page.getByLabel('Квартира').fill('12');
  const same = page.getByRole('checkbox', {
    name: 'Адрес проживания совпадает с адресом регистрации',
  });
  await expect(same).toBeChecked();
  await same.uncheck();
  await expect(page.getByRole('combobox', { name: 'Адрес проживания' })).toBeVisible();
  await same.check();
  await screenshots(page, 'step-3');
  await next(page).click();

  // Step 4: the employer from the company suggestions, with its ИНН.
  await expectStep(page, 4, 'Работа и доход');
  await page.getByLabel('Вид занятости').selectOption({ label: 'Работаю по найму' });
  await suggestAndPick(
    page,
    page.getByRole('combobox', { name: 'Работодатель' }),
    'сбер',
    /^ПАО "СБЕРБАНК"/,
  );
  await expect(page.getByText('ИНН 7707083893')).toBeVisible();
  await page.getByLabel('Должность').fill('Кассир');
  await page.getByLabel('Ежемесячный доход, ₽').pressSequentially('45000');
  await expect(page.getByLabel('Ежемесячный доход, ₽')).toHaveValue('45 000');
  await suggestAndPick(
    page,
    page.getByRole('combobox', { name: 'Электронная почта' }),
    'ivanov@ma',
    'ivanov@mail.ru',
  );
  await next(page).click();

  // Step 5: three photos through the loadPhoto popup; «Продолжить» waits for all of them.
  await expectStep(page, 5, 'Фото документов');
  await expect(next(page)).toBeDisabled();
  await uploadPhoto(page, 'passport_main', 'Разворот паспорта с фото', 'image/jpeg');
  await uploadPhoto(page, 'passport_registration', 'Страница с регистрацией', 'image/jpeg');
  await expect(next(page)).toBeDisabled();
  await uploadPhoto(page, 'selfie', 'Селфи с паспортом', 'image/png');
  await screenshots(page, 'step-5');
  await next(page).click();

  // Step 6: the card is bound on the gateway's page.
  await expectStep(page, 6, 'Банковская карта');
  await screenshots(page, 'step-6');
  await page.reload();
  await expectStep(page, 6, 'Банковская карта');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page).toHaveURL(/\/sandbox\/best2pay\//);
  await expect(page.getByRole('heading', { name: 'Привязка банковской карты' })).toBeVisible();
  await expectNoAxeViolations(page, 'страница карты шлюза');
  await page.getByLabel('Номер карты').fill('2200 0000 0000 0004');
  await page.getByLabel('Срок действия').fill('12/30');
  await page.getByLabel('CVC/CVV').fill('123');
  await page.getByLabel(/Имя владельца/).fill('IVAN IVANOV');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page).toHaveURL(/\/pay\/callback\?/);
  // The payCallback screen brings the client back to the steps.
  await expect(page).toHaveURL(/\/profile\/identity$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Анкета' })).toBeVisible();
  await expect(page.getByText('Анкета заполнена')).toBeVisible();
  await expectNoAxeViolations(page, 'анкета заполнена');

  // The profile shows everything as entered.
  await page.goto('/person');
  await expect(page.getByText('45 10 123456')).toBeVisible();
  await expect(page.getByText('г Москва, ул Тверская, д 7, кв 12')).toBeVisible();
  await expect(page.getByText('ПАО "СБЕРБАНК", ИНН 7707083893')).toBeVisible();
  await expect(page.getByText('Загружено фото: 3 из 3')).toBeVisible();
  await screenshots(page, 'person');
});

test('the profile page shows what was entered and links back to the steps', async ({ page }) => {
  await signedInClient(page);
  await page.goto('/person');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Паспорт' })).toBeVisible();
  await expect(page.getByText('Не заполнено').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Редактировать анкету' }).click();
  await expect(page).toHaveURL(/\/profile\/identity$/);
  await expectStep(page, 1, 'Личные данные');
});
