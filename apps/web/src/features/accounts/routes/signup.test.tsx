import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCookie, storeQueryParamsAsCookies } from '@/lib/cookies';
import { useSessionStore } from '@/stores/session';
import { useSignupStore } from '@/stores/signup';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { keepEsiaSignup, readEsiaSignup } from '../lib/esia-ticket';
import { aClient, mockAccountsApi, session, typeMasked } from '../test-fixtures';
import { answerScreenReads } from '../../../../test/screen-reads';

const SMS_SENT = { data: { resend_after: 60, expires_in: 300 } };

async function openSignup() {
  const user = userEvent.setup();
  const view = renderApp('/signup');
  const phone = await screen.findByLabelText<HTMLInputElement>('Номер телефона');
  return { user, phone, ...view };
}

async function tickRequiredConsents(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /персональных данных/ }));
  await user.click(screen.getByRole('checkbox', { name: /Правила предоставления/ }));
}

// The screen a sign-up opens reads its data; a test's own answers win.
beforeEach(answerScreenReads);

describe('sign-up: phone and consents', () => {
  it('shows each consent as its own checkbox with its document, required ones marked', async () => {
    mockAccountsApi({});
    await openSignup();
    const consents = within(screen.getByRole('group', { name: 'Согласия' }));

    expect(consents.getAllByRole('checkbox')).toHaveLength(3);
    expect(
      consents.getByRole('checkbox', { name: /персональных данных \(обязательно\)/ }),
    ).toBeRequired();
    expect(consents.getByRole('checkbox', { name: /рекламы/ })).not.toBeRequired();
    expect(
      consents.getByRole('link', {
        name: 'Открыть документ: Согласие на обработку персональных данных',
      }),
    ).toHaveAttribute('href', '/api/documents/public/personal_data');
  });

  it('keeps «Получить код» disabled until every required consent is ticked', async () => {
    mockAccountsApi({});
    const { user } = await openSignup();
    const getCode = screen.getByRole('button', { name: 'Получить код' });

    expect(getCode).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /персональных данных/ }));
    expect(getCode).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Правила предоставления/ }));
    expect(getCode).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /персональных данных/ }));
    expect(getCode).toBeDisabled();
  });

  it('sends the masked phone normalised to +79… with purpose signup', async () => {
    const api = mockAccountsApi({ 'POST /sms/send_una': SMS_SENT });
    const { user, phone } = await openSignup();

    await typeMasked(user, phone, '9123456789');
    expect(phone).toHaveValue('+7 (912) 345-67-89');
    await tickRequiredConsents(user);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(await screen.findByText('Код отправлен на номер +7 (912) 345-67-89')).toBeVisible();
    expect(api.callsTo('POST /sms/send_una')[0]?.body).toEqual({
      phone: '+79123456789',
      purpose: 'signup',
    });
    expect(screen.getByText('Отправить код повторно через 1:00')).toBeVisible();
  });

  it('explains an incomplete phone under the field and sends nothing', async () => {
    const api = mockAccountsApi({ 'POST /sms/send_una': SMS_SENT });
    const { user, phone } = await openSignup();

    await typeMasked(user, phone, '91234');
    await tickRequiredConsents(user);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(
      await screen.findByText('Укажите российский мобильный номер: +7 9XX XXX-XX-XX'),
    ).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /sms/send_una')).toHaveLength(0);
  });

  it('shows the server’s field message under the phone', async () => {
    mockAccountsApi({
      'POST /sms/send_una': apiError('VALIDATION', {
        message: 'Проверьте данные',
        fields: { phone: 'Этот номер уже зарегистрирован' },
      }),
    });
    const { user, phone } = await openSignup();

    await typeMasked(user, phone, '9123456789');
    await tickRequiredConsents(user);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(await screen.findByText('Этот номер уже зарегистрирован')).toBeVisible();
    expect(phone).toHaveFocus();
  });
});

