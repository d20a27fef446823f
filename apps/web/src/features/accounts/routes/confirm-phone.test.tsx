import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { aClient, mockAccountsApi, typeMasked } from '../test-fixtures';

describe('/confirm-phone', () => {
  it('asks a guest to sign in and come back', async () => {
    renderApp('/confirm-phone');
    expect(await screen.findByText(/после входа в личный кабинет/)).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Войти' }).at(-1)).toHaveAttribute(
      'href',
      `/signin?redirect=${encodeURIComponent('/confirm-phone')}`,
    );
  });

  it('leaves confirming the phone to the client in operator mode', async () => {
    mockAccountsApi({ 'GET /clients': { data: { client: aClient() } } });
    useSessionStore.getState().setToken(VALID_TOKEN);
    useSessionStore.getState().setAdmin(true);
    renderApp('/confirm-phone');

    expect(
      await screen.findByText(
        'Подтвердить или сменить номер может только сам клиент: код приходит ему.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Номер телефона')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Получить код' })).toBeNull();
  });

  it('confirms an unconfirmed phone with a code', async () => {
    const client = aClient({ phone_confirmed: false });
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'POST /clients/:cid/phone-confirmation/request': {
        data: { resend_after: 60, expires_in: 300 },
      },
      'PATCH /clients/:cid/phone-confirmation/confirm': {
        data: { client: { ...client, phone_confirmed: true } },
      },
    });
    useSessionStore.getState().setToken(VALID_TOKEN);
    const user = userEvent.setup();
    renderApp('/confirm-phone');

    expect(
      await screen.findByText('Ваш номер +7 (912) 345-67-89 ещё не подтверждён.'),
    ).toBeVisible();
    const phone = screen.getByLabelText<HTMLInputElement>('Номер телефона');
    await waitFor(() => expect(phone).toHaveValue('+7 (912) 345-67-89'));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '135790');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Номер +7 (912) 345-67-89 подтверждён.')).toBeVisible();
    expect(api.callsTo('PATCH /clients/:cid/phone-confirmation/confirm')[0]?.body).toEqual({
      phone: '+79123456789',
      code: '135790',
    });
  });

  it('changes a confirmed phone to a new one', async () => {
    const client = aClient();
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'POST /clients/:cid/phone-confirmation/request': {
        data: { resend_after: 60, expires_in: 300 },
      },
      'PATCH /clients/:cid/phone-confirmation/confirm': {
        data: { client: { ...client, phone: '+79998887766' } },
      },
    });
    useSessionStore.getState().setToken(VALID_TOKEN);
    const user = userEvent.setup();
    renderApp('/confirm-phone');

    await screen.findByText('Ваш номер +7 (912) 345-67-89 подтверждён.');
    await typeMasked(user, screen.getByLabelText('Номер телефона'), '9998887766');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Код из СМС'), '135790');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    expect(await screen.findByText('Номер +7 (999) 888-77-66 подтверждён.')).toBeVisible();
    expect(api.callsTo('POST /clients/:cid/phone-confirmation/request')[0]?.body).toEqual({
      phone: '+79998887766',
    });
    expect(useSessionStore.getState().phone).toBe('+79998887766');
  });
});
