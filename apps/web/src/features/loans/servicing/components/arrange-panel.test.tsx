import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorMessage } from '@zaymo/contract';
import { useSessionStore } from '@/stores/session';
import { apiError } from '../../../../../test/api';
import { renderApp } from '../../../../../test/render';
import { VALID_TOKEN } from '../../../../../test/stores';
import { fakeServicingApi, GIVEN_ORDER } from '../test/fake-servicing-api';

const OVERDUE = {
  ...GIVEN_ORDER,
  balance: { ...GIVEN_ORDER.balance!, days_to_due: -5, penalty: '13.70' },
};

const CALLBACK_REFUSAL = {
  reason: 'У должника 22:00 в рабочий день: можно с 8:00 до 22:00 по его местному времени',
  law: 'ст. 7 ч. 3 п. 1 230-ФЗ',
};

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
});

async function openOverdue() {
  const api = fakeServicingApi({
    orders: [OVERDUE],
    override: (request) => {
      if (request.path === '/loans/7/promise')
        return {
          data: {
            promise: {
              amount: '5000.00',
              due_on: '2026-12-10',
              made_on: '2026-12-05',
              state: 'pending',
            },
          },
        };
      if (request.path === '/loans/7/callback')
        return apiError('CALLBACK_OUTSIDE_HOURS', { params: CALLBACK_REFUSAL });
      return undefined;
    },
  });
  renderApp('/loan');
  await screen.findByRole('heading', { name: 'Заём по договору № ЗМ-000007' });
  return api;
}

describe('an overdue loan in the cabinet', () => {
  it('«Договориться об оплате» sends a promise and shows a call-back refused in words', async () => {
    const api = await openOverdue();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Договориться об оплате' }));
    const promise = await screen.findByRole('form', { name: 'Обещание оплатить' });
    await user.type(within(promise).getByLabelText('Сумма, ₽'), '5000');
    const dueOn = within(promise).getByLabelText('Оплачу до');
    expect(dueOn).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
    await user.type(dueOn, '10122026');
    await waitFor(() => expect(dueOn).toHaveValue('10.12.2026'));
    await user.click(within(promise).getByRole('button', { name: 'Пообещать оплатить' }));
    expect(await within(promise).findByRole('status')).toHaveTextContent('Обещание записано');
    const sent = api.requests.find((request) => request.path === '/loans/7/promise');
    expect(sent?.body).toEqual({ amount: '5000', due_on: '2026-12-10' });

    const callback = screen.getByRole('form', { name: 'Перезвоните мне' });
    await user.type(within(callback).getByLabelText('Дата звонка'), '07122026');
    await user.selectOptions(within(callback).getByLabelText('Время звонка'), '21');
    await user.click(within(callback).getByRole('button', { name: 'Попросить перезвонить' }));
    expect(await within(callback).findByRole('alert')).toHaveTextContent(
      apiErrorMessage('CALLBACK_OUTSIDE_HOURS', CALLBACK_REFUSAL),
    );
    expect(screen.getByRole('link', { name: 'Оформить кредитные каникулы' })).toHaveAttribute(
      'href',
      '/credit-holidays',
    );
  });

  it('refuses an unfinished or missing day in Russian and sends nothing', async () => {
    const api = await openOverdue();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Договориться об оплате' }));
    const promise = await screen.findByRole('form', { name: 'Обещание оплатить' });
    await user.type(within(promise).getByLabelText('Сумма, ₽'), '5000');
    await user.type(within(promise).getByLabelText('Оплачу до'), '3112');
    await user.click(within(promise).getByRole('button', { name: 'Пообещать оплатить' }));
    expect(within(promise).getByLabelText('Оплачу до')).toHaveAccessibleDescription(
      'Укажите дату в формате ДД.ММ.ГГГГ',
    );

    const callback = screen.getByRole('form', { name: 'Перезвоните мне' });
    await user.click(within(callback).getByRole('button', { name: 'Попросить перезвонить' }));
    expect(within(callback).getByLabelText('Дата звонка')).toHaveAccessibleDescription(
      'Укажите дату',
    );
    const sent = api.requests.filter((request) => /\/(promise|callback)$/.test(request.path));
    expect(sent).toEqual([]);
  });

  it('explains 230-FZ art. 8 with the day a refusal may be sent', async () => {
    await openOverdue();
    const section = await screen.findByRole('region', { name: 'Отказ от взаимодействия' });
    expect(section).toHaveTextContent('с 27.03.2027');
    expect(within(section).getByLabelText('ФИО адвоката')).toBeVisible();
  });

  it('a loan in term offers no arrangement', async () => {
    fakeServicingApi();
    renderApp('/loan');
    await screen.findByRole('heading', { name: 'Заём по договору № ЗМ-000007' });
    expect(screen.queryByRole('button', { name: 'Договориться об оплате' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Отказ от взаимодействия' })).toBeNull();
  });
});
