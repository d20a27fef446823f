import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_STATUS_IDS } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { makeOrder } from '../test/fake-loans-api';
import { fakeServicingApi } from '../servicing/test/fake-servicing-api';
import { statusLabel } from '../servicing/lib/status';

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
});

const HISTORY = {
  data: {
    orders: [
      // 13.01 00:57 in Moscow: the order of that Moscow day, not of 12.01 (UTC).
      makeOrder(1, {
        status_id: ORDER_STATUS.REPAID,
        created_at: '2026-01-12T21:57:00.000Z',
        closure_reported_on: '2026-02-16',
      }),
      makeOrder(3, {
        status_id: ORDER_STATUS.GIVEN,
        contract_number: 'ЗМ-000003',
        created_at: '2026-11-01T10:00:00.000Z',
      }),
      makeOrder(2, { status_id: ORDER_STATUS.REFUSED, created_at: '2026-05-05T10:00:00.000Z' }),
    ],
    payments: [
      {
        id: 10,
        order_id: 3,
        contract_number: 'ЗМ-000003',
        kind: 'payout',
        amount: '10000.00',
        date: '2026-11-01',
      },
      {
        id: 12,
        order_id: 3,
        contract_number: 'ЗМ-000003',
        kind: 'payment',
        amount: '1500.50',
        date: '2026-11-11',
      },
      {
        id: 13,
        order_id: 3,
        contract_number: 'ЗМ-000003',
        kind: 'interest',
        amount: '800.00',
        date: '2026-11-11',
        period_start: '2026-11-02',
      },
      {
        id: 11,
        order_id: 3,
        contract_number: 'ЗМ-000003',
        kind: 'prolongation_fee',
        amount: '800.00',
        date: '2026-11-05',
      },
    ],
  },
};

describe('history', () => {
  it('lists every order with its Russian status, newest first', async () => {
    fakeServicingApi({ history: HISTORY });
    renderApp('/history');
    const rows = await screen.findAllByTestId('history-order');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Договор № ЗМ-000003'),
      expect.stringContaining('Заявка № 2'),
      expect.stringContaining('Заявка № 1'),
    ]);
    expect(rows[0]).toHaveTextContent('Выдан');
    expect(rows[1]).toHaveTextContent('Отказ');
    expect(rows[2]).toHaveTextContent('Погашен');
    expect(rows[2]).toHaveTextContent('13.01.2026');
    // The bureau acknowledged the repaid loan; the others say nothing of the bureau.
    expect(rows[2]).toHaveTextContent(
      'Сведения о погашении переданы в бюро кредитных историй 16.02.2026',
    );
    expect(rows[0]).not.toHaveTextContent('бюро');
  });

  it('lists every payment and the accruals per period, newest first', async () => {
    fakeServicingApi({ history: HISTORY });
    renderApp('/history');
    const rows = await screen.findAllByTestId('history-payment');
    expect(rows.map((row) => row.querySelector('.loan-history__name')?.textContent)).toEqual([
      'Платёж',
      'Начислены проценты',
      'Оплата продления',
      'Выдача займа',
    ]);
    expect(rows[0]).toHaveTextContent(/1\s500,5\s₽/);
    expect(rows[1]).toHaveTextContent('02.11.2026 – 11.11.2026');
  });

  it('says so when there is nothing yet', async () => {
    fakeServicingApi();
    renderApp('/history');
    expect(await screen.findByText('Заявок пока нет.')).toBeVisible();
    expect(screen.getByText('Платежей пока нет.')).toBeVisible();
  });

  it('has a Russian label for every status', () => {
    const labels = ORDER_STATUS_IDS.map(statusLabel);
    expect(labels).toEqual([
      'Новая',
      'На рассмотрении',
      'Одобрена',
      'Отказ',
      'Выдан',
      'Ошибка выдачи',
      'Погашен',
      'Отменена клиентом',
      'Просрочен',
      'Подписан',
      'Черновик',
      'Неактивна',
      'Предварительно одобрена',
    ]);
  });
});

describe('history: insurance withheld from the payout', () => {
  it('shows the premium as a movement of its own beside the payout', async () => {
    const base = { order_id: 3, contract_number: 'ЗМ-000003', date: '2026-11-01' };
    fakeServicingApi({
      history: {
        data: {
          orders: [makeOrder(3, { status_id: ORDER_STATUS.GIVEN, contract_number: 'ЗМ-000003' })],
          payments: [
            { ...base, id: 21, kind: 'insurance_premium', amount: '490.00' },
            { ...base, id: 20, kind: 'payout', amount: '10000.00' },
          ],
        },
      },
    });
    renderApp('/history');
    const rows = await screen.findAllByTestId('history-payment');
    const premium = rows.find((row) => row.textContent?.includes('Страховка'));
    expect(premium).toHaveTextContent('Страховка, удержанная из суммы займа');
    expect(premium).toHaveTextContent(/490\s₽/);
    const given = rows.find((row) => row.textContent?.includes('Выдача займа'));
    expect(given).toHaveTextContent(/10\s000\s₽/);
  });
});
