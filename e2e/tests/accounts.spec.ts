import { expectNoAxeViolations, expect, test } from '../support/test';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Accounts in a real Chromium against the built app and the real server in sandbox
 * mode: SMS and e-mails land in the outbox (GET /api/dev/outbox), which the tests read like a
 * phone and a mailbox.
 */

type OutboxMessage = { id: number; channel: 'sms' | 'email'; subject: string | null; body: string };

/** A number no other test uses: +7 9XX from the clock. */
function uniquePhone(): { phone: string; typed: string; shown: string } {
  const national = `9${String(Date.now()).slice(-9)}`;
  const d = national;
  const shown = `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
  return { phone: `+7${national}`, typed: national, shown };
}

async function outbox(request: APIRequestContext, recipient: string): Promise<OutboxMessage[]> {
  const answer = await request.get('/api/dev/outbox', { params: { recipient, limit: 20 } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: OutboxMessage[] };
  return data;
}

/** The newest message to the recipient that is newer than `after` and matches. */
async function waitForMessage(
  request: APIRequestContext,
  recipient: string,
  match: (message: OutboxMessage) => boolean,
  after = 0,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request, recipient)).find(
        (message) => message.id > after && match(message),
      );
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`Нет сообщения для ${recipient}`);
  return found;
}

async function latestId(request: APIRequestContext, recipient: string): Promise<number> {
  return (await outbox(request, recipient))[0]?.id ?? 0;
}

function codeOf(message: OutboxMessage): string {
  const code = /(?<!\d)\d{6}(?!\d)/.exec(message.body)?.[0];
  if (!code) throw new Error(`В СМС нет кода: ${message.body}`);
  return code;
}

/** The link of an e-mail as a path of this site (the server writes its PUBLIC_URL origin). */
function linkPathOf(message: OutboxMessage): string {
  const link = /https?:\/\/\S+/.exec(message.body)?.[0];
  if (!link) throw new Error(`В письме нет ссылки: ${message.body}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

async function typePhone(page: Page, label: string, digits: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.pressSequentially(digits);
}

async function signUp(page: Page, typed: string, phone: string, password: string) {
  await page.goto('/signup?utm_source=e2e&utm_campaign=accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await expectNoAxeViolations(page);
  await typePhone(page, 'Номер телефона', typed);
  const getCode = page.getByRole('button', { name: 'Получить код' });
  await expect(getCode).toBeDisabled();
  for (const box of await page.getByRole('checkbox', { name: /обязательно/ }).all()) {
    await box.check();
  }
  const before = await latestId(page.request, phone);
  await getCode.click();
  await expect(page.getByText(/Отправить код повторно через 0:5\d|1:00/)).toBeVisible();
  const sms = await waitForMessage(page.request, phone, (m) => m.channel === 'sms', before);
  await expectNoAxeViolations(page, 'регистрация, шаг кода');
  await page.getByLabel('Код из СМС').fill(codeOf(sms));
  await page.getByLabel('Пароль (необязательно)').fill(password);
  await page.getByRole('button', { name: 'Зарегистрироваться', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/identity$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Личные данные' })).toBeVisible();
  await expectNoAxeViolations(page, 'анкета, шаг 1');
}

async function signInWithPassword(page: Page, typed: string, password: string) {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expectNoAxeViolations(page);
  await typePhone(page, 'Номер телефона', typed);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

async function logOut(page: Page) {
  // Toasts show under the header (notifications.css): none covers «Выйти».
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('zaymo.token'))).toBeNull();
}

async function confirmEmail(page: Page, email: string) {
  await page.goto('/person');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Подтвердить e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Подтверждение почты' });
  await dialog.getByLabel('Электронная почта').fill(email);
  await expectNoAxeViolations(page, 'попап подтверждения почты');
  const before = await latestId(page.request, email);
  await dialog.getByRole('button', { name: 'Отправить письмо' }).click();
  await expect(dialog.getByText(`Письмо со ссылкой отправлено на ${email}`)).toBeVisible();
  await expectNoAxeViolations(page, 'письмо отправлено');
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  const letter = await waitForMessage(page.request, email, (m) => m.channel === 'email', before);
  await page.goto(linkPathOf(letter));
  await expect(page.getByText('Адрес электронной почты подтверждён')).toBeVisible();
  await expect(page).toHaveURL(/\/person$/);
  await expectNoAxeViolations(page, 'почта подтверждена');
}

test('a new client signs up, signs in with a password and resets it by the e-mailed link', async ({
  page,
}) => {
  // Fourteen screens, each checked by axe-core.
  test.slow();
  const { phone, typed, shown } = uniquePhone();
  const email = `e2e-${typed}@mail.ru`;

  await signUp(page, typed, phone, 'Первый-пароль-2026');
  expect(await page.evaluate(() => localStorage.getItem('zaymo.phone'))).toBe(phone);
  await expect(page.getByTestId('client-badge')).toHaveText(shown);

  await confirmEmail(page, email);
  await logOut(page);

  await signInWithPassword(page, typed, 'неверный-пароль');
  await expect(page.getByText(/Неверный/)).toBeVisible();
  await expectNoAxeViolations(page, 'неверный пароль');
  await page.getByLabel('Пароль', { exact: true }).fill('Первый-пароль-2026');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/loan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои займы' })).toBeVisible();
  await expectNoAxeViolations(page);
  await logOut(page);

  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  await expectNoAxeViolations(page, 'восстановление пароля');
  await typePhone(page, 'Номер телефона', typed);
  const before = await latestId(page.request, email);
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/clients/reset_by_email_url'),
  );
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  expect((await answer).status()).toBe(200);
  // The same «if» answer for any phone (no account enumeration); the letter is what proves it.
  await expect(page.getByRole('status')).toContainText('ссылка для смены пароля уже в нём');
  await expectNoAxeViolations(page, 'ссылка отправлена');
  const letter = await waitForMessage(page.request, email, (m) => m.channel === 'email', before);

  await page.goto(linkPathOf(letter));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановление пароля');
  await expectNoAxeViolations(page);
  await page.getByLabel('Новый пароль').fill('Второй-пароль-2026');
  await page.getByLabel('Повторите пароль').fill('Второй-пароль-2026');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();
  await expectNoAxeViolations(page, 'пароль изменён');

  await page.goto(linkPathOf(letter));
  await page.getByLabel('Новый пароль').fill('Третий-пароль-2026');
  await page.getByLabel('Повторите пароль').fill('Третий-пароль-2026');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'недействительна' })).toBeVisible();
  await expectNoAxeViolations(page, 'ссылка недействительна');

  await signInWithPassword(page, typed, 'Первый-пароль-2026');
  await expect(page.getByText(/Неверный/)).toBeVisible();
  await signInWithPassword(page, typed, 'Второй-пароль-2026');
  await expect(page).toHaveURL(/\/loan$/);
  await expect(page.getByTestId('client-badge')).toHaveText(shown);

  // A signed-in client does not see the guest pages: they lead to the main page link.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/loan$/);
  await expect(page.getByTestId('client-badge')).toHaveText(shown);
});

