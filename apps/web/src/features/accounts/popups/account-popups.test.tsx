import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { POPUP_REGISTRY } from '@/app/popup-registry';
import { PopupHost } from '@/components/popup/popup-host';
import { useNotificationsStore } from '@/stores/notifications';
import { openPopup } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { aClient, mockAccountsApi, typeMasked } from '../test-fixtures';

function openAsClient(name: string) {
  useSessionStore.getState().setToken(VALID_TOKEN);
  renderWithQuery(<PopupHost registry={POPUP_REGISTRY} />);
  act(() => openPopup(name));
  return userEvent.setup();
}

function toasts() {
  return Object.values(useNotificationsStore.getState().notifications).map((n) => n.message);
}

describe('changePassword popup', () => {
  it('asks for the current password and a new one, then closes', async () => {
    const client = aClient({ has_password: true });
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'PATCH /clients/update': { data: { client } },
    });
    const user = openAsClient('changePassword');

    await user.type(await screen.findByLabelText('Текущий пароль'), 'Старый-пароль-1');
    await user.type(screen.getByLabelText('Новый пароль'), 'Новый-пароль-2');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Новый-пароль-2');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /clients/update')[0]?.body).toEqual({
      password: 'Новый-пароль-2',
      current_password: 'Старый-пароль-1',
    });
    expect(toasts()).toEqual(['Пароль изменён']);
  });

  it('shows a wrong current password under its field', async () => {
    const client = aClient({ has_password: true });
    mockAccountsApi({
      'GET /clients': { data: { client } },
      'PATCH /clients/update': apiError('VALIDATION', {
        message: 'Неверный текущий пароль',
        fields: { current_password: 'Неверный текущий пароль' },
      }),
    });
    const user = openAsClient('changePassword');

    await user.type(await screen.findByLabelText('Текущий пароль'), 'не-тот');
    await user.type(screen.getByLabelText('Новый пароль'), 'Новый-пароль-2');
    await user.type(screen.getByLabelText('Повторите пароль'), 'Новый-пароль-2');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));

    expect(await screen.findByText('Неверный текущий пароль')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Текущий пароль')).toHaveFocus());
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('sets a first password without asking for a current one', async () => {
    const client = aClient({ has_password: false });
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'PATCH /clients/update': { data: { client: { ...client, has_password: true } } },
    });
    const user = openAsClient('changePassword');

    await user.type(await screen.findByLabelText('Новый пароль'), 'Первый-пароль-1');
    expect(screen.queryByLabelText('Текущий пароль')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Повторите пароль'), 'Первый-пароль-1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));

    await waitFor(() => expect(api.callsTo('PATCH /clients/update')).toHaveLength(1));
    expect(api.callsTo('PATCH /clients/update')[0]?.body).toEqual({ password: 'Первый-пароль-1' });
  });
});

describe('enterPhone popup', () => {
  it('changes the phone with a code sent to the new number', async () => {
    const client = aClient();
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'POST /clients/:cid/phone-confirmation/request': {
        data: { resend_after: 60, expires_in: 300 },
      },
      'PATCH /clients/:cid/phone-confirmation/confirm': {
        data: { client: { ...client, phone: '+79261234567' } },
      },
    });
    const user = openAsClient('enterPhone');

    expect(await screen.findByText('Сейчас указан номер +7 (912) 345-67-89.')).toBeVisible();
    await typeMasked(user, screen.getByLabelText('Новый номер телефона'), '9261234567');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByRole('textbox', { name: 'Код из СМС' }), '112233');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /clients/:cid/phone-confirmation/confirm')[0]?.body).toEqual({
      phone: '+79261234567',
      code: '112233',
    });
    expect(useSessionStore.getState().phone).toBe('+79261234567');
    expect(toasts()).toEqual(['Номер телефона изменён на +7 (926) 123-45-67']);
  });
});

describe('confirmEmail popup', () => {
  it('saves a changed e-mail, sends the link and says where it went', async () => {
    const client = aClient({ email: 'old@mail.ru' });
    const api = mockAccountsApi({
      'GET /clients': { data: { client } },
      'PATCH /clients/update': { data: { client: { ...client, email: 'ivanov@mail.ru' } } },
      'POST /clients/email/confirmation': { data: { email: 'ivanov@mail.ru' } },
    });
    const user = openAsClient('confirmEmail');

    const email = await screen.findByLabelText('Электронная почта');
    expect(email).toHaveValue('old@mail.ru');
    await user.clear(email);
    await user.type(email, 'ivanov@mail.ru');
    await user.click(screen.getByRole('button', { name: 'Отправить письмо' }));

    expect(await screen.findByText(/Письмо со ссылкой отправлено на ivanov@mail.ru/)).toBeVisible();
    expect(api.callsTo('PATCH /clients/update')[0]?.body).toEqual({ email: 'ivanov@mail.ru' });
    expect(api.callsTo('POST /clients/email/confirmation')).toHaveLength(1);
  });

  it('does not resend to an e-mail that is already confirmed', async () => {
    const client = aClient({ email: 'ivanov@mail.ru', email_confirmed: true });
    const api = mockAccountsApi({ 'GET /clients': { data: { client } } });
    const user = openAsClient('confirmEmail');

    await screen.findByLabelText('Электронная почта');
    await user.click(screen.getByRole('button', { name: 'Отправить письмо' }));

    expect(await screen.findByText(/Эта почта уже подтверждена. Чтобы сменить её/)).toBeVisible();
    expect(api.callsTo('POST /clients/email/confirmation')).toHaveLength(0);
  });

  it('asks a guest to sign in first', async () => {
    renderWithQuery(<PopupHost registry={POPUP_REGISTRY} />);
    act(() => openPopup('confirmEmail'));
    expect(await screen.findByText('Войдите в личный кабинет, чтобы продолжить.')).toBeVisible();
  });
});
