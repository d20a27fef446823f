import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../../test/api';
import { currentPath, renderApp } from '../../../../test/render';
import { cardsKeys } from '../api/keys';
import { makeCard } from '../test/fake-cards-api';

const RETURN = '/pay/callback?id=1001&operation=2002&reference=bind-7';
const CARD = makeCard(12, { pan_masked: '411111******1111', payment_system: 'visa' });

function answerCallback(answer: Parameters<typeof mockApi<'/pay/callback/best2pay'>>[1]) {
  return mockApi('/pay/callback/best2pay', answer);
}

describe('payCallback', () => {
  it('forwards the gateway query once, shows the bound card and has the cards list asked again', async () => {
    const log = answerCallback({ data: { data: CARD } });
    const { queryClient } = renderApp(RETURN);
    queryClient.setQueryData(cardsKeys.list(), []);

    expect(await screen.findByText('Проверяем карту…')).toBeVisible();
    expect(await screen.findByText('Карта •••• 1111 привязана')).toBeVisible();

    expect(log.calls.map((call) => call.query)).toEqual([
      { id: '1001', operation: '2002', reference: 'bind-7' },
    ]);
    // The sign-up state's cards are the cards query: the bound card makes it stale.
    expect(queryClient.getQueryState(cardsKeys.list())?.isInvalidated).toBe(true);
  });

  it('returns by itself after about 2 s to the page saved before leaving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    sessionStorage.setItem('zaymo.payReferer', '/profile/identity');
    answerCallback({ data: { data: CARD } });
    const { router } = renderApp(RETURN);
    await screen.findByText('Карта •••• 1111 привязана');

    vi.advanceTimersByTime(1500);
    expect(router.state.location.pathname).toBe('/pay/callback');
    vi.advanceTimersByTime(600);

    await waitFor(() => expect(currentPath(router)).toBe('/profile/identity'));
    expect(sessionStorage.getItem('zaymo.payReferer')).toBeNull();
  });

  it('prefers a return page named in the answer', async () => {
    sessionStorage.setItem('zaymo.payReferer', '/profile/identity');
    answerCallback({ data: { data: CARD, referer: '/loan' } });
    renderApp(RETURN);

    const back = await screen.findByRole('link', { name: 'Продолжить' });
    expect(back).toHaveAttribute('href', '/loan');
  });

  it('shows the reason of a declined card and a way back to the cards', async () => {
    answerCallback(
      apiError('CARD_BINDING_FAILED', { params: { reason: 'Недостаточно средств на карте' } }),
    );
    const { router, queryClient } = renderApp('/pay/callback?id=1001&operation=2003&error=2');
    queryClient.setQueryData(cardsKeys.list(), []);

    expect(await screen.findByText('Карту не удалось привязать')).toBeVisible();
    expect(screen.getByText('Недостаточно средств на карте')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(queryClient.getQueryState(cardsKeys.list())?.isInvalidated).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'К моим картам' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/pay/callback'));
  });

  it('goes back to the page a refusal names, to try another card', async () => {
    answerCallback(
      apiError('CARD_BINDING_FAILED', {
        params: { reason: 'Истёк срок действия карты' },
        referer: '/profile/identity',
      }),
    );
    renderApp('/pay/callback?id=1001&operation=2004');

    expect(await screen.findByText('Истёк срок действия карты')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Вернуться' })).toHaveAttribute(
      'href',
      '/profile/identity',
    );
  });

  it('offers to try again when the server could not answer', async () => {
    let down = true;
    answerCallback(() =>
      down ? apiError('SERVICE_UNAVAILABLE', { message: '' }) : { data: { data: CARD } },
    );
    renderApp(RETURN);

    expect(
      await screen.findByText('Платёжная страница не подтвердила привязку. Попробуйте ещё раз.'),
    ).toBeVisible();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));

    expect(await screen.findByText('Карта •••• 1111 привязана')).toBeVisible();
  });

  it('without a gateway query explains and links to the cards', async () => {
    const log = answerCallback({ data: { data: CARD } });
    renderApp('/pay/callback');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Результат оплаты' }),
    ).toBeVisible();
    expect(screen.getByText(/сведений о ней в адресе нет/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'К моим картам' })).toHaveAttribute('href', '/cards');
    expect(log.calls).toHaveLength(0);
  });
});