test('a client signs in by an SMS code and returns to the page asked for', async ({ page }) => {
  const { phone, typed } = uniquePhone();
  await signUp(page, typed, phone, '');
  await logOut(page);

  await page.goto('/documents?from=e2e');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await page.getByRole('tab', { name: 'По коду из СМС' }).click();
  await expectNoAxeViolations(page, 'вход по коду');
  await typePhone(page, 'Номер телефона', typed);
  const getCode = page.getByRole('button', { name: 'Получить код' });
  const before = await latestId(page.request, phone);
  await getCode.click();
  // The one-minute pause is between codes of one purpose: the sign-up code does not hold it up.
  const code = page.getByLabel('Код из СМС');
  await expect(code).toBeVisible();
  const sms = await waitForMessage(page.request, phone, (m) => m.channel === 'sms', before);
  await expectNoAxeViolations(page, 'вход, шаг кода');
  await code.fill(codeOf(sms));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();

  await expect(page).toHaveURL(/\/documents\?from=e2e$/);
});

test('/dev/test shows the sandbox outbox with codes', async ({ page }) => {
  const { phone, typed } = uniquePhone();
  await page.goto('/signup');
  await typePhone(page, 'Номер телефона', typed);
  for (const box of await page.getByRole('checkbox', { name: /обязательно/ }).all()) {
    await box.check();
  }
  await page.getByRole('button', { name: 'Получить код' }).click();
  const sms = await waitForMessage(page.request, phone, (m) => m.channel === 'sms');
  await expectNoAxeViolations(page, 'регистрация, шаг кода');

  await page.goto('/dev/test');
  await page.getByLabel('Получатель').fill(phone);
  const message = page.getByTestId('outbox-message').filter({ hasText: phone }).first();
  await expect(message.getByTestId('outbox-code')).toHaveText(codeOf(sms));
  await expectNoAxeViolations(page);
});

test('an operator link opens the client’s pages in operator mode, the token off the address', async ({
  page,
  browser,
}) => {
  const { phone, typed } = uniquePhone();
  await signUp(page, typed, phone, 'Пароль-клиента-2026');
  const link = new URL(await operatorLink(page, phone));
  const token = link.searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThan(27);

  const operator = await browser.newPage();
  await operator.goto(`/cards${link.search}&utm_source=crm`);
  await expect(operator.getByTestId('admin-banner')).toContainText('Режим оператора: Петрова А.');
  await expect(operator.getByRole('button', { name: 'Добавить карту' })).toHaveCount(0);
  await expectNoAxeViolations(operator, 'карты в режиме оператора');
  await expect(operator).toHaveURL((url) => url.pathname === '/cards');
  expect(operator.url()).not.toContain(token);
  expect(operator.url()).not.toContain('from_crm');
  const nav = operator.getByRole('navigation', { name: 'Разделы личного кабинета' });
  await nav.getByRole('link', { name: 'Документы' }).click();
  await expect(operator).toHaveURL(/\/documents$/);
  await expect(operator.getByTestId('admin-banner')).toBeVisible();
  await expectNoAxeViolations(operator, 'документы в режиме оператора');
  const cookies = await operator.context().cookies();
  expect(cookies.some((cookie) => cookie.value.includes(token))).toBe(false);
  await operator.close();
});

/** The CRM link `npm run crm:link` prints, from the sandbox's twin of that command. */
async function operatorLink(page: Page, phone: string): Promise<string> {
  const response = await page.request.post('/api/dev/operator-link', {
    data: { phone, operator: 'Петрова А.' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { url: string } };
  return body.data.url;
}
