import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorMessage, ORDER_STATUS } from '@zaymo/contract';
import type * as SmsCodeStore from '@/stores/sms-code';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { apiError } from '../../../../test/api';
import { fakeLoansApi, makeOrder } from '../test/fake-loans-api';

vi.mock('@/stores/sms-code', async (importOriginal) => {
  const original = await importOriginal<typeof SmsCodeStore>();
  return {
    ...original,
    requestSmsCode: vi.fn(async ({ verify }: { verify?: (code: string) => Promise<void> }) => {
      await verify?.('123456');
      return '123456';
    }),
  };
});
const { requestSmsCode } = await import('@/stores/sms-code');

// The server dates the offer (sandbox clock included): the browser's calendar plays no part.
const APPROVED = makeOrder(7, {
  status_id: ORDER_STATUS.APPROVED,
  contract_number: 'ЗМ-000007',
  due_date: null,
  contract_date: '2026-11-21',
  contract_due_date: '2026-12-21',
});

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
});

async function openContract(
  override?: NonNullable<Parameters<typeof fakeLoansApi>[0]>['override'],
) {
  const api = fakeLoansApi({ orders: [APPROVED], ...(override ? { override } : {}) });
  const view = renderApp('/profile/confirmOrder');
  await screen.findByText('Договор № ЗМ-000007');
  return { api, ...view };
}

describe('the debt-load notice (353-FZ art. 5.1)', () => {
  it('waits for the notice to be read before the contract can be signed', async () => {
    fakeLoansApi({ orders: [{ ...APPROVED, debt_load_notice: { percent: '62.00' } }] });
    renderApp('/profile/confirmOrder');

    const notice = await screen.findByRole('region', { name: 'Уведомление о долговой нагрузке' });
    expect(notice).toHaveTextContent(/ПДН\) по этому займу — 62,00\s%/);
    const sign = await screen.findByRole('button', { name: 'Подписать' });
    expect(sign).toBeDisabled();
    expect(sign).toHaveAccessibleDescription(
      'Прочитайте уведомление о долговой нагрузке и отметьте, что понимаете риск',
    );
    await userEvent.click(within(notice).getByRole('checkbox'));
    await waitFor(() => expect(sign).toBeEnabled());
  });

  it('shows no notice when the ПДН is within 50 %', async () => {
    await openContract();
    await screen.findByRole('button', { name: 'Подписать' });
    expect(screen.queryByRole('region', { name: 'Уведомление о долговой нагрузке' })).toBeNull();
  });
});

describe('confirming the order', () => {
  it('shows the approved terms and the ПСК from the order', async () => {
    await openContract();
    const terms = screen.getByText('Сумма займа').closest('dl');
    expect(terms).toHaveTextContent(/Сумма займа10\s000\s₽/);
    expect(terms).toHaveTextContent('30 дней');
    expect(terms).toHaveTextContent(/Сумма к возврату12\s400\s₽/);
    expect(terms).toHaveTextContent('21.12.2026');
    const psk = screen.getByRole('group', { name: 'Полная стоимость займа' });
    expect(psk).toHaveTextContent('292,000 % годовых');
    expect(psk).toHaveTextContent(/2\s400\s₽/);
  });

  it('lists the contract documents with the order id, checked, opening as PDF', async () => {
    const { api } = await openContract();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
    URL.revokeObjectURL = vi.fn();

    const checkbox = await screen.findByRole('checkbox', { name: 'Индивидуальные условия' });
    expect(checkbox).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'График платежей' })).toBeChecked();
    expect(api.sent('GET', '/documents/contract_documents')[0]?.query.get('order_id')).toBe('7');

    await userEvent.click(screen.getByRole('button', { name: /Индивидуальные условия/ }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    const pdfCall = api.requests.find((request) => request.path.startsWith('/documents/contract/'));
    expect(pdfCall?.path).toBe('/documents/contract/individual_terms');
    expect(pdfCall?.query.get('order_id')).toBe('7');
  });

  it('signs only with every document checked, by the SMS code, then sends the money', async () => {
    const { api, router } = await openContract();
    const sign = screen.getByRole('button', { name: 'Подписать' });
    const checkbox = await screen.findByRole('checkbox', { name: 'График платежей' });

    await userEvent.click(checkbox);
    expect(sign).toBeDisabled();
    expect(screen.getByText('Отметьте все документы, чтобы подписать договор')).toBeVisible();
    await userEvent.click(checkbox);
    await userEvent.click(sign);

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/sendingMoney'));
    expect(requestSmsCode).toHaveBeenCalledWith(
      expect.objectContaining({ purpose: 'sign', subject: { orderId: 7 } }),
    );
    expect(api.sent('POST', '/orders/verify')[0]?.body).toEqual({ order_id: 7, code: '123456' });
  });

  it('declines the loan after a question, with a toast', async () => {
    const { api, router } = await openContract();

    await userEvent.click(screen.getByRole('button', { name: 'Отказаться от займа' }));
    const question = screen.getByRole('group', { name: /Отказаться от займа\?/ });
    await userEvent.click(within(question).getByRole('button', { name: 'Нет, вернуться' }));
    expect(api.sent('POST', '/orders/7/reject')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Отказаться от займа' }));
    await userEvent.click(screen.getByRole('button', { name: 'Да, отказаться' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.sent('POST', '/orders/7/reject')).toHaveLength(1);
    const messages = Object.values(useNotificationsStore.getState().notifications).map(
      (notification) => notification.message,
    );
    expect(messages).toContain('Вы отказались от займа. Заявка отменена.');
  });

  it('offers an operator neither signing nor refusing, only the reason', async () => {
    useSessionStore.getState().setAdmin(true);
    await openContract();

    expect(
      screen.getByText('Подписать договор или отказаться от займа может только сам клиент.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Подписать' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отказаться от займа' })).toBeNull();
  });

  it('offers an operator no choice of payout, only where the money goes and why', async () => {
    useSessionStore.getState().setAdmin(true);
    await openContract();

    const method = screen.getByRole('region', { name: 'Куда получить деньги' });
    expect(method).toHaveTextContent('Выбрать, куда получить деньги, может только сам клиент.');
    expect(within(method).queryByRole('radio')).toBeNull();
    expect(within(method).queryByRole('combobox')).toBeNull();
  });

  it('shows why the bank’s account is refused and lets the client take the card', async () => {
    const recipient = { recipient: 'Пётр Петрович С.' };
    const reason = apiErrorMessage('SBP_SOMEONE_ELSE', recipient);
    const { api } = await openContract((request) => {
      if (request.path === '/sbp/banks')
        return { data: [{ id: '100000000111', name: 'Сбербанк' }] };
      if (request.path === '/orders/7/sbp/precheck')
        return apiError('SBP_SOMEONE_ELSE', { params: recipient });
      return undefined;
    });
    const method = screen.getByRole('region', { name: 'Куда получить деньги' });
    await userEvent.click(
      within(method).getByRole('radio', { name: 'По номеру телефона через СБП' }),
    );
    const bank = await within(method).findByRole('combobox', { name: 'Банк получателя' });
    await waitFor(() => expect(bank).toBeEnabled());
    await userEvent.selectOptions(bank, 'Сбербанк');

    expect(await within(method).findByText(reason)).toBeVisible();
    expect(within(method).queryByRole('button', { name: /Да, это я/ })).toBeNull();
    await userEvent.click(within(method).getByRole('button', { name: 'Получить на карту' }));
    expect(within(method).getByRole('radio', { name: /На карту/ })).toBeChecked();
    expect(api.sent('PUT', '/orders/7/payout_method')).toHaveLength(0);
  });
});
