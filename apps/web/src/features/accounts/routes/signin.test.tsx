import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signinPathWithRedirect } from '@/config/paths';
import { getCookie, setCookie } from '@/lib/cookies';
import { useDashboardStore } from '@/stores/dashboard';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { aClient, mockAccountsApi, session, typeMasked } from '../test-fixtures';
import { answerScreenReads } from '../../../../test/screen-reads';

type User = ReturnType<typeof userEvent.setup>;

async function openSignin(path = '/signin') {
  const user = userEvent.setup();
  const view = renderApp(path);
  const phone = await screen.findByLabelText<HTMLInputElement>('Номер телефона');
  return { user, phone, ...view };
}

async function signInWithPassword(user: User, phone: HTMLInputElement, password = 'Пароль-123') {
  await typeMasked(user, phone, '9123456789');
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

const LOGIN_OK = { 'POST /clients/login': session() };

// The screen a sign-in opens reads its data; a test's own answers win.
beforeEach(answerScreenReads);

describe('sign-in with a password', () => {
  it('sends the normalised phone and password, stores the session and opens the main page', async () => {
    const api = mockAccountsApi(LOGIN_OK);
    const { user, phone, router } = await openSignin();

    await signInWithPassword(user, phone);

    await waitFor(() => expect(currentPath(router)).toBe('/loan'));
    expect(api.callsTo('POST /clients/login')[0]?.body).toEqual({
      phone: '+79123456789',
      password: 'Пароль-123',
    });
    expect(useSessionStore.getState()).toMatchObject({ token: VALID_TOKEN, phone: '+79123456789' });
  });

  it('ends an operator mode left in this browser', async () => {
    mockAccountsApi(LOGIN_OK);
    useSessionStore.getState().setAdmin(true);
    setCookie('from_crm', 'true');
    const { user, phone, router } = await openSignin();

    await signInWithPassword(user, phone);

    await waitFor(() => expect(currentPath(router)).toBe('/loan'));
    expect(useSessionStore.getState().admin).toBe(false);
    expect(getCookie('from_crm')).toBeUndefined();
  });

  it('goes to the main page link when it is not /loan', async () => {
    mockAccountsApi(LOGIN_OK);
    useDashboardStore.getState().setMainPageLink('/profile/declineOrder');
    const { user, phone, router } = await openSignin();

    await signInWithPassword(user, phone);

    await waitFor(() => expect(currentPath(router)).toBe('/profile/declineOrder'));
  });

  it('returns to the page in `redirect`', async () => {
    mockAccountsApi(LOGIN_OK);
    const { user, phone, router } = await openSignin(
      signinPathWithRedirect('/cards?from=menu#new'),
    );

    await signInWithPassword(user, phone);

    await waitFor(() => expect(currentPath(router)).toBe('/cards?from=menu#new'));
  });

  it.each(['https://evil.example/loan', '//evil.example/loan', '/\\evil.example'])(
    'ignores the unsafe redirect %s and opens the main page',
    async (redirect) => {
      mockAccountsApi(LOGIN_OK);
      const { user, phone, router } = await openSignin(signinPathWithRedirect(redirect));

      await signInWithPassword(user, phone);

      await waitFor(() => expect(currentPath(router)).toBe('/loan'));
    },
  );

  it('checks the phone and the password with the contract’s rules before calling', async () => {
    const api = mockAccountsApi(LOGIN_OK);
    const { user, phone } = await openSignin();

    await typeMasked(user, phone, '4951234567');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(
      await screen.findByText('Укажите российский мобильный номер: +7 9XX XXX-XX-XX'),
    ).toBeVisible();
    expect(screen.getByText('Введите пароль')).toBeVisible();
    expect(api.callsTo('POST /clients/login')).toEqual([]);
  });

  it('shows a wrong password (a 400 with a message) under the password field', async () => {
    mockAccountsApi({
      'POST /clients/login': apiError('VALIDATION', {
        message: 'Неверный номер телефона или пароль',
      }),
    });
    const { user, phone } = await openSignin();

    await signInWithPassword(user, phone);

    expect(await screen.findByText('Неверный номер телефона или пароль')).toBeVisible();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Пароль')).toHaveFocus());
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('shows other call errors as a toast', async () => {
    mockAccountsApi({
      'POST /clients/login': apiError('TOO_MANY_REQUESTS', {
        message: 'Слишком много попыток. Попробуйте через 15 минут',
        retry_after: 900,
      }),
    });
    const { user, phone } = await openSignin();

    await signInWithPassword(user, phone);

    const toast = await screen.findByText('Слишком много попыток. Попробуйте через 15 минут');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });
});

describe('sign-in with an SMS code', () => {
  it('switches to the SMS tab, sends a code of purpose signin and signs in with it', async () => {
    const client = aClient({ phone: '+79001112233' });
    const api = mockAccountsApi({
      'POST /sms/send_una': { data: { resend_after: 45, expires_in: 300 } },
      'PATCH /clients/verify_phone': session(client),
    });
    const { user, router } = await openSignin(signinPathWithRedirect('/documents'));

    await user.click(screen.getByRole('tab', { name: 'По коду из СМС' }));
    expect(screen.getByRole('tab', { name: 'По коду из СМС' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9001112233');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '654321');
    expect(screen.getByText('Отправить код повторно через 0:45')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(currentPath(router)).toBe('/documents'));
    expect(api.callsTo('POST /sms/send_una')[0]?.body).toEqual({
      phone: '+79001112233',
      purpose: 'signin',
    });
    expect(api.callsTo('PATCH /clients/verify_phone')[0]?.body).toEqual({
      phone: '+79001112233',
      code: '654321',
    });
  });

  it('switches tabs with the arrow keys', async () => {
    mockAccountsApi({});
    const { user } = await openSignin();

    screen.getByRole('tab', { name: 'По паролю' }).focus();
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'По коду из СМС' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('По коду из СМС');
  });
});

describe('sign-in: recovery links', () => {
  it('«Забыли пароль?» sends a reset link and says it went if there is a confirmed e-mail', async () => {
    const api = mockAccountsApi({
      'POST /clients/reset_by_email_url': { data: { message: 'Если…' } },
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Если к этому номеру привязан подтверждённый e-mail, ссылка для смены пароля уже в нём',
    );
    expect(api.callsTo('POST /clients/reset_by_email_url')[0]?.body).toEqual({
      phone: '+79123456789',
    });
  });

  it('«Войти по ссылке из письма» asks for a sign-in link', async () => {
    const api = mockAccountsApi({
      'POST /clients/login-link': { data: { message: 'Если…' } },
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('button', { name: 'Войти по ссылке из письма' }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));

    expect(await screen.findByRole('status')).toHaveTextContent('письмо со ссылкой для входа');
    expect(api.callsTo('POST /clients/login-link')).toHaveLength(1);
  });

  it('changes the password by an SMS code when there is no e-mail', async () => {
    const api = mockAccountsApi({
      'POST /sms/send_una': { data: { resend_after: 60, expires_in: 300 } },
      'POST /clients/reset_by_sms/email_hint': { data: { email_hint: null } },
      'POST /clients/reset_by_sms': { data: { ok: true } },
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.click(screen.getByRole('button', { name: /Сменить пароль по коду из СМС/ }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '111222');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.type(await screen.findByLabelText('Новый пароль'), 'Новый-пароль-7');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Новый-пароль-7');
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));

    expect(await screen.findByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();
    expect(api.callsTo('POST /sms/send_una')[0]?.body).toMatchObject({ purpose: 'reset' });
    expect(api.callsTo('POST /clients/reset_by_sms')[0]?.body).toEqual({
      phone: '+79123456789',
      code: '111222',
      password: 'Новый-пароль-7',
    });
    expect(await screen.findByLabelText('Пароль')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Отправить ссылку на/ })).toBeNull();
  });

  it('offers the reset link to the masked e-mail only after the SMS code proves the phone', async () => {
    const api = mockAccountsApi({
      'POST /sms/send_una': { data: { resend_after: 60, expires_in: 300 } },
      'POST /clients/reset_by_sms/email_hint': { data: { email_hint: 'iv***@mail.ru' } },
      'POST /clients/reset_by_sms/email_link': {
        data: { message: 'Мы отправили ссылку для смены пароля на iv***@mail.ru.' },
      },
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.click(screen.getByRole('button', { name: /Сменить пароль по коду из СМС/ }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '111222');
    expect(screen.queryByText(/mail\.ru/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.click(
      await screen.findByRole('button', { name: 'Отправить ссылку на iv***@mail.ru' }),
    );

    expect(
      await screen.findByText('Мы отправили ссылку для смены пароля на iv***@mail.ru.'),
    ).toBeVisible();
    expect(api.callsTo('POST /clients/reset_by_sms/email_hint')[0]?.body).toEqual({
      phone: '+79123456789',
      code: '111222',
    });
    expect(api.callsTo('POST /clients/reset_by_sms/email_link')[0]?.body).toEqual({
      phone: '+79123456789',
      code: '111222',
    });
    expect(screen.queryByLabelText('Новый пароль')).toBeNull();
  });

  it('keeps a wrong reset code under the code field, naming no e-mail', async () => {
    mockAccountsApi({
      'POST /sms/send_una': { data: { resend_after: 60, expires_in: 300 } },
      'POST /clients/reset_by_sms/email_hint': apiError('VALIDATION', {
        message: 'Неверный код. Проверьте SMS и введите код ещё раз (осталось попыток: 4)',
      }),
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.click(screen.getByRole('button', { name: /Сменить пароль по коду из СМС/ }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '111222');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));

    expect(await screen.findByText(/осталось попыток: 4/)).toBeVisible();
    expect(screen.queryByLabelText('Новый пароль')).toBeNull();
  });

  it('links to sign-up', async () => {
    mockAccountsApi({});
    await openSignin();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/signup');
  });
});

describe('sign-in: too many codes', () => {
  it('after a 429 waits retry_after before «Получить код» works again', async () => {
    mockAccountsApi({
      'POST /sms/send_una': apiError('TOO_MANY_REQUESTS', {
        message: 'Новый код можно запросить через 57 секунд',
        retry_after: 57,
      }),
    });
    const { user } = await openSignin();

    await user.click(screen.getByRole('tab', { name: 'По коду из СМС' }));
    await typeMasked(user, await screen.findByLabelText('Номер телефона'), '9123456789');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));

    expect(await screen.findByText('Новый код можно запросить через 57 секунд')).toBeVisible();
    expect(screen.getByTestId('retry-cooldown')).toHaveTextContent('Повторить можно через 0:5');
    expect(screen.getByRole('button', { name: 'Получить код' })).toBeDisabled();
  });
});
