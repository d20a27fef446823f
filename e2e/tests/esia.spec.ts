import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { BIOMETRIC_RULE_BASE_URL } from '../playwright.config';
import { authOf } from '../support/api';
import { bindCardOnIdentityStep } from '../support/cards';
import { finishIdentityByApi } from '../support/identity';
import { paidOutOrder } from '../support/orders';
import { uniquePhone } from '../support/session';
import { confirmSignupBySms } from '../support/signup';
import { expect, expectNoAxeViolations, test } from '../support/test';
import { pauseToasts } from '../support/toasts';

/**
 * Госуслуги (ЕСИА) in the sandbox: a new client signs up with them, confirms the phone by SMS,
 * finds the identity steps filled and locked, and gets a loan; where the biometric rule of 41-FZ
 * is in force, a client without biometrics reads in the order form why the loan is refused and
 * what to do. Every new screen is checked by axe-core on a phone and a desktop.
 */

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));
const PHONE_SIZE = { width: 390, height: 844 };
const DESKTOP_SIZE = { width: 1366, height: 768 };

/** The sandbox's test citizens (docs/sandbox.md): what the journeys type and expect. */
const WITH_BIOMETRICS = {
  title: 'Госуслугин Пётр Алексеевич',
  phone: '+7 (916) 100-00-01',
};
const WITHOUT_BIOMETRICS = {
  title: 'Биометрова Анна Сергеевна',
  phone: '+7 (916) 100-00-02',
};
type Citizen = typeof WITH_BIOMETRICS;

/** The screen at both widths: a screenshot of each to look at, and axe-core on each. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  for (const size of [PHONE_SIZE, DESKTOP_SIZE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${ARTIFACTS}esia-${name}-${size.width}.png`, fullPage: true });
    await expectNoAxeViolations(page, name);
  }
}

/**
 * «Зарегистрироваться через Госуслуги» on /signup → the sandbox ЕСИА's login page (a fresh
 * account of the citizen) → its consent page → back on /signup, greeted by name, the phone
 * Госуслуги know offered.
 */
async function comeBackFromGosuslugi(page: Page, citizen: Citizen): Promise<void> {
  await page.goto('/signup');
  const esia = page.getByRole('button', {
    name: 'Зарегистрироваться через Госуслуги',
    exact: true,
  });
  await expect(esia).toBeVisible();
  await checkAtBothWidths(page, 'signup');
  await esia.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/esia\//);
  await checkAtBothWidths(page, 'sandbox-login');
  await page.getByRole('radio', { name: new RegExp(`^${citizen.title}`) }).check();
  await page.getByRole('checkbox', { name: /Новая учётная запись этого гражданина/ }).check();
  await page.getByRole('button', { name: 'Войти', exact: true }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Предоставление прав доступа' }),
  ).toBeVisible();
  await checkAtBothWidths(page, 'sandbox-consent');
  await page.getByRole('button', { name: 'Предоставить', exact: true }).click();

  await expect(page).toHaveURL(/\/signup$/);
  const firstNames = citizen.title.split(' ').slice(1).join(' ');
  await expect(page.getByText(`данные с Госуслуг получены`)).toContainText(firstNames);
  await expect(page.getByLabel('Номер телефона', { exact: true })).toHaveValue(citizen.phone);
  await checkAtBothWidths(page, 'signup-from-esia');
}

/**
 * The phone step keeps the offered number editable: the journey types a number of its own (the
 * citizen's is the same every run), confirms it by the sandbox SMS and lands on the questionnaire.
 */
async function confirmPhoneBySms(page: Page): Promise<string> {
  const phone = uniquePhone();
  const field = page.getByLabel('Номер телефона', { exact: true });
  await field.clear();
  await field.pressSequentially(phone.slice(2));
  await confirmSignupBySms(page, phone);
  return phone;
}

/** A questionnaire step opened from the stepper, said to be Госуслуги's and locked. */
async function openConfirmedStep(page: Page, title: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Шаги анкеты' })
    .getByRole('button', { name: new RegExp(title) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Подтверждено Госуслугами' }),
  ).toBeVisible();
}

/** Each labelled field holds its value and cannot be changed. */
async function expectLockedFields(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveValue(value);
    await expect(field).toBeDisabled();
  }
}

