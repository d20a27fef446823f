import { expectOk } from '../../support/api';
import { checkAtBothWidths, demoAdmin, signInToConsole } from '../../support/crm';
import { signedInClient } from '../../support/session';
import { expect, test } from '../../support/test';

/**
 * The tickets inbox: a client asks a question through the cabinet's API, the
 * operator finds it among the unanswered in the console, answers with a PDF, and the client sees
 * the answer and its file in the cabinet.
 */

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

test('an operator answers a client’s ticket with a file and the client reads it in the cabinet', async ({
  page,
  context,
}) => {
  const client = await signedInClient(page);
  const subject = `Справка о платежах ${Date.now() % 100000}`;
  const created = await page.request.post('/api/tickets/auth_create', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: { category: 'documents', subject, text: 'Пришлите, пожалуйста, справку.' },
  });
  await expectOk(created);

  const operator = await context.newPage();
  await signInToConsole(operator, await demoAdmin(operator.request));
  await operator
    .getByRole('navigation', { name: 'Разделы консоли' })
    .getByRole('link', { name: 'Обращения' })
    .click();
  await expect(operator.getByRole('heading', { name: 'Обращения' })).toBeVisible();
  await operator.getByLabel('Статус').selectOption({ label: 'Ждёт ответа' });
  await expect(operator).toHaveURL(/status=open/);
  const link = operator.getByRole('link', { name: new RegExp(subject) });
  await expect(link).toBeVisible();
  await checkAtBothWidths(operator, 'обращения');

  await link.click();
  await expect(operator.getByRole('heading', { name: new RegExp(subject) })).toBeVisible();
  const messages = operator.getByRole('list', { name: 'Сообщения' });
  await expect(messages.getByText('Пришлите, пожалуйста, справку.')).toBeVisible();
  await checkAtBothWidths(operator, 'обращение');

  const form = operator.getByRole('form', { name: 'Ответ клиенту' });
  await form.getByLabel('Ответ').fill('Справка во вложении.');
  await form.getByLabel('Файлы').setInputFiles({
    name: 'справка.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await form.getByRole('button', { name: 'Отправить ответ' }).click();
  await expect(messages.getByText('Справка во вложении.')).toBeVisible();
  await expect(messages.getByRole('button', { name: 'справка.pdf' })).toBeVisible();
  await expect(operator.getByText(/Есть ответ/)).toBeVisible();
  await checkAtBothWidths(operator, 'обращение-с-ответом');
  await operator.close();

  await page.goto('/tickets');
  const item = page.getByRole('button', { name: new RegExp(subject) });
  await expect(item.getByText('Есть ответ')).toBeVisible();
  await item.click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('Справка во вложении.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Скачать «справка.pdf»' })).toBeVisible();
});
