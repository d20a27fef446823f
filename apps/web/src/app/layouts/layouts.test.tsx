import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCookie, setCookie } from '@/lib/cookies';
import { useSessionStore } from '@/stores/session';
import { apiError, mockApi } from '../../../test/api';
import { COMPANY_SETTINGS, signedInClient } from '../../../test/fixtures';
import { currentPath, renderApp } from '../../../test/render';
import { VALID_TOKEN } from '../../../test/stores';
import { answerScreenReads } from '../../../test/screen-reads';

const SETTINGS = {
  ...COMPANY_SETTINGS,
  brand: 'Займо Плюс',
  legal_name: 'ООО МКК «Займо»',
  support_phone: '8 (800) 555-35-35',
};

/** The shell's calls: the settings, the client, the logout (ok, or failing). */
function mockShellApi(logout: 'ok' | 'fails' = 'ok') {
  mockApi('/settings/get', { data: { params: SETTINGS } });
  mockApi('/clients', { data: { client: signedInClient() } });
  return mockApi(
    '/clients/logout',
    logout === 'ok' ? { data: { ok: true } } : apiError('INTERNAL', { message: 'Ошибка' }),
  );
}

function signIn(): void {
  useSessionStore.getState().setToken(VALID_TOKEN);
}

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('main layout', () => {
  it('shows the brand and company details from the settings call', async () => {
    mockShellApi();
    renderApp('/');

    expect(await screen.findByText('ООО МКК «Займо»')).toBeVisible();
    expect(screen.getByTestId('brand')).toHaveTextContent('Займо Плюс');
    const footer = within(screen.getByTestId('site-footer'));
    for (const value of [
      SETTINGS.ogrn,
      SETTINGS.inn,
      SETTINGS.cbr_register_entry,
      SETTINGS.address,
    ])
      expect(footer.getByText(value)).toBeVisible();
    expect(footer.getByRole('link', { name: SETTINGS.support_phone })).toHaveAttribute(
      'href',
      'tel:88005553535',
    );
    expect(footer.getByRole('link', { name: SETTINGS.support_email })).toBeVisible();
    expect(footer.getByText(SETTINGS.working_hours)).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Займы онлайн на карту — Займо Плюс'));
  });

  it('falls back to «Займо» and a short note when the settings call fails', async () => {
    mockApi('/settings/get', apiError('SERVICE_UNAVAILABLE'));
    renderApp('/');

    expect(await screen.findByText('Сведения о компании временно недоступны.')).toBeVisible();
    expect(screen.getByTestId('brand')).toHaveTextContent('Займо');
  });

  it('offers sign-in and sign-up links to a guest', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/signup');
  });
});

describe('dashboard layout', () => {
  it('has the cabinet navigation', async () => {
    signIn();
    renderApp('/cards');

    const nav = await screen.findByRole('navigation', { name: 'Разделы личного кабинета' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Мои займы', '/loan'],
      ['Карты', '/cards'],
      ['История', '/history'],
      ['Профиль', '/person'],
      ['Документы', '/documents'],
      ['Согласия', '/consents'],
      ['Файлы', '/files'],
      ['Поддержка', '/tickets'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Карты' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('opens the burger menu and closes it after navigating', async () => {
    signIn();
    renderApp('/loan');
    const burger = await screen.findByRole('button', { name: 'Открыть меню' });
    const nav = screen.getByRole('navigation', { name: 'Разделы личного кабинета' });

    await userEvent.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('dashboard-nav--open');

    await userEvent.click(within(nav).getByRole('link', { name: 'История' }));
    await screen.findByRole('heading', { name: 'История' });
    expect(nav).not.toHaveClass('dashboard-nav--open');
  });

  it('logs out through the API and lands on sign-in', async () => {
    const logout = mockShellApi();
    signIn();
    const { router } = renderApp('/loan');

    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));

    await screen.findByRole('heading', { name: 'Вход' });
    expect(logout.calls).toHaveLength(1);
    expect(currentPath(router)).toBe('/signin');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('clears the session even when the logout call fails', async () => {
    mockShellApi('fails');
    signIn();
    useSessionStore.getState().setPhone('79123456789');
    useSessionStore.getState().setAdmin(true);
    setCookie('from_crm', 'true');
    const { router } = renderApp('/documents');

    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));

    await screen.findByRole('heading', { name: 'Вход' });
    expect(useSessionStore.getState()).toMatchObject({ token: null, phone: null, admin: false });
    expect(localStorage.length).toBe(0);
    expect(getCookie('from_crm')).toBeUndefined();
    expect(router.state.location.pathname).toBe('/signin');
  });
});
