import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { mockAccountsApi } from '../test-fixtures';

const TOKEN = 'reset-token-0123456789abcdef';

async function fillNewPassword(password: string, repeat = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Новый пароль'), password);
  await user.type(screen.getByLabelText('Повторите пароль'), repeat);
  await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
}

describe('/email/reset', () => {
  it('sets the new password with the token, says so and opens sign-in', async () => {
    const api = mockAccountsApi({
      'POST /clients/confirm_reset': { data: { ok: true } },
    });
    const { router } = renderApp(`/email/reset?token=${TOKEN}`);

    const password = await screen.findByLabelText('Новый пароль');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/От 8 до 64 символов/));
    await fillNewPassword('Новый-пароль-1');

    await waitFor(() => expect(currentPath(router)).toBe('/signin'));
    expect(await screen.findByText('Пароль изменён. Войдите с новым паролем.')).toBeVisible();
    expect(api.callsTo('POST /clients/confirm_reset')[0]?.body).toEqual({
      token: TOKEN,
      password: 'Новый-пароль-1',
    });
  });

  it('checks the policy and the repeat before calling', async () => {
    const api = mockAccountsApi({});
    renderApp(`/email/reset?token=${TOKEN}`);

    await fillNewPassword('short', 'other');

    expect(await screen.findByText('Пароль — не короче 8 символов')).toBeVisible();
    expect(screen.getByText('Пароли не совпадают')).toBeVisible();
    expect(api.callsTo('POST /clients/confirm_reset')).toHaveLength(0);
  });

  it('shows the server’s password rule under the field', async () => {
    mockAccountsApi({
      'POST /clients/confirm_reset': apiError('VALIDATION', {
        message: 'Пароль слишком простой',
        fields: { password: 'Пароль слишком простой' },
      }),
    });
    renderApp(`/email/reset?token=${TOKEN}`);

    await fillNewPassword('12345678');

    expect(await screen.findByText('Пароль слишком простой')).toBeVisible();
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains a used or expired link and links to a new one', async () => {
    const stale = 'Ссылка для смены пароля недействительна или устарела. Запросите новую';
    mockAccountsApi({
      'POST /clients/confirm_reset': apiError('VALIDATION', {
        message: stale,
        fields: { token: stale },
      }),
    });
    renderApp(`/email/reset?token=${TOKEN}`);

    await fillNewPassword('Новый-пароль-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(screen.queryByLabelText('Новый пароль')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Запросить новую ссылку' }));
    expect(
      await screen.findByRole('heading', { name: 'Восстановление пароля', level: 2 }),
    ).toBeVisible();
  });

  it('explains a link without a token', async () => {
    renderApp('/email/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent('в ней нет кода восстановления');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute(
      'href',
      '/signin',
    );
  });
});
