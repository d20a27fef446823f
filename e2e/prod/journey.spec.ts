import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  installSettings,
  JOURNEY_SETTINGS,
  migrateAsDocumented,
  requestsServed,
  startInstance,
  startNginx,
  stopInstance,
  untilReady,
  type Instance,
  type Proxy,
  type SettingsFile,
} from '../../apps/server/test/prod/cluster';
import { ledgerProblems, queryRows } from '../../apps/server/test/prod/ledger';
import { authOf } from '../support/api';
import { fillSandboxCard } from '../support/cards';
import { fillIdentityByApi } from '../support/identity';
import { ordersOf } from '../support/orders';
import { nextSmsCode, readSmsCode, uniquePhone } from '../support/session';

/**
 * Production shape: nginx (deploy/nginx/zaymo.conf, TLS) in front of two instances
 * started as deploy/systemd/zaymo@.service starts them, on one PostgreSQL. A new client signs up,
 * fills in the identity, binds a card on the gateway's page, applies, signs by SMS code and gets
 * the money; nginx's access log shows both instances answered. Then one instance gets SIGTERM and
 * the client repays a part and prolongs the loan through the other. At the end the database's
 * ledger equals the operations and what the gateway moved, nothing twice, no request failed.
 */

const APP_SECRET = 'prod-e2e-app-secret-of-32-characters-0004';
const DATABASE_URL = process.env.DATABASE_URL ?? '';

let proxy: Proxy;
let settings: SettingsFile;
let instances: Instance[] = [];

// docs/production.md: the settings of step 4, the migration of step 5, the instances of step 6,
// nginx of step 7.
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(240_000);
  if (!DATABASE_URL) throw new Error('DATABASE_URL не задан: запустите scripts/test-production.sh');
  settings = await installSettings({
    DATABASE_URL,
    APP_SECRET,
    PUBLIC_URL: baseURL ?? '',
    DATA_DIR: path.join(os.tmpdir(), `zaymo-prod-e2e-${process.pid}`),
    ...JOURNEY_SETTINGS,
  });
  await migrateAsDocumented(settings);
  instances = await Promise.all([startInstance(settings), startInstance(settings)]);
  await Promise.all(instances.map(untilReady));
  proxy = await startNginx(
    instances.map((instance) => instance.port),
    Number(new URL(baseURL ?? '').port),
  );
});

test.afterAll(async () => {
  await proxy?.stop();
  for (const instance of instances)
    if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
  await settings?.remove();
});

/** Types the newest SMS code into a signing popup (the pause between codes is per purpose). */
async function signInPopup(page: Page, popup: Locator, phone: string, previous: string) {
  await expect(popup.getByLabel('Код из СМС')).toBeVisible();
  await popup.getByLabel('Код из СМС').fill(await nextSmsCode(page.request, phone, previous));
  await popup.getByRole('button', { name: 'Подтвердить' }).click();
}

function loanCard(page: Page): Locator {
  return page.getByRole('region', { name: /Заём по договору № / });
}

/** «Осталось N дней» on the loan card. */
async function daysLeft(page: Page): Promise<number> {
  const text = (await loanCard(page).textContent()) ?? '';
  return Number(/Осталось (\d+) д/.exec(text)?.[1] ?? Number.NaN);
}

