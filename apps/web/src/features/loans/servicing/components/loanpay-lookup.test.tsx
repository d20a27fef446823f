import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../../test/render';
import { mockRoutes } from '../../../../../test/api';

/** The mask's chunk arrives only when the test says so, like a slow network or a busy phone. */
const maskChunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive: () => arrive(), arrived };
});

vi.mock('inputmask', async (importOriginal) => {
  const library = await importOriginal();
  await maskChunk.arrived;
  return library;
});

afterEach(() => maskChunk.arrive());

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
    pay_token: 'pay_token_1234567890abcdef',
    expires_at: '2026-11-21T11:00:00.000Z',
  },
};

describe('the guest lookup form', () => {
  it('reads a birth date typed key by key before its mask has loaded', async () => {
    const sent = mockRoutes({ 'POST /loanpay/lookup': LOOKUP }).calls;
    renderApp('/pay/loanpay');
    await userEvent.type(await screen.findByLabelText('Номер договора'), 'ЗМ-000007');
    const birthDate = screen.getByLabelText('Дата рождения');
    for (const key of '15031990') await userEvent.type(birthDate, key);

    await userEvent.click(screen.getByRole('button', { name: 'Найти заём' }));

    await screen.findByTestId('loanpay-due');
    expect(screen.queryByText('Введите дату рождения в формате ДД.ММ.ГГГГ')).toBeNull();
    const lookup = sent.find((call) => call.url.pathname === '/api/loanpay/lookup');
    expect(lookup?.body).toEqual({ contract_number: 'ЗМ-000007', birth_date: '1990-03-15' });
  });

  it('shows the typed digits as a date once the mask arrives', async () => {
    mockRoutes({ 'POST /loanpay/lookup': LOOKUP });
    renderApp('/pay/loanpay');
    const birthDate = await screen.findByLabelText<HTMLInputElement>('Дата рождения');
    for (const key of '15031990') await userEvent.type(birthDate, key);

    maskChunk.arrive();

    await waitFor(() => expect(birthDate.value).toBe('15.03.1990'));
    expect(screen.queryByText('Введите дату рождения в формате ДД.ММ.ГГГГ')).toBeNull();
  });
});
