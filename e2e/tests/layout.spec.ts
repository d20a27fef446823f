import type { Locator, Page } from '@playwright/test';
import { settled } from '../support/axe';
import { expectNoAxeViolations, expect, test } from '../support/test';
import { signedInClient, uniquePhone } from '../support/session';
import { pauseToasts } from '../support/toasts';

/**
 * Screens that overflow or sit crooked, measured on a phone and a desktop: the ticket
 * popup and the new-ticket form with a long file name, «Изменить номер» on the code steps, the
 * password rules on sign-up, and who is signed in in the phone's header.
 */

const VIEWPORTS = [
  { name: 'телефон 390 px', width: 390, height: 844 },
  { name: 'компьютер 1366 px', width: 1366, height: 768 },
] as const;

/** One word of 60 letters: nothing to break it at, as file names often are. */
const LONG_NAME = `${'выписка-по-счёту-за-ноябрь-2026-года-из-мобильного-банка'}.png`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`Элемент не на экране: ${locator.toString()}`);
  return box;
}

/** Inner lies within outer (a pixel of rounding allowed). */
function expectInside(inner: Box, outer: Box, what: string): void {
  expect(inner.x, `${what}: левый край`).toBeGreaterThanOrEqual(outer.x - 1);
  expect(inner.x + inner.width, `${what}: правый край`).toBeLessThanOrEqual(
    outer.x + outer.width + 1,
  );
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'ширина страницы').toBeLessThanOrEqual(widths.screen);
}

/**
 * The toast is on the screen, and the control (a round button) is the element under its centre
 * and under four points around it, so the toast takes no click meant for it. Measured once the
 * toast and the popup have finished moving in.
 */
async function expectUncoveredBy(control: Locator, toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  await settled(control.page());
  const uncovered = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const [x, y, dx, dy] = [
      box.left + box.width / 2,
      box.top + box.height / 2,
      box.width / 4,
      box.height / 4,
    ];
    const points = [
      [x, y],
      [x - dx, y - dy],
      [x + dx, y - dy],
      [x - dx, y + dy],
      [x + dx, y + dy],
    ] as const;
    return points.every(([px, py]) => element.contains(document.elementFromPoint(px, py)));
  });
  expect(uncovered, `уведомление не закрывает ${control.toString()}`).toBe(true);
  await expect(toast).toBeVisible();
}

async function attachLongNamedFile(page: Page, scope: Page | Locator): Promise<Locator> {
  await scope.getByLabel('Прикрепить файлы').setInputFiles({
    name: LONG_NAME,
    mimeType: 'image/png',
    buffer: PNG,
  });
  const row = scope.getByRole('list', { name: 'Прикреплённые файлы' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  return row;
}

/** Sign-up up to the code step; returns the phone. */
async function openSignupCodeStep(page: Page): Promise<string> {
  const phone = uniquePhone();
  await page.goto('/signup');
  await expectNoAxeViolations(page);
  const input = page.getByLabel('Номер телефона', { exact: true });
  await input.click();
  await input.pressSequentially(phone.slice(2));
  for (const box of await page.getByRole('checkbox', { name: /обязательно/ }).all()) {
    await box.check();
  }
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из СМС')).toBeVisible();
  return phone;
}

/** «Изменить номер» starts where the line it belongs to starts, right under it. */
async function expectChangePhoneAligned(page: Page): Promise<void> {
  const sentTo = page.getByRole('status').filter({ hasText: 'Код отправлен на номер' });
  const change = page.getByRole('button', { name: 'Изменить номер' });
  const [line, button] = [await boxOf(sentTo), await boxOf(change)];
  const textStart = await change.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().left;
  });
  expect(
    Math.abs(textStart - line.x),
    'текст кнопки начинается с начала строки',
  ).toBeLessThanOrEqual(2);
  expect(button.y, 'кнопка под строкой').toBeGreaterThanOrEqual(line.y + line.height - 1);
  expect(button.y - (line.y + line.height), 'кнопка сразу под строкой').toBeLessThan(16);
}

