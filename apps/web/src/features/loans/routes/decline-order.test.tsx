import { screen, waitFor, within } from '@testing-library/react';
import { ORDER_STATUS, type Order } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { fakeLoansApi, makeOrder } from '../test/fake-loans-api';

const OFFERS = [
  {
    id: 1,
    name: 'Быстроденьги',
    description: 'Первый займ без процентов',
    link: 'https://partner.example/a',
    max_sum: '30000.00',
    rate_text: 'от 0 % в день',
  },
  {
    id: 2,
    name: 'Опасный',
    description: 'Ссылка не на сайт',
    link: 'javascript:alert(1)',
    max_sum: '1000.00',
    rate_text: '—',
  },
];

function fakeRefusal(refused = true, orders: Order[] = []) {
  const moratorium = refused
    ? { status: false, end_date: '2026-12-21' }
    : { status: true, end_date: null };
  return fakeLoansApi({
    orders,
    override: (request) => {
      if (request.path === '/clients/moratorium') {
        return { data: { data: moratorium } };
      }
      if (request.path === '/clients/refusal-showcase-all') {
        return { data: { offers: OFFERS } };
      }
      return undefined;
    },
  });
}

describe('decline page', () => {
  it('tells when to apply again and shows partner offers as links', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    fakeRefusal();
    renderApp('/profile/declineOrder');

    expect(await screen.findByText('Новую заявку можно подать с 21.12.2026')).toBeVisible();
    const offer = await screen.findByRole('article', { name: 'Быстроденьги' });
    expect(offer).toHaveTextContent(/до 30\s000\s₽/);
    expect(offer).toHaveTextContent('от 0 % в день');
    const link = within(offer).getByRole('link', { name: /Оформить заём в «Быстроденьги»/ });
    expect(link).toHaveAttribute('href', 'https://partner.example/a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('article', { name: 'Опасный' })).toBeNull();
  });

  it('tells a refusal by law in the server’s words, once, with the day to apply again', async () => {
    const reason =
      'По данным бюро кредитных историй у вас действует самозапрет на займы, поэтому по закону ' +
      'мы не можем выдать вам заём (218-ФЗ «О кредитных историях», ст. 5.1). Новую заявку можно ' +
      'подать с 21.12.2026.';
    useSessionStore.getState().setToken(VALID_TOKEN);
    fakeRefusal(true, [makeOrder(7, { status_id: ORDER_STATUS.REFUSED, status_reason: reason })]);
    renderApp('/profile/declineOrder');

    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByText('К сожалению, сейчас мы не можем выдать вам заём.')).toBeNull();
    expect(screen.queryByText('Новую заявку можно подать с 21.12.2026')).toBeNull();
  });

  it('sends a client who is not refused to the loan list instead', async () => {
    useSessionStore.getState().setToken(VALID_TOKEN);
    fakeRefusal(false);
    const { router } = renderApp('/profile/declineOrder');

    await waitFor(() => expect(router.state.location.pathname).toBe('/loan'));
    expect(screen.queryByText('Новую заявку можно подать с 21.12.2026')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Заём могут одобрить наши партнёры' })).toBeNull();
  });
});
