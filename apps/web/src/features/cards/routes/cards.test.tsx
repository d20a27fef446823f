import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS, apiErrorMessage } from '@zaymo/contract';
import { PopupHost } from '@/components/popup/popup-host';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { renderWithQuery } from '../../../../test/render';
import { DeleteCardPopup } from '../popups/delete-card-popup';
import { apiError } from '../../../../test/api';
import { CARD_METHOD, fakeCardsApi, makeCard } from '../test/fake-cards-api';
import { CardsScreen } from './cards';

vi.mock('../lib/go-to-gateway', () => ({ goToGateway: vi.fn() }));
const { goToGateway } = await import('../lib/go-to-gateway');

const MIR = makeCard(7, { is_active: true, is_autopay: true });
const VISA = makeCard(9, {
  pan_masked: '411111******1111',
  payment_system: 'visa',
  expiry: '03/28',
  holder: null,
});

function renderCards() {
  return renderWithQuery(
    <>
      <CardsScreen />
      <PopupHost registry={{ deleteCard: DeleteCardPopup }} />
    </>,
  );
}

function tile(name: RegExp) {
  return screen.getByRole('article', { name });
}

function toastMessages(): string[] {
  return Object.values(useNotificationsStore.getState().notifications).map((n) => n.message);
}

describe('cards list', () => {
  it('shows each card with its system, masked number, expiry and the active badge', async () => {
    fakeCardsApi({ cards: [MIR, VISA] });
    renderCards();

    const mir = await screen.findByRole('article', { name: 'МИР •••• 0004' });
    const visa = tile(/Visa •••• 1111/);
    expect(within(mir).getByText('2200 00•• •••• 0004')).toBeVisible();
    expect(within(mir).getByText('12/29')).toBeVisible();
    expect(within(mir).getByText('IVAN IVANOV')).toBeVisible();
    expect(within(visa).getByText('4111 11•• •••• 1111')).toBeVisible();
    expect(within(visa).getByText('03/28')).toBeVisible();

    expect(within(mir).getByText('Основная')).toBeVisible();
    expect(within(visa).queryByText('Основная')).toBeNull();
    expect(within(mir).queryByRole('button', { name: 'Сделать основной' })).toBeNull();
    expect(within(visa).getByRole('button', { name: 'Сделать основной' })).toBeEnabled();

    expect(within(mir).getByRole('switch', { name: 'Автоплатёж' })).toBeChecked();
    expect(within(visa).getByRole('switch', { name: 'Автоплатёж' })).not.toBeChecked();
  });

  it('shows skeletons while loading, then the empty state', async () => {
    let release: () => void = () => {};
    fakeCardsApi({ gate: new Promise<void>((resolve) => (release = resolve)) });
    renderCards();

    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Загружаем карты…');

    release();
    expect(
      await screen.findByText('Карт пока нет. Привяжите карту, чтобы получить деньги'),
    ).toBeVisible();
    expect(screen.queryByTestId('card-skeleton')).toBeNull();
  });

  it('says when the cards could not be loaded and tries again', async () => {
    let fail = true;
    fakeCardsApi({
      cards: [MIR],
      override: ({ path }) =>
        fail && path === '/api/clients/cards'
          ? apiError('SERVICE_UNAVAILABLE', { message: '' })
          : undefined,
    });
    renderCards();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить карты');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));

    expect(await screen.findByRole('article', { name: /МИР/ })).toBeVisible();
  });
});

describe('card actions', () => {
  it('«Сделать основной» activates the card and refreshes the list', async () => {
    const api = fakeCardsApi({ cards: [MIR, VISA] });
    renderCards();
    const visa = await screen.findByRole('article', { name: /Visa/ });
    const listCallsBefore = api.count('GET', '/api/clients/cards');

    await userEvent.click(within(visa).getByRole('button', { name: 'Сделать основной' }));

    await waitFor(() => expect(within(visa).getByText('Основная')).toBeVisible());
    expect(within(tile(/МИР/)).queryByText('Основная')).toBeNull();
    expect(api.count('POST', '/api/clients/activate_card/9')).toBe(1);
    await waitFor(() =>
      expect(api.count('GET', '/api/clients/cards')).toBeGreaterThan(listCallsBefore),
    );
    expect(toastMessages()).toContain('Карта •••• 1111 теперь основная');
    expect(visa).toHaveFocus();
  });

  it('the autopay switch sends {enabled} and follows the answer', async () => {
    const api = fakeCardsApi({ cards: [MIR, VISA] });
    renderCards();
    const visa = await screen.findByRole('article', { name: /Visa/ });
    const listCallsBefore = api.count('GET', '/api/clients/cards');
    const toggle = within(visa).getByRole('switch', { name: 'Автоплатёж' });

    await userEvent.click(toggle);

    await waitFor(() => expect(toastMessages()).toContain('Автоплатёж по карте •••• 1111 включён'));
    expect(toggle).toBeChecked();
    expect(api.requests.find((r) => r.path === '/api/clients/autopay_card/9')?.body).toEqual({
      enabled: true,
    });
    await waitFor(() =>
      expect(api.count('GET', '/api/clients/cards')).toBeGreaterThan(listCallsBefore),
    );

    await userEvent.click(within(tile(/МИР/)).getByRole('switch', { name: 'Автоплатёж' }));
    await waitFor(() =>
      expect(within(tile(/МИР/)).getByRole('switch', { name: 'Автоплатёж' })).not.toBeChecked(),
    );
    expect(api.requests.find((r) => r.path === '/api/clients/autopay_card/7')?.body).toEqual({
      enabled: false,
    });
  });

  it('the switch goes back when the call fails, with the server message as a toast', async () => {
    fakeCardsApi({
      cards: [VISA],
      override: ({ method }) =>
        method === 'POST'
          ? apiError('OPERATOR_FORBIDDEN', { params: { action: 'cards' } })
          : undefined,
    });
    renderCards();
    const toggle = await screen.findByRole('switch', { name: 'Автоплатёж' });

    await userEvent.click(toggle);

    const refusal = apiErrorMessage('OPERATOR_FORBIDDEN', { action: 'cards' });
    await waitFor(() => expect(toastMessages()).toContain(refusal));
    expect(toggle).not.toBeChecked();
  });
});