test('the loan journey through nginx and two instances survives one stopping', async ({ page }) => {
  test.setTimeout(480_000);
  const [first, second] = instances;
  if (!first || !second) throw new Error('no instances');
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));

  // Sign-up on the page.
  const phone = uniquePhone();
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  const phoneInput = page.getByLabel('Номер телефона', { exact: true });
  await phoneInput.click();
  await phoneInput.pressSequentially(phone.slice(2));
  for (const box of await page.getByRole('checkbox', { name: /обязательно/ }).all())
    await box.check();
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByLabel('Код из СМС')).toBeVisible();
  const signUpCode = await nextSmsCode(page.request, phone, '');
  await page.getByLabel('Код из СМС').fill(signUpCode);
  await page.getByRole('button', { name: 'Зарегистрироваться', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/identity$/, { timeout: 60_000 });

  // Identity (steps 1–5 by the API through nginx), the card on the sandbox gateway's page.
  await fillIdentityByApi(page, {
    surname: 'Одобренов',
    name: 'Иван',
    patronymic: 'Петрович',
    gender: 'MALE',
  });
  await page.goto('/profile/identity');
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  await expect(page.getByRole('heading', { name: 'Привязка банковской карты' })).toBeVisible();
  await fillSandboxCard(page);
  await page.getByRole('button', { name: 'Привязать карту' }).click();
  // Back through /pay/callback, which settles the binding: slow on a busy machine.
  await expect(page.getByText('Анкета заполнена')).toBeVisible({ timeout: 90_000 });

  // The order from the calculator, its documents accepted.
  await page.goto('/');
  const calculator = page.getByRole('region', { name: 'Калькулятор займа' });
  await expect(calculator.getByTestId('loan-summary')).toBeVisible();
  await calculator.getByRole('button', { name: 'Получить деньги' }).click();
  await expect(calculator.getByRole('heading', { name: 'Документы по заявке' })).toBeVisible();
  await calculator.getByRole('checkbox', { name: 'Я ознакомился и согласен' }).check();
  await calculator.getByRole('button', { name: 'Отправить заявку' }).click();

  // Approved, signed by the SMS code, paid out.
  await expect(page).toHaveURL(/\/profile\/confirmOrder$/, { timeout: 60_000 });
  await expect(page.getByText(/Договор № /)).toBeVisible();
  await page.getByRole('button', { name: 'Подписать' }).click();
  await signInPopup(
    page,
    page.getByRole('dialog', { name: 'Подписание договора' }),
    phone,
    signUpCode,
  );
  await expect(page).toHaveURL(/\/profile\/congrats$/, { timeout: 60_000 });
  await expect(page.getByText('Деньги отправлены на карту •••• 0004')).toBeVisible();

  // So far nginx sent the requests to both instances in turn.
  const upstreams = (await requestsServed(proxy)).map((entry) => entry.upstream);
  const by = (instance: Instance) =>
    upstreams.filter((upstream) => upstream.endsWith(`:${instance.port}`)).length;
  // Static files nginx answers itself have no upstream: the share is of the proxied requests.
  const proxiedSoFar = by(first) + by(second);
  expect(proxiedSoFar).toBeGreaterThan(20);
  expect(Math.min(by(first), by(second))).toBeGreaterThan(proxiedSoFar / 4);

  // One instance stops (SIGTERM) while the client goes on.
  const stopped = stopInstance(first);
  await page.goto('/loan');
  await expect(loanCard(page)).toContainText(/Осталось \d+ д/);
  const term = await daysLeft(page);
  expect(await stopped).toBe(0);
  const servedBeforeStop = (await requestsServed(proxy)).length;

  // Ten days later (the shared sandbox clock): a part repayment by the bound card.
  const moved = await page.request.post('/api/dev/clock', { data: { days: 10 } });
  expect(moved.ok(), await moved.text()).toBe(true);
  await page.reload();
  await expect.poll(() => daysLeft(page)).toBe(term - 10);
  const total = () => loanCard(page).getByText('К погашению сегодня').locator('..').textContent();
  const beforePart = await total();
  await loanCard(page).getByRole('button', { name: 'Погасить часть' }).click();
  await loanCard(page).getByLabel('Сумма платежа, ₽').fill('300');
  await loanCard(page).getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect.poll(total, { timeout: 60_000 }).not.toBe(beforePart);

  // A prolongation by 14 days, signed by an SMS code.
  const previous = await readSmsCode(page.request, phone);
  await loanCard(page).getByRole('button', { name: 'Продлить' }).click();
  await loanCard(page).getByRole('radio', { name: '14 дней' }).check();
  await loanCard(page)
    .getByRole('button', { name: /^Продлить и оплатить/ })
    .click();
  const popup = page.getByRole('dialog', { name: 'Подписание допсоглашения о продлении' });
  await signInPopup(page, popup, phone, previous);
  await expect(popup).toBeHidden({ timeout: 60_000 });
  await expect.poll(() => daysLeft(page), { timeout: 60_000 }).toBe(term - 10 + 14);

  // Nothing lost: every request got its answer (none failed at nginx), the ones after the stop
  // from the instance left (static files nginx serves itself aside), and the ledger adds up with one payout, payments and the fee.
  const served = await requestsServed(proxy);
  expect(served.filter((entry) => entry.status >= 500)).toEqual([]);
  const proxied = served.slice(servedBeforeStop).filter((entry) => entry.upstream !== '-');
  expect(proxied.length).toBeGreaterThan(10);
  expect(proxied.filter((entry) => !entry.upstream.endsWith(`:${second.port}`))).toEqual([]);
  const [loan] = await ordersOf(page.request, await authOf(page));
  if (!loan) throw new Error('У клиента нет займа');
  const orderId = loan.id;
  expect(await ledgerProblems(DATABASE_URL, [orderId])).toEqual([]);
  const kinds = await queryRows<{ kind: string; n: string }>(
    DATABASE_URL,
    `select kind, count(*) as n from loan_ledger
     where order_id = $1 and kind in ('payout', 'payment', 'prolongation_fee') group by kind order by kind`,
    [orderId],
  );
  expect(kinds).toEqual([
    { kind: 'payment', n: '1' },
    { kind: 'payout', n: '1' },
    { kind: 'prolongation_fee', n: '1' },
  ]);

  // No secret in an address: neither what the browser asked for nor nginx's access log holds an
  // SMS code of this client (sign-up, contract, prolongation), its session token or its card.
  const codes = await queryRows<{ body: string }>(
    DATABASE_URL,
    `select body from outbox_messages where recipient = $1`,
    [phone],
  );
  const secrets = [
    ...codes.flatMap(({ body }) => /\b\d{6}\b/.exec(body) ?? []),
    (await authOf(page)).authorization.replace('Bearer ', ''),
    '2200000000000004',
  ];
  expect(secrets.length).toBeGreaterThanOrEqual(5);
  const accessLog = await readFile(proxy.accessLog, 'utf8');
  expect(addresses.length).toBeGreaterThan(20);
  for (const secret of secrets) {
    expect(addresses.filter((address) => address.includes(secret))).toEqual([]);
    expect(accessLog).not.toContain(secret);
  }
  expect(accessLog).not.toMatch(/[?&](asp_code|code|token|password)=/);
});
