import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, ORDER_STATUS } from '@zaymo/contract';
import { apiError } from '@zaymo/web-kit/testing';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { fakeLoansApi, makeOrder } from '../test/fake-loans-api';

const KEY_STORAGE = 'zaymo.payout-key.7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
  sessionStorage.clear();
});

function signedOrder() {
  return makeOrder(7, { status_id: ORDER_STATUS.SIGNED, due_date: '2026-12-21' });
}

function payoutKeys(api: ReturnType<typeof fakeLoansApi>): (string | null)[] {
  return api
    .sent('POST', '/orders/7/payout')
    .map((request) => request.headers.get('Idempotency-Key'));
}

function coolingOrder() {
  return makeOrder(7, {
    status_id: ORDER_STATUS.SIGNED,
    amount: '100000.00',
    signed_at: '2026-11-27T06:00:00.000Z',
    cooling_off_until: '2026-11-27T10:00:00.000Z',
    cooling_off_running: true,
  });
}

describe('the cooling-off before the money (353-FZ art. 7 part 9.3)', () => {
  it('shows when the money comes in Moscow time and asks for no payout', async () => {
    const api = fakeLoansApi({ orders: [coolingOrder()] });
    renderApp('/profile/sendingMoney');

    expect(
      await screen.findByRole('heading', { name: 'Деньги поступят 27.11.2026 13:00 (МСК)' }),
    ).toBeVisible();
    expect(payoutKeys(api)).toHaveLength(0);
  });

  it('refuses the loan after a confirmation and leads home', async () => {
    const api = fakeLoansApi({ orders: [coolingOrder()] });
    const { router } = renderApp('/profile/sendingMoney');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Отказаться от займа' }));
    expect(api.sent('POST', '/orders/7/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Да, отказаться' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.sent('POST', '/orders/7/cancel')).toHaveLength(1);
    expect(payoutKeys(api)).toHaveLength(0);
  });

  it('says the server’s reason when the refusal comes too late', async () => {
    fakeLoansApi({
      orders: [coolingOrder()],
      override: (request) =>
        request.path === '/orders/7/cancel' ? apiError('LOAN_ALREADY_PAID_OUT') : undefined,
    });
    renderApp('/profile/sendingMoney');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Отказаться от займа' }));
    await user.click(screen.getByRole('button', { name: 'Да, отказаться' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      API_ERRORS.LOAN_ALREADY_PAID_OUT.message,
    );
  });
});

describe('sending the money', () => {
  it('never pays out from an operator session', async () => {
    useSessionStore.getState().setAdmin(true);
    const api = fakeLoansApi({ orders: [signedOrder()] });
    renderApp('/profile/sendingMoney');

    expect(
      await screen.findByText('Деньги отправятся, когда клиент сам откроет эту страницу.'),
    ).toBeVisible();
    expect(payoutKeys(api)).toHaveLength(0);
  });

  it('pays out once with an idempotency key, then congratulates', async () => {
    const api = fakeLoansApi({ orders: [signedOrder()] });
    const { router } = renderApp('/profile/sendingMoney');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/congrats'));
    expect(payoutKeys(api)).toHaveLength(1);
    expect(payoutKeys(api)[0]).toMatch(UUID);
    expect(sessionStorage.getItem(KEY_STORAGE)).toBeNull();
    expect(await screen.findByText(/Деньги отправлены на карту •••• 1111/)).toBeVisible();
    expect(screen.getByText('21.12.2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Перейти к моим займам' })).toHaveAttribute(
      'href',
      '/loan',
    );
  });

  it('leads back to signing, with the server’s reason, when the contract was signed another day', async () => {
    const api = fakeLoansApi({ orders: [signedOrder()], payouts: ['resign'] });
    const { router } = renderApp('/profile/sendingMoney');

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/confirmOrder'));
    expect(payoutKeys(api)).toHaveLength(1);
    expect(sessionStorage.getItem(KEY_STORAGE)).toBeNull();
    await waitFor(() => {
      const toasts = Object.values(useNotificationsStore.getState().notifications);
      expect(toasts.map((toast) => toast.message)).toContain(API_ERRORS.SIGN_AGAIN.message);
    });
  });

  it('names the card the money went to, not the current main card', async () => {
    fakeLoansApi({
      orders: [
        makeOrder(7, {
          status_id: ORDER_STATUS.GIVEN,
          due_date: '2026-12-21',
          payout_card: { id: 99, pan_masked: '220000******0004' },
        }),
      ],
    });
    renderApp('/profile/congrats');

    expect(await screen.findByText(/Деньги отправлены на карту •••• 0004/)).toBeVisible();
  });

  it('shows the card while sending', async () => {
    fakeLoansApi({
      orders: [signedOrder()],
      payouts: ['pending'],
    });
    renderApp('/profile/sendingMoney');

    expect(await screen.findByText('Отправляем деньги на карту •••• 1111…')).toBeVisible();
  });

  it('reuses the key after a reload and after a lost answer', async () => {
    const api = fakeLoansApi({
      orders: [signedOrder()],
      payouts: ['lost', 'lost', 'given'],
    });
    renderApp('/profile/sendingMoney');
    expect(await screen.findByText('Шлюз не ответил')).toBeVisible();
    const key = sessionStorage.getItem(KEY_STORAGE);
    expect(key).toMatch(UUID);

    cleanup();
    const { router } = renderApp('/profile/sendingMoney');
    await userEvent.click(await screen.findByRole('button', { name: 'Повторить' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/congrats'));
    expect(payoutKeys(api)).toEqual([key, key, key]);
  });

  it('takes a new key to retry after the bank refused', async () => {
    const api = fakeLoansApi({
      orders: [signedOrder()],
      payouts: ['refused', 'given'],
    });
    const { router } = renderApp('/profile/sendingMoney');

    expect(await screen.findByText('Банк получателя отклонил перевод')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Не удалось отправить деньги' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/congrats'));
    const [first, second] = payoutKeys(api);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('does not pay out an order that already failed until the client asks', async () => {
    const api = fakeLoansApi({
      orders: [
        makeOrder(7, {
          status_id: ORDER_STATUS.FAIL_TO_GIVE,
          status_reason: 'Карта заблокирована',
        }),
      ],
    });
    renderApp('/profile/sendingMoney');

    expect(await screen.findByText('Карта заблокирована')).toBeVisible();
    expect(payoutKeys(api)).toHaveLength(0);
  });
});
