import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render';
import { mockRoutes } from '../../../../test/api';
import { bodyOf } from '../servicing/test/fake-servicing-api';

vi.mock('../servicing/lib/gateway', () => ({ goToGateway: vi.fn() }));
const { goToGateway } = await import('../servicing/lib/gateway');

beforeEach(() => {
  sessionStorage.clear();
});

const PAY_TOKEN = 'pay_token_1234567890abcdef';
const LOOKUP = {
  data: {
    contract_number: 'ЗМ-000007',
    due_date: '2026-12-21',
    balance: {
      principal: '10000.00',
      interest: '800.00',
      penalty: '0.00',
      total: '10800.00',
      days_to_due: 21,
    },
    pay_token: PAY_TOKEN,
    expires_at: '2026-11-21T11:00:00.000Z',
  },
};

function fakeGuestApi() {
  return mockRoutes({
    'POST /loanpay/lookup': LOOKUP,
    'POST /loanpay/payment/:contract': {
      data: { status: 'redirect', url: 'http://gateway.test/p', message: '', order: null },
    },
    'GET /loanpay/callbackPayment': {
      data: { status: 'approved', message: 'Платёж прошёл успешно', amount: '1500.00' },
    },
  }).calls;
}

async function findLoan() {
  const sent = fakeGuestApi();
  renderApp('/pay/loanpay');
  await userEvent.type(await screen.findByLabelText('Номер договора'), 'ЗМ-000007');
  await userEvent.type(screen.getByLabelText('Дата рождения'), '15031990');
  await userEvent.click(screen.getByRole('button', { name: 'Найти заём' }));
  await screen.findByTestId('loanpay-due');
  return sent;
}

describe('pay without signing in', () => {
  it('asks for the contract number and a real birth date', async () => {
    const sent = fakeGuestApi();
    renderApp('/pay/loanpay');
    await userEvent.click(await screen.findByRole('button', { name: 'Найти заём' }));
    expect(screen.getByText('Введите номер договора')).toBeVisible();
    expect(screen.getByText('Введите дату рождения в формате ДД.ММ.ГГГГ')).toBeVisible();
    expect(sent.filter((call) => call.url.pathname === '/api/loanpay/lookup')).toHaveLength(0);
  });

  it('finds the loan, shows the sum due and pays it in full on the gateway page', async () => {
    const sent = await findLoan();
    const lookup = sent.find((call) => call.url.pathname === '/api/loanpay/lookup');
    expect(lookup?.body).toEqual({ contract_number: 'ЗМ-000007', birth_date: '1990-03-15' });
    expect(screen.getByTestId('loanpay-due')).toHaveTextContent(/10\s800\s₽/);

    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));

    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith('http://gateway.test/p'));
    const pay = sent.find((call) => call.url.pathname.startsWith('/api/loanpay/payment/'));
    expect(bodyOf(pay).type).toBe('full');
    expect(pay?.headers.get('X-Pay-Token')).toBe(PAY_TOKEN);
    expect(pay?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem('zaymo.loanpay-token')).toBe(PAY_TOKEN);
    expect(bodyOf(pay)).not.toHaveProperty('card_id');
  });

  it('pays a part with a checked amount', async () => {
    const sent = await findLoan();
    await userEvent.click(screen.getByRole('radio', { name: 'Часть' }));
    await userEvent.type(screen.getByLabelText('Сумма платежа, ₽'), '0,5');
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    expect(screen.getByText('Сумма платежа — не меньше 1 ₽')).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Сумма платежа, ₽'));
    await userEvent.type(screen.getByLabelText('Сумма платежа, ₽'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    await waitFor(() => expect(goToGateway).toHaveBeenCalled());
    const pay = sent.find((call) => call.url.pathname.startsWith('/api/loanpay/payment/'));
    expect(bodyOf(pay).type).toBe('part');
    expect(bodyOf(pay).amount).toBe('1500.00');
  });

  it('shows the result on return from the gateway page', async () => {
    const sent = fakeGuestApi();
    sessionStorage.setItem('zaymo.loanpay-token', PAY_TOKEN);
    renderApp('/pay/loanpay?id=12345&operation=678');
    expect(await screen.findByText(/Платёж прошёл успешно — 1\s500\s₽/)).toBeVisible();
    const check = sent.find((call) => call.url.pathname === '/api/loanpay/callbackPayment');
    expect(check?.url.searchParams.get('id')).toBe('12345');
    expect(check?.headers.get('X-Pay-Token')).toBe(PAY_TOKEN);
  });

  it('does not ask for the result without the pay token and without a session', async () => {
    const sent = fakeGuestApi();
    renderApp('/pay/loanpay?id=12345');
    expect(await screen.findByText(/Не удалось проверить платёж на этой странице/)).toBeVisible();
    expect(sent.filter((call) => call.url.pathname.includes('callbackPayment'))).toHaveLength(0);
  });
});
