import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { getCookie } from '@/lib/cookies';
import { useCalculatorStore } from '@/stores/calculator';
import { notify } from '@/stores/notifications';
import { usePopupsStore } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../test/render';
import { VALID_TOKEN } from '../../test/stores';
import { answerScreenReads } from '../../test/screen-reads';

const THIRTY_DAYS_IN_SECONDS = 2_592_000;

// The screens this file opens read their data; a test's own answers win.
beforeEach(answerScreenReads);

describe('root shell', () => {
  it('copies the query parameters of every page into 30-day cookies, never the token', async () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    const { router } = renderApp('/?utm_source=yandex&token=should-not-be-stored-anywhere');
    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });

    await router.navigate('/dev/test?click_id=42');
    await screen.findByRole('heading', { name: 'Тестовая панель' });

    await waitFor(() => expect(getCookie('click_id')).toBe('42'));
    expect(getCookie('utm_source')).toBe('yandex');
    expect(getCookie('token')).toBeUndefined();
    const written = writes.mock.calls.map(([cookie]) => cookie);
    expect(written.some((cookie) => cookie.includes('should-not-be-stored'))).toBe(false);
    expect(written.every((cookie) => cookie.includes(`max-age=${THIRTY_DAYS_IN_SECONDS}`))).toBe(
      true,
    );
  });

  it('restores a saved storable token and the calculator', async () => {
    localStorage.setItem(STORAGE_KEYS.token, VALID_TOKEN);
    localStorage.setItem(
      STORAGE_KEYS.calculator,
      JSON.stringify({ amount: '12000.00', period: 21, tariffId: 1, insuranceIds: [] }),
    );

    renderApp('/');
    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });

    await waitFor(() => expect(useSessionStore.getState().token).toBe(VALID_TOKEN));
    expect(useCalculatorStore.getState()).toMatchObject({ amount: 1_200_000n, period: 21 });
  });

  it('does not restore a saved token of 27 characters', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'x'.repeat(27));

    renderApp('/');
    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });

    expect(useSessionStore.getState().token).toBeNull();
    expect(screen.getByRole('link', { name: 'Войти' })).toBeVisible();
  });

  it('hosts popups and notifications', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Займы онлайн на карту' });

    usePopupsStore.getState().openPopup('documents');

    expect(await screen.findByRole('dialog', { name: 'Документы' })).toBeVisible();
    // The toast host (react-toastify) loads with the first notification, not with the page.
    expect(screen.queryByRole('region', { name: 'Уведомления' })).not.toBeInTheDocument();
    act(() => void notify({ message: 'Проверка уведомлений', type: 'success' }));
    expect(await screen.findByRole('region', { name: 'Уведомления' })).toBeInTheDocument();
    expect(await screen.findByText('Проверка уведомлений')).toBeVisible();
  });
});

describe('admin banner', () => {
  it('shows «Режим оператора» on every page while the admin flag is set', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    useSessionStore.getState().setAdmin(true);
    const { router } = renderApp('/loan');

    expect(await screen.findByTestId('admin-banner')).toHaveTextContent('Режим оператора');

    await router.navigate('/dev/test');
    await screen.findByRole('heading', { name: 'Тестовая панель' });
    expect(screen.getByTestId('admin-banner')).toBeVisible();
  });

  it('is absent for a client', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    renderApp('/loan');
    await screen.findByRole('heading', { name: 'Мои займы' });

    expect(screen.queryByText('Режим оператора')).not.toBeInTheDocument();
  });
});