describe('deleting a card', () => {
  async function openDelete(api = fakeCardsApi({ cards: [MIR, VISA] })) {
    renderCards();
    const visa = await screen.findByRole('article', { name: /Visa/ });
    await userEvent.click(within(visa).getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удаление карты' });
    return { api, dialog };
  }

  it('asks first; «Отмена» closes without deleting', async () => {
    const { api, dialog } = await openDelete();
    expect(within(dialog).getByText('Удалить карту •••• 1111?')).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.count('DELETE', '/api/clients/cards/9')).toBe(0);
    expect(tile(/Visa/)).toBeVisible();
  });

  it('«Удалить» deletes the card, closes and refreshes the list', async () => {
    const { api, dialog } = await openDelete();
    const listCallsBefore = api.count('GET', '/api/clients/cards');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('article', { name: /Visa/ })).toBeNull();
    expect(tile(/МИР/)).toBeVisible();
    expect(api.count('DELETE', '/api/clients/cards/9')).toBe(1);
    await waitFor(() =>
      expect(api.count('GET', '/api/clients/cards')).toBeGreaterThan(listCallsBefore),
    );
    expect(toastMessages()).toContain('Карта •••• 1111 удалена');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Привязанные карты' })).toHaveFocus(),
    );
  });

  it('shows a refusal of the server as the error notice and keeps the card', async () => {
    const refusal = API_ERRORS.LAST_CARD_OF_LOAN.message;
    const api = fakeCardsApi({
      cards: [MIR, VISA],
      override: ({ method }) => (method === 'DELETE' ? apiError('LAST_CARD_OF_LOAN') : undefined),
    });
    const { dialog } = await openDelete(api);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));

    await waitFor(() => expect(toastMessages()).toEqual([refusal]));
    const notices = Object.values(useNotificationsStore.getState().notifications);
    expect(notices.map((notice) => notice.type)).toEqual(['error']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(tile(/Visa/)).toBeVisible();
  });
});

describe('adding a card', () => {
  it('asks for the card page with referer /cards and leaves for it', async () => {
    const api = fakeCardsApi({ cards: [MIR] });
    renderCards();
    await screen.findByRole('article', { name: /МИР/ });

    await userEvent.click(screen.getByRole('button', { name: 'Добавить карту' }));

    await waitFor(() =>
      expect(goToGateway).toHaveBeenCalledWith('http://gateway.test/sandbox/best2pay/card?id=1'),
    );
    const link = api.requests.find((request) => request.path === '/api/pay/link');
    expect(new URLSearchParams(link?.search).get('referer')).toBe('/cards');
    expect(sessionStorage.getItem('zaymo.payReferer')).toBe('/cards');
  });
});

describe('payment and payout methods', () => {
  it('shows which are on', async () => {
    const off = { ...CARD_METHOD, id: 2, enabled: false, reason: 'Выплаты временно недоступны' };
    fakeCardsApi({ cards: [MIR], payment: [CARD_METHOD], payout: [off] });
    renderCards();

    const payment = await screen.findByRole('region', { name: 'Оплата займа' });
    const payout = screen.getByRole('region', { name: 'Получение денег' });
    expect(await within(payment).findByText('Подключено')).toBeVisible();
    expect(await within(payout).findByText('Не подключено')).toBeVisible();
    expect(within(payout).getByText('Выплаты временно недоступны')).toBeVisible();
  });
});

describe('cards for a CRM operator', () => {
  it('shows the cards with no «Добавить», «Удалить», «Сделать основной» or autopay switch', async () => {
    useSessionStore.getState().setAdmin(true);
    fakeCardsApi({ cards: [MIR, VISA] });
    renderCards();

    const visa = await screen.findByRole('article', { name: /Visa •••• 1111/ });
    expect(within(visa).getByText('Картами и автоплатежом управляет сам клиент.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Добавить карту' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сделать основной' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Автоплатёж' })).toBeNull();
  });
});