describe('sign-up: code and password', () => {
  async function reachCodeStep(routes: Parameters<typeof mockAccountsApi>[0]) {
    const api = mockAccountsApi({ 'POST /sms/send_una': SMS_SENT, ...routes });
    const opened = await openSignup();
    await typeMasked(opened.user, opened.phone, '9123456789');
    await tickRequiredConsents(opened.user);
    await opened.user.click(screen.getByRole('button', { name: 'Получить код' }));
    const code = await screen.findByLabelText('Код из СМС');
    return { ...opened, api, code };
  }

  it('has a one-time-code field for the 6 digits and the password policy', async () => {
    const { code } = await reachCodeStep({});

    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');
    const password = screen.getByLabelText('Пароль (необязательно)');
    expect(password).toHaveAccessibleDescription(/От 8 до 64 символов/);
    expect(password).toHaveAccessibleDescription(/Не совпадает с номером телефона/);
  });

  it('shows the strength meter and the Russian reason as the password is typed', async () => {
    const { user } = await reachCodeStep({});
    const password = screen.getByLabelText('Пароль (необязательно)');

    await user.click(password);
    await user.paste('zaymo123');
    expect(
      await screen.findByText(/Пароль слишком простой/, {}, { timeout: 10_000 }),
    ).toBeVisible();
    const meter = screen.getByRole('meter', { name: 'Надёжность пароля' });
    expect(Number(meter.getAttribute('value'))).toBeLessThan(3);

    await user.clear(password);
    await user.paste('Зелёный-чайник-42');
    expect(await screen.findByText('Надёжный пароль', {}, { timeout: 10_000 })).toBeVisible();
  }, 60_000);

  it('shows and hides the password', async () => {
    const { user } = await reachCodeStep({});
    const password = screen.getByLabelText('Пароль (необязательно)');
    const toggle = screen.getByRole('button', { name: 'Показать пароль' });

    expect(password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('creates the client with the consents, password and stored query cookies, then opens the identity steps', async () => {
    storeQueryParamsAsCookies('?utm_source=yandex&utm_campaign=autumn');
    setCookie('_ga', 'GA1.2.3');
    const client = aClient({ id: 77, has_password: true, step: 1 });
    const { user, code, api, router } = await reachCodeStep({
      'POST /clients/create': session(client),
    });

    await user.type(code, '123456');
    await user.type(screen.getByLabelText('Пароль (необязательно)'), 'Надёжный-пароль-1');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    await waitFor(() => expect(currentPath(router)).toBe('/profile/identity'));
    expect(api.callsTo('POST /clients/create')[0]?.body).toEqual({
      phone: '+79123456789',
      code: '123456',
      consents: ['personal_data', 'terms'],
      password: 'Надёжный-пароль-1',
      referer: { utm_source: 'yandex', utm_campaign: 'autumn' },
    });
    expect(useSessionStore.getState()).toMatchObject({ token: VALID_TOKEN, phone: '+79123456789' });
    expect(useSignupStore.getState()).toMatchObject({ userId: 77, phone: '+79123456789', step: 1 });
  });

  it('sends no password when the field is left empty and checks a short one', async () => {
    const { user, code, api } = await reachCodeStep({
      'POST /clients/create': session(),
    });

    await user.type(code, '123456');
    await user.type(screen.getByLabelText('Пароль (необязательно)'), 'short');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Пароль — не короче 8 символов')).toBeVisible();
    expect(api.callsTo('POST /clients/create')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Пароль (необязательно)'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(api.callsTo('POST /clients/create')).toHaveLength(1));
    expect(api.callsTo('POST /clients/create')[0]?.body).not.toHaveProperty('password');
  });

  it('puts the server’s messages under their fields', async () => {
    const { user, code } = await reachCodeStep({
      'POST /clients/create': apiError('VALIDATION', {
        message: 'Проверьте данные',
        fields: { code: 'Неверный код. Осталось попыток: 4', password: 'Слишком простой пароль' },
      }),
    });

    await user.type(code, '000000');
    await user.type(screen.getByLabelText('Пароль (необязательно)'), 'qwertyuiop');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeVisible();
    expect(screen.getByText('Слишком простой пароль')).toBeVisible();
    expect(code).toHaveAccessibleDescription('Неверный код. Осталось попыток: 4');
    expect(code).toHaveFocus();
  });

  it('disables the whole form and shows the button busy while creating', async () => {
    let release: () => void = () => undefined;
    const { user, code, router } = await reachCodeStep({
      'POST /clients/create': () =>
        new Promise((resolve) => {
          release = () => resolve(session());
        }),
    });

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    const submit = screen.getByRole('button', { name: 'Зарегистрироваться' });
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(code.closest('fieldset')).toBeDisabled();
    release();
    await waitFor(() => expect(currentPath(router)).toBe('/profile/identity'));
  });

  it('goes back to the phone without sending the code again within the resend delay', async () => {
    const { user, api } = await reachCodeStep({});

    await user.click(screen.getByRole('button', { name: 'Изменить номер' }));
    const phone = await screen.findByLabelText<HTMLInputElement>('Номер телефона');
    expect(screen.getByRole('checkbox', { name: /персональных данных/ })).toBeChecked();
    await waitFor(() => expect(phone.inputmask).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    await screen.findByLabelText('Код из СМС');
    expect(api.callsTo('POST /sms/send_una')).toHaveLength(1);
  });
});

describe('sign-up after Госуслуги', () => {
  beforeEach(() =>
    keepEsiaSignup({
      ticket: 'esia-ticket-0123456789',
      fullName: 'Пётр Алексеевич',
      phone: '+79161000001',
    }),
  );
  afterEach(() => sessionStorage.clear());

  it('offers the phone Госуслуги know and sends it with the ticket', async () => {
    const api = mockAccountsApi({
      'POST /sms/send_una': SMS_SENT,
      'POST /clients/create': session(),
    });
    const { user, phone, router } = await openSignup();

    expect(phone).toHaveValue('+7 (916) 100-00-01');
    expect(phone).toBeEnabled();
    expect(screen.getByText(/Пётр Алексеевич, данные с Госуслуг получены/)).toBeVisible();
    await tickRequiredConsents(user);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '123456');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    await waitFor(() => expect(currentPath(router)).toBe('/profile/identity'));
    expect(api.callsTo('POST /sms/send_una')[0]?.body).toEqual({
      phone: '+79161000001',
      purpose: 'signup',
    });
    expect(api.callsTo('POST /clients/create')[0]?.body).toMatchObject({
      phone: '+79161000001',
      esia_ticket: 'esia-ticket-0123456789',
    });
  });

  it('greets the client above the phone field, in place of the Госуслуги button', async () => {
    mockAccountsApi({});
    const { phone } = await openSignup();

    const greeting = await screen.findByText(/Пётр Алексеевич, данные с Госуслуг получены/);
    expect(greeting.compareDocumentPosition(phone)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByRole('button', { name: 'Зарегистрироваться через Госуслуги' })).toBeNull();
  });

  it('signs up without Госуслуги on request, keeping the phone and offering the button again', async () => {
    mockAccountsApi({});
    const { user, phone } = await openSignup();
    await waitFor(() => expect(phone).toHaveValue('+7 (916) 100-00-01'));

    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться без Госуслуг' }));

    expect(screen.queryByText(/данные с Госуслуг получены/)).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Зарегистрироваться через Госуслуги' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Номер телефона')).toHaveValue('+7 (916) 100-00-01');
    expect(readEsiaSignup()).toBeNull();
  });

  it('lets the client replace the offered phone with another', async () => {
    const api = mockAccountsApi({ 'POST /sms/send_una': SMS_SENT });
    const { user, phone } = await openSignup();

    await waitFor(() => expect(phone).toHaveValue('+7 (916) 100-00-01'));
    await user.type(phone, '9123456789', {
      initialSelectionStart: 0,
      initialSelectionEnd: phone.value.length,
    });
    await tickRequiredConsents(user);
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(await screen.findByText('Код отправлен на номер +7 (912) 345-67-89')).toBeVisible();
    expect(api.callsTo('POST /sms/send_una')[0]?.body).toEqual({
      phone: '+79123456789',
      purpose: 'signup',
    });
  });
});