for (const viewport of VIEWPORTS) {
  test.describe(viewport.name, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the new-ticket form and the ticket popup hold a long file name inside their boxes', async ({
      page,
    }) => {
      await signedInClient(page);
      await page.goto('/tickets/new');
      await page.getByLabel('Тема', { exact: true }).selectOption({ label: 'Оплата и продление' });
      await page.getByLabel('Заголовок').fill('Двойное списание');
      await page.getByLabel('Сообщение').fill('Деньги за продление списались дважды.');
      const row = await attachLongNamedFile(page, page);
      const card = await boxOf(page.locator('form.ticket-form'));
      expectInside(await boxOf(row), card, 'строка файла в карточке формы');
      for (const field of ['Тема', 'Заголовок', 'Сообщение']) {
        expectInside(await boxOf(page.getByLabel(field, { exact: true })), card, field);
      }
      const send = page.getByRole('button', { name: 'Отправить обращение' });
      expectInside(await boxOf(send), card, 'кнопка отправки');
      expect(card.x + card.width).toBeLessThanOrEqual(viewport.width);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);

      await pauseToasts(page);
      await send.click();
      await expect(page).toHaveURL(/\/tickets$/);
      // The «sent» toast stays (as under a resting pointer); the popup opens by the keyboard.
      const toast = page.getByRole('alert').filter({ hasText: /Обращение № \d+ отправлено/ });
      await expect(toast).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: /Двойное списание/ }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Двойное списание' });
      await expect(dialog.getByText('Деньги за продление списались дважды.')).toBeVisible();
      await expectUncoveredBy(page.getByRole('button', { name: 'Закрыть попап' }), toast);
      const replyRow = await attachLongNamedFile(page, dialog);
      const popup = await boxOf(dialog);
      expect(popup.x, 'попап не левее экрана').toBeGreaterThanOrEqual(0);
      expect(popup.width, 'попап не шире экрана').toBeLessThanOrEqual(viewport.width);
      expect(popup.x + popup.width, 'попап не правее экрана').toBeLessThanOrEqual(viewport.width);
      expectInside(await boxOf(replyRow), popup, 'строка файла в попапе');
      await expectNoAxeViolations(page, 'попап обращения');
    });

    test('«Изменить номер» lines up with the number it changes, on sign-up and sign-in', async ({
      page,
    }) => {
      await openSignupCodeStep(page);
      await expectChangePhoneAligned(page);
      await expectNoAxeViolations(page, 'регистрация, шаг кода');

      await page.getByRole('button', { name: 'Изменить номер' }).click();
      await expect(page.getByRole('button', { name: 'Получить код' })).toBeVisible();
      await page.goto('/signin');
      await expectNoAxeViolations(page);
      await page.getByRole('tab', { name: 'По коду из СМС' }).click();
      const input = page.getByLabel('Номер телефона', { exact: true });
      await input.click();
      await input.pressSequentially(uniquePhone().slice(2));
      await page.getByRole('button', { name: 'Получить код' }).click();
      // Any number gets the code step (no account enumeration).
      await expect(page.getByLabel('Код из СМС')).toBeVisible();
      await expectChangePhoneAligned(page);
      await expectNoAxeViolations(page, 'вход, шаг кода');
    });

    test('sign-up states each password rule once', async ({ page }) => {
      await openSignupCodeStep(page);
      const rules = page
        .getByLabel('Пароль (необязательно)')
        .locator('xpath=ancestor::div[contains(@class,"ui-field")]')
        .getByRole('listitem');
      // The rules come with the lazily loaded strength meter: read them once they are there.
      await expect(rules.nth(2)).toBeAttached();
      const texts = (await rules.allTextContents()).map((text) => text.trim());
      expect(new Set(texts).size, 'правила без повторов').toBe(texts.length);
      for (const topic of [/символ/i, /телефон/i, /распространён/i, /букв/i]) {
        expect(
          texts.filter((text) => topic.test(text)),
          `одно правило о ${topic}`,
        ).toHaveLength(1);
      }
      const password = page.getByLabel('Пароль (необязательно)');
      const typingEnds = await password.evaluate((input) => {
        const style = getComputedStyle(input);
        return input.getBoundingClientRect().right - parseFloat(style.paddingRight);
      });
      const show = await boxOf(page.getByRole('button', { name: 'Показать пароль' }));
      expect(typingEnds, 'пароль не набирается под кнопкой «Показать пароль»').toBeLessThanOrEqual(
        show.x,
      );
      await expectNoAxeViolations(page, 'регистрация, шаг кода');
    });

    test('the header shows who is signed in, whole, inside the screen', async ({ page }) => {
      const client = await signedInClient(page);
      const digits = client.phone.slice(2);
      const shown = `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;
      for (const path of ['/profile/identity', '/loan']) {
        await page.goto(path);
        const badge = page.getByRole('banner').getByTestId('client-badge');
        await expect(badge).toHaveText(shown);
        await expect(badge).toBeInViewport({ ratio: 1 });
        const clipped = await badge.evaluate(
          (element) => element.scrollWidth > element.clientWidth,
        );
        expect(clipped, 'имя или номер клиента видно целиком').toBe(false);
        await expect(page.getByRole('button', { name: 'Выйти' })).toBeInViewport({ ratio: 1 });
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
      }
    });
  });
}