/** Steps 1–3 filled with citizen 1001's data from Госуслуги, every field locked. */
async function expectIdentityFromGosuslugi(page: Page): Promise<void> {
  await openConfirmedStep(page, 'Личные данные');
  const personal = {
    Фамилия: 'Госуслугин',
    Имя: 'Пётр',
    Отчество: 'Алексеевич',
    'Дата рождения': '12.07.1988',
    'Место рождения': 'гор. Москва',
  };
  await expectLockedFields(page, personal);
  await checkAtBothWidths(page, 'questionnaire-personal');

  await openConfirmedStep(page, 'Паспорт');
  const passport = {
    'Серия и номер': '45 12 100001',
    'Дата выдачи': '20.05.2012',
    'Код подразделения': '770-001',
    'Кем выдан': 'ГУ МВД России по г. Москве',
  };
  await expectLockedFields(page, passport);
  await expectNoAxeViolations(page, 'анкета, паспорт с Госуслуг');

  await openConfirmedStep(page, 'Адреса');
  const registration = page.getByLabel('Адрес регистрации', { exact: true });
  await expect(registration).toHaveValue(/Тверская, д 7/);
  await expect(registration).toBeDisabled();
  await expectNoAxeViolations(page, 'анкета, адреса с Госуслуг');
}

test('a new client signs up with Госуслуги, finds the questionnaire filled and locked, and gets a loan', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.goto('/signin');
  await expect(
    page.getByRole('button', { name: 'Войти через Госуслуги', exact: true }),
  ).toBeVisible();
  await checkAtBothWidths(page, 'signin');

  await comeBackFromGosuslugi(page, WITH_BIOMETRICS);
  const phone = await confirmPhoneBySms(page);
  await expectIdentityFromGosuslugi(page);

  await finishIdentityByApi(page);
  await bindCardOnIdentityStep(page);
  const loan = await paidOutOrder(page.request, await authOf(page), phone);

  await page.goto('/loan');
  await expect(
    page.getByRole('region', { name: `Заём по договору № ${loan.contract_number}` }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'заём выдан');

  await page.goto('/person');
  await expect(page.getByRole('heading', { level: 2, name: 'Госуслуги' })).toBeVisible();
  for (const value of ['Связаны с кабинетом', 'Подтверждено Госуслугами']) {
    await expect(page.getByRole('definition').filter({ hasText: value })).toBeVisible();
  }
  await expect(
    page.getByRole('button', { name: 'Подтвердить, что это вы (биометрия)', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отвязать Госуслуги', exact: true })).toBeVisible();
  await checkAtBothWidths(page, 'person');
});

test.describe('the biometric rule of 41-FZ in force', () => {
  test.use({ baseURL: BIOMETRIC_RULE_BASE_URL });

  test('a client without biometrics reads in the order form why the loan is refused and what to do', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await comeBackFromGosuslugi(page, WITHOUT_BIOMETRICS);
    await confirmPhoneBySms(page);
    await finishIdentityByApi(page);
    await bindCardOnIdentityStep(page);

    await page.goto('/');
    const calculator = page.getByRole('region', { name: 'Калькулятор займа' });
    await calculator.getByRole('button', { name: 'Получить деньги' }).click();
    const rule = calculator.getByText('Нужно подтвердить личность через Госуслуги и биометрию');
    await expect(rule).toBeVisible();
    const notice = rule.locator('..');
    await expect(notice).toContainText('С 01.03.2026 заём онлайн выдаётся только тому');
    await expect(notice).toContainText('Федеральный закон № 41-ФЗ');
    await expect(notice).toContainText('Нажмите «Подтвердить, что это вы»');
    const submit = calculator.getByRole('button', { name: 'Отправить заявку' });
    await expect(submit).toHaveAccessibleDescription(/Федеральный закон № 41-ФЗ/);
    await checkAtBothWidths(page, 'order-form-rule');

    await pauseToasts(page);
    await calculator.getByRole('checkbox', { name: 'Я ознакомился и согласен' }).check();
    await submit.click();
    await expect(
      page.getByText(/^С 01\.03\.2026 микрофинансовая компания может выдать заём онлайн только/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectNoAxeViolations(page, 'отказ в заявке по 41-ФЗ');

    await notice.getByRole('button', { name: 'Подтвердить, что это вы (биометрия)' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Подтвердите, что это вы' }),
    ).toBeVisible();
    await checkAtBothWidths(page, 'sandbox-biometrics');
    await page.getByRole('button', { name: 'Сделать снимок и проверить' }).click();
    await expect(page).toHaveURL(/\/social\/callback\?/);
    await expect(page.getByRole('alert')).toContainText(
      'Ваша биометрия не найдена в Единой биометрической системе',
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Личность не подтверждена' }),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Вернуться в профиль', exact: true }),
    ).toBeVisible();
    await checkAtBothWidths(page, 'biometrics-refused');
  });
});
