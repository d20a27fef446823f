import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations, expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { z } from 'zod';
import { signedInClient, type TestClient } from '../support/session';

/**
 * Tickets: a client asks support a question with a photo and a PDF, sees the operator's
 * answer (given through the sandbox twin of `npm run crm:reply`) marked on the list, opens the
 * conversation, downloads the PDF and replies with another file.
 */

/** e2e/.artifacts/, whatever folder the run starts in. */
const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

const listSchema = z.object({ data: z.array(z.object({ id: z.number(), subject: z.string() })) });

async function ticketIdBySubject(
  request: APIRequestContext,
  client: TestClient,
  subject: string,
): Promise<number> {
  const response = await request.get('/api/tickets/get', {
    headers: { authorization: `Bearer ${client.token}` },
  });
  expect(response.ok()).toBe(true);
  const ticket = listSchema.parse(await response.json()).data.find((t) => t.subject === subject);
  if (!ticket) throw new Error(`Обращение «${subject}» не найдено`);
  return ticket.id;
}

async function answerAsOperator(request: APIRequestContext, ticketId: number, text: string) {
  const response = await request.post(`/api/dev/tickets/${ticketId}/reply`, {
    data: { text, operator: 'Петрова А.' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function createTicket(page: Page, subject: string): Promise<void> {
  await page.goto('/tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Обращения' })).toBeVisible();
  await expect(page.getByText('Обращений пока нет')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Новое обращение' }).click();
  await expect(page).toHaveURL(/\/tickets\/new$/);

  await page.getByLabel('Тема', { exact: true }).selectOption({ label: 'Оплата и продление' });
  await page.getByLabel('Заголовок').fill(subject);
  await page.getByLabel('Сообщение').fill('Деньги за продление списались дважды, 21 ноября.');
  await page.getByLabel('Прикрепить файлы').setInputFiles([
    { name: 'чек.png', mimeType: 'image/png', buffer: PNG },
    { name: 'выписка.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const chosen = page.getByRole('list', { name: 'Прикреплённые файлы' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expectNoAxeViolations(page, 'новое обращение с файлами');
  await page.screenshot({ path: `${ARTIFACTS}tickets-new-1280.png`, fullPage: true });
  await page.getByRole('button', { name: 'Отправить обращение' }).click();

  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText(/Обращение № \d+ отправлено/)).toBeVisible();
  await expectNoAxeViolations(page, 'обращение отправлено');
}

test('a client asks a question with files, sees the answer marked, opens it and replies', async ({
  page,
}) => {
  const client = await signedInClient(page);
  const subject = 'Двойное списание за продление';
  await createTicket(page, subject);

  const item = page.getByRole('button', { name: new RegExp(subject) });
  await expect(item.getByText('Открыто')).toBeVisible();
  await expect(item.getByText('Вы: Деньги за продление списались дважды')).toBeVisible();

  const ticketId = await ticketIdBySubject(page.request, client, subject);
  await answerAsOperator(page.request, ticketId, 'Второе списание вернётся на карту за 3 дня.');
  await page.reload();
  await expect(item.getByText('Есть ответ')).toBeVisible();
  await expect(item.getByText('Новый ответ')).toBeVisible();
  await expect(item.getByText('Поддержка: Второе списание вернётся')).toBeVisible();
  await expectNoAxeViolations(page, 'список с ответом');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${ARTIFACTS}tickets-list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await item.click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('Второе списание вернётся на карту за 3 дня.')).toBeVisible();
  await expect(dialog.getByText('Петрова А.')).toBeVisible();
  const thumbnail = dialog.getByRole('img', { name: 'чек.png' });
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(1);
  await expectNoAxeViolations(page, 'попап обращения');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Скачать «выписка.pdf»' }).click();
  expect((await download).suggestedFilename()).toBe('выписка.pdf');
  await page.screenshot({ path: `${ARTIFACTS}tickets-popup-1280.png` });

  await dialog.getByLabel('Ваш ответ').fill('Спасибо! Прикладываю выписку за ноябрь.');
  await dialog.getByLabel('Прикрепить файлы').setInputFiles({
    name: 'ноябрь.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Сообщение отправлено');
  const conversation = dialog.getByRole('list', { name: 'Переписка' });
  await expect(conversation.getByText('Спасибо! Прикладываю выписку за ноябрь.')).toBeVisible();
  await expect(conversation.getByRole('button', { name: 'Скачать «ноябрь.pdf»' })).toBeVisible();
  await expect(dialog.getByText('Открыто')).toBeVisible();
  await expectNoAxeViolations(page, 'попап после ответа');

  await dialog.getByRole('button', { name: 'Закрыть попап' }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByText('Открыто')).toBeVisible();
  await expect(item.getByText('Новый ответ')).toHaveCount(0);
  await expect(item.getByText('Вы: Спасибо! Прикладываю выписку')).toBeVisible();
});

test('the form refuses a file that is neither a photo nor a PDF before sending', async ({
  page,
}) => {
  await signedInClient(page);
  await page.goto('/tickets/new');
  await page.getByLabel('Прикрепить файлы').setInputFiles({
    name: 'страница.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<html></html>'),
  });
  await expect(page.getByRole('alert')).toContainText('Файл «страница.html» не подходит');
  await page.getByRole('button', { name: 'Отправить обращение' }).click();
  await expect(page.getByText('Выберите тему обращения из списка')).toBeVisible();
  await expect(page).toHaveURL(/\/tickets\/new$/);
});
