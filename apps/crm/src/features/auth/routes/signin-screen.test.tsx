import { API_ERRORS } from '@zaymo/contract';
import type { CrmPasswordResponse } from '@zaymo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_SESSION_KEY, useStaffSession } from '@/stores/staff-session';
import { apiError, mockCrmApi } from '../../../../test/api';
import { ADMIN, renderConsole } from '../../../../test/render';

const TICKET = 'ticket_0123456789abcdefghijklmnopqrstuv';
const TOKEN = 'crm_session_0123456789abcdefghijklmnop';

function passwordAnswer(enroll = false): CrmPasswordResponse {
  return {
    data: {
      ticket: TICKET,
      expires_at: '2026-11-24T09:10:00Z',
      totp: enroll ? 'enroll' : 'verify',
      ...(enroll
        ? {
            enrollment: {
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
              otpauth_url: 'otpauth://totp/Zaymo:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
              qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>',
            },
          }
        : {}),
    },
  };
}

function sessionAnswer() {
  return { data: { token: TOKEN, expires_at: '2026-11-24T17:00:00Z', staff: ADMIN } };
}

async function enterPassword(login = 'admin', password = 'очень-длинный-пароль') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  return user;
}

describe('«Вход» of the console', () => {
  it('takes the password, then the app code, keeps the session in sessionStorage and goes on', async () => {
    const passwordStep = mockCrmApi('/crm/auth/password', passwordAnswer());
    const totpStep = mockCrmApi('/crm/auth/totp', sessionAnswer());
    mockCrmApi('/crm/staff', { data: { staff: [] } });
    const { router } = renderConsole('/signin?next=%2Fstaff');

    const user = await enterPassword();
    await user.type(await screen.findByLabelText('Код из приложения'), '123 456');
    expect(screen.queryByRole('img', { name: /QR-код/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/staff'));
    expect(passwordStep.calls[0]?.body).toEqual({
      login: 'admin',
      password: 'очень-длинный-пароль',
    });
    expect(totpStep.calls[0]?.body).toEqual({ ticket: TICKET, code: '123456' });
    // The sign-in steps go without a token; the session's calls carry it.
    expect(totpStep.calls[0]?.headers.get('authorization')).toBeNull();
    expect(useStaffSession.getState().token).toBe(TOKEN);
    expect(JSON.parse(window.sessionStorage.getItem(STAFF_SESSION_KEY) ?? '{}')).toMatchObject({
      token: TOKEN,
      staff: { login: 'admin' },
    });
    expect(window.localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: 'Сотрудники' })).toBeInTheDocument();
  });

  it('on the first sign-in shows the QR code and the secret to connect the app', async () => {
    mockCrmApi('/crm/auth/password', passwordAnswer(true));
    const totpStep = mockCrmApi('/crm/auth/totp', sessionAnswer());
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    const { router } = renderConsole('/signin');

    const user = await enterPassword();
    const qr = await screen.findByRole('img', { name: 'QR-код для приложения-аутентификатора' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Код из приложения'), '654321');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(totpStep.calls).toHaveLength(1);
  });

  it('says a wrong code under the field, keeps the step and lets the next code in', async () => {
    mockCrmApi('/crm/auth/password', passwordAnswer());
    let attempts = 0;
    const totpStep = mockCrmApi('/crm/auth/totp', () =>
      ++attempts === 1 ? apiError('TOTP_INVALID') : sessionAnswer(),
    );
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    const { router } = renderConsole('/signin');

    const user = await enterPassword();
    const code = await screen.findByLabelText('Код из приложения');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText(API_ERRORS.TOTP_INVALID.message)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');
    expect(useStaffSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/signin');

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
    expect(totpStep.calls.map((call) => (call.body as { code: string }).code)).toEqual([
      '000000',
      '111111',
    ]);
  });

  it('checks the code is six digits before asking the server', async () => {
    mockCrmApi('/crm/auth/password', passwordAnswer());
    const totpStep = mockCrmApi('/crm/auth/totp', sessionAnswer());
    renderConsole('/signin');

    const user = await enterPassword();
    await user.type(await screen.findByLabelText('Код из приложения'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText('Код из приложения — 6 цифр')).toBeVisible();
    expect(totpStep.calls).toHaveLength(0);
  });

  it('shows the server’s refusal of the password and stays on the first step', async () => {
    mockCrmApi('/crm/auth/password', apiError('STAFF_CREDENTIALS_WRONG'));
    renderConsole('/signin');

    await enterPassword('admin', 'не-тот-пароль');

    expect(await screen.findByText(API_ERRORS.STAFF_CREDENTIALS_WRONG.message)).toBeVisible();
    expect(screen.getByLabelText('Логин')).toHaveValue('admin');
    expect(screen.queryByLabelText('Код из приложения')).not.toBeInTheDocument();
  });

  it('goes back to the password when the ticket has run out', async () => {
    mockCrmApi('/crm/auth/password', passwordAnswer());
    mockCrmApi('/crm/auth/totp', apiError('STAFF_SIGN_IN_EXPIRED'));
    renderConsole('/signin');

    const user = await enterPassword();
    await user.type(await screen.findByLabelText('Код из приложения'), '123456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText(API_ERRORS.STAFF_SIGN_IN_EXPIRED.message)).toBeVisible();
    expect(screen.getByLabelText('Логин')).toBeInTheDocument();
    expect(screen.queryByLabelText('Код из приложения')).not.toBeInTheDocument();
  });

  it('checks the login and the password with the contract before sending them', async () => {
    const passwordStep = mockCrmApi('/crm/auth/password', passwordAnswer());
    renderConsole('/signin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Укажите пароль')).toBeVisible();
    expect(screen.getByLabelText('Логин')).toHaveAttribute('aria-invalid', 'true');
    expect(passwordStep.calls).toHaveLength(0);
  });

  it('sends a signed-out visitor of a console screen to «Вход» and back there after', async () => {
    const { router } = renderConsole('/clients/42');
    await screen.findByRole('heading', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(router.state.location.search).toBe('?next=%2Fclients%2F42');
  });
});
