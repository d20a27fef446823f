import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS, type OrderStatusId } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { fakeLoansApi, makeOrder } from '../test/fake-loans-api';
import { CHECK_ORDER_POLL_MS, REVIEW_POLL_MS } from './profile-check-order';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  useSessionStore.getState().setToken(VALID_TOKEN);
});

function setStatus(api: ReturnType<typeof fakeLoansApi>, status: OrderStatusId) {
  api.state.orders = api.state.orders.map((order) => ({ ...order, status_id: status }));
}

/** `refused`: the moratorium check answers that the client may not apply again until then. */
async function openCheckOrder({ refused = false } = {}) {
  const api = fakeLoansApi({
    orders: [makeOrder(7)],
    override: ({ path }) =>
      refused && path === '/clients/moratorium'
        ? { data: { data: { status: false, end_date: '2027-02-22' } } }
        : undefined,
  });
  const view = renderApp('/profile/checkOrder');
  await screen.findByText('Проверяем заявку…');
  await waitFor(() => expect(api.sent('GET', '/clients/orders')).toHaveLength(1));
  return { api, ...view };
}

describe('checking the order', () => {
  it('asks every 2 seconds and moves to the contract once approved', async () => {
    const { api, router } = await openCheckOrder();
    expect(screen.getByText('Проверяем анкету и кредитную историю')).toBeVisible();

    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(api.sent('GET', '/clients/orders')).toHaveLength(2));
    expect(router.state.location.pathname).toBe('/profile/checkOrder');

    setStatus(api, ORDER_STATUS.APPROVED);
    await vi.advanceTimersByTimeAsync(2_000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/confirmOrder'));
  });

  it('moves to the decline page once refused', async () => {
    // Under a moratorium: a client who may apply again is sent on from the decline page to the
    // loan list, as soon as the renderer gets there.
    const { api, router } = await openCheckOrder({ refused: true });

    setStatus(api, ORDER_STATUS.REFUSED);
    await vi.advanceTimersByTimeAsync(2_000);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/declineOrder'));
  });

  it('stops asking when the client leaves the page', async () => {
    const { api, router } = await openCheckOrder();

    await router.navigate('/');
    await screen.findByRole('heading', { level: 1, name: 'Займы онлайн на карту' });
    // Home asks once for itself (tariff of a repeat client), then nobody polls.
    await waitFor(() => expect(api.sent('GET', '/clients/orders')).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(100);
    const calls = api.sent('GET', '/clients/orders').length;
    await vi.advanceTimersByTimeAsync(10_000);

    expect(api.sent('GET', '/clients/orders')).toHaveLength(calls);
  });

  it('keeps asking through a lost connection', async () => {
    const { api, router } = await openCheckOrder();
    api.state.orders = [];
    api.failNextCall();

    await vi.advanceTimersByTimeAsync(2_000);
    expect(await screen.findByText('Нет связи с сервером, продолжаем проверять…')).toBeVisible();
    expect(router.state.location.pathname).toBe('/profile/checkOrder');

    api.state.orders = [makeOrder(7, { status_id: ORDER_STATUS.APPROVED })];
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/confirmOrder'));
  });

  it('says a specialist checks an order under manual review, and moves on once decided', async () => {
    const api = fakeLoansApi({
      orders: [makeOrder(7, { status_id: ORDER_STATUS.ACCEPTED, manual_review: true })],
    });
    const { router } = renderApp('/profile/checkOrder');

    expect(await screen.findByText('Специалист проверяет вашу заявку')).toBeVisible();
    expect(screen.getByText(/мы пришлём SMS/)).toBeVisible();
    expect(screen.queryByText('Проверяем заявку…')).toBeNull();

    // A person decides: the screen asks every 30 s, not every 2 s.
    api.state.orders = [makeOrder(7, { status_id: ORDER_STATUS.APPROVED })];
    await vi.advanceTimersByTimeAsync(CHECK_ORDER_POLL_MS * 2);
    expect(api.sent('GET', '/clients/orders')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/profile/checkOrder');
    await vi.advanceTimersByTimeAsync(REVIEW_POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/confirmOrder'));
  });

  it('says the credit history is being checked while the bureau has not answered', async () => {
    const api = fakeLoansApi({
      orders: [makeOrder(7, { status_id: ORDER_STATUS.ACCEPTED, credit_check_pending: true })],
    });
    const { router } = renderApp('/profile/checkOrder');

    expect(await screen.findByText('Проверяем кредитную историю')).toBeVisible();
    expect(screen.getByText(/Мы повторим запрос сами/)).toBeVisible();
    expect(screen.queryByText('Проверяем заявку…')).toBeNull();
    // Still every 2 s: the server asks the bureau again by itself.
    api.state.orders = [makeOrder(7, { status_id: ORDER_STATUS.APPROVED })];
    await vi.advanceTimersByTimeAsync(CHECK_ORDER_POLL_MS);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/confirmOrder'));
  });

  it('sends a client without an order home', async () => {
    fakeLoansApi({ orders: [] });
    const { router } = renderApp('/profile/checkOrder');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
