import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_STATUS } from '@zaymo/contract';
import type * as SmsCodeStore from '@/stores/sms-code';
import { useNotificationsStore } from '@/stores/notifications';
import { usePopupsStore } from '@/stores/popups';
import { useSessionStore } from '@/stores/session';
import { renderApp } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { makeOrder } from '../test/fake-loans-api';
import {
  bodyOf,
  fakeServicingApi,
  GIVEN_ORDER,
  payAnswer,
  type ServicingOptions,
} from '../servicing/test/fake-servicing-api';

vi.mock('@/stores/sms-code', async (importOriginal) => {
  const original = await importOriginal<typeof SmsCodeStore>();
  return {
    ...original,
    requestSmsCode: vi.fn(async ({ verify }: { verify?: (code: string) => Promise<void> }) => {
      await verify?.('654321');
      return '654321';
    }),
  };
});
const { requestSmsCode } = await import('@/stores/sms-code');

vi.mock('../servicing/lib/gateway', () => ({ goToGateway: vi.fn() }));
const { goToGateway } = await import('../servicing/lib/gateway');

const PAY_PATH = `/pay/payment/${encodeURIComponent('ЗМ-000007')}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
});

function withBalance(days_to_due: number, penalty = '0.00') {
  return { ...GIVEN_ORDER, balance: { ...GIVEN_ORDER.balance!, days_to_due, penalty } };
}

async function openLoan(orders = [GIVEN_ORDER], pay?: ServicingOptions['pay']) {
  const api = fakeServicingApi({ orders, ...(pay ? { pay } : {}) });
  const view = renderApp('/loan');
  await screen.findByRole('heading', { name: 'Заём по договору № ЗМ-000007' });
  return { api, ...view };
}

function toasts(): string[] {
  return Object.values(useNotificationsStore.getState().notifications).map((item) => item.message);
}

describe('the current loan card', () => {
  it('shows today’s sum with its parts, the due date, days left and the ПСК', async () => {
    await openLoan();
    expect(screen.getByText('К погашению сегодня').nextSibling).toHaveTextContent('10 800 ₽');
    expect(screen.getByText('Основной долг', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '10 000 ₽',
    );
    expect(screen.getByText('Проценты', { selector: 'dt' }).nextSibling).toHaveTextContent('800 ₽');
    expect(screen.getByText('Пени', { selector: 'dt' }).nextSibling).toHaveTextContent('0 ₽');
    expect(screen.getByText('Осталось 21 день')).toBeVisible();
    expect(screen.getByText('Дата возврата').nextSibling).toHaveTextContent(/21\.12\.2026/);
    expect(screen.getByText('292,000 % годовых (2 400 ₽)')).toBeVisible();
  });

  it('shows beside it the sum due on the due date, the charges against the cap and the schedule', async () => {
    await openLoan();
    expect(screen.getByTestId('loan-due-date-total')).toHaveTextContent(
      /К 21\.12\.2026, если не платить\s*12\s400\s₽/,
    );
    expect(screen.getByTestId('loan-charges-cap')).toHaveTextContent(
      /Начислено 800\s₽ из 10\s000\s₽ возможных/,
    );
    const schedule = screen.getByRole('table', { name: 'График платежей' });
    const [, row] = within(schedule).getAllByRole('row');
    expect(row).toHaveTextContent(/21\.12\.2026.*10\s000\s₽.*2\s400\s₽.*12\s400\s₽/);
  });

  it.each([
    [1, 'Осталось 1 день'],
    [3, 'Осталось 3 дня'],
    [5, 'Осталось 5 дней'],
    [0, 'Срок возврата — сегодня'],
    [-1, 'Просрочка 1 день'],
    [-2, 'Просрочка 2 дня'],
    [-11, 'Просрочка 11 дней'],
    [-22, 'Просрочка 22 дня'],
  ])('days to due %i reads «%s»', async (days, text) => {
    await openLoan([withBalance(days)]);
    expect(screen.getByText(text)).toBeVisible();
  });

  it('opens the documents popup for this loan', async () => {
    await openLoan();
    await userEvent.click(screen.getByRole('button', { name: 'Документы по займу' }));
    expect(usePopupsStore.getState().popups.documents?.data).toMatchObject({ orderIds: [7] });
  });

  it('takes the first GIVEN or EXPIRED order as the current one', async () => {
    const repaid = makeOrder(9, { status_id: ORDER_STATUS.REPAID, contract_number: 'ЗМ-000009' });
    await openLoan([repaid, GIVEN_ORDER]);
    expect(screen.queryByText('Заём погашен')).not.toBeInTheDocument();
  });
});

describe('paying', () => {
  it('offers an operator no repayment, part payment or prolongation, only the reason', async () => {
    useSessionStore.getState().setAdmin(true);
    await openLoan();

    expect(screen.getByText('В режиме оператора проводить платежи нельзя.')).toBeVisible();
    for (const name of ['Погасить полностью', 'Погасить часть', 'Продлить']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Документы по займу' })).toBeVisible();
  });

  it('repays in full by the active card with an idempotency key, then refreshes', async () => {
    const { api } = await openLoan();
    await userEvent.click(screen.getByRole('button', { name: 'Погасить полностью' }));
    expect(await screen.findByRole('radio', { name: 'Карта •••• 1111' })).toBeChecked();
    const ordersBefore = api.sent('GET', '/clients/orders').length;
    await userEvent.click(screen.getByRole('button', { name: /^Оплатить 10\s800\s₽$/ }));

    await waitFor(() => expect(toasts()).toContain('Платёж прошёл успешно'));
    const [call] = api.sent('POST', PAY_PATH);
    expect(bodyOf(call).type).toBe('full');
    expect(bodyOf(call).card_id).toBe(5);
    expect(bodyOf(call).payment_system_id).toBe(1);
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID);
    await waitFor(() =>
      expect(api.sent('GET', '/clients/orders').length).toBeGreaterThan(ordersBefore),
    );
  });

  it('validates the part amount and pays it by another card on the gateway page', async () => {
    const { api } = await openLoan([GIVEN_ORDER], () =>
      payAnswer('redirect', '', 'http://gateway.test/pay'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Погасить часть' }));
    const amount = await screen.findByLabelText('Сумма платежа, ₽');
    await userEvent.type(amount, '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Сумма платежа — не больше 10 800 ₽');
    expect(api.sent('POST', PAY_PATH)).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '1500,50');
    await userEvent.click(screen.getByRole('radio', { name: 'Другой картой' }));
    await userEvent.click(screen.getByRole('button', { name: 'Оплатить' }));

    await waitFor(() => expect(goToGateway).toHaveBeenCalledWith('http://gateway.test/pay'));
    const [call] = api.sent('POST', PAY_PATH);
    expect(bodyOf(call).type).toBe('part');
    expect(bodyOf(call).amount).toBe('1500.50');
    expect(bodyOf(call)).not.toHaveProperty('card_id');
  });

  it('shows a declined payment as an error toast', async () => {
    await openLoan([GIVEN_ORDER], () => payAnswer('declined', 'Недостаточно средств'));
    await userEvent.click(screen.getByRole('button', { name: 'Погасить полностью' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Оплатить 10\s800\s₽$/ }));
    await waitFor(() => expect(toasts()).toContain('Недостаточно средств'));
  });
});

describe('prolongation', () => {
  it('offers the server’s terms, asks for the SMS code and pays the prolongation', async () => {
    const { api } = await openLoan();
    await userEvent.click(screen.getByRole('button', { name: 'Продлить' }));
    await userEvent.click(await screen.findByRole('radio', { name: '14 дней' }));
    expect(screen.getByText('Новая дата возврата').nextSibling).toHaveTextContent('04.01.2027');
    await userEvent.click(screen.getByRole('button', { name: /^Продлить и оплатить 800\s₽$/ }));

    await waitFor(() => expect(api.sent('POST', PAY_PATH)).toHaveLength(1));
    // The code is bound to this loan's 14-day agreement (the server refuses it for anything else).
    expect(requestSmsCode).toHaveBeenCalledWith(
      expect.objectContaining({
        purpose: 'sign',
        subject: { orderId: GIVEN_ORDER.id, prolongation: 14 },
      }),
    );
    const [call] = api.sent('POST', PAY_PATH);
    expect(bodyOf(call).type).toBe('prolongation');
    expect(bodyOf(call).prolongation).toBe(14);
    expect(bodyOf(call).asp_code).toBe('654321');
    expect(call?.query.toString(), 'nothing in the address').toBe('');
    expect(bodyOf(call).document_agreements).toBe('prolongation_agreement');
    expect(bodyOf(call).card_id).toBe(5);
  });
});

describe('prolongation without accrued interest', () => {
  it('says it is not available when every option costs nothing', async () => {
    fakeServicingApi({
      override: (request) =>
        /^\/loans\/7\/prolongation$/.test(request.path)
          ? { data: { options: [{ days: 7, price: '0.00', new_due_date: '2026-12-28' }] } }
          : undefined,
    });
    renderApp('/loan');
    await userEvent.click(await screen.findByRole('button', { name: 'Продлить' }));
    expect(await screen.findByText('Продление этого займа сейчас недоступно.')).toBeVisible();
    expect(screen.queryByRole('radio', { name: '7 дней' })).not.toBeInTheDocument();
  });
});

describe('without a current loan', () => {
  it.each([
    [ORDER_STATUS.REPAID, 'Заём погашен', 'Взять новый заём', '/'],
    [
      ORDER_STATUS.APPROVED,
      'Заявка одобрена — осталось подписать договор.',
      'Подписать договор',
      '/profile/confirmOrder',
    ],
    [
      ORDER_STATUS.SIGNED,
      'Договор подписан, отправляем деньги.',
      'Посмотреть статус выдачи',
      '/profile/sendingMoney',
    ],
    [
      ORDER_STATUS.REFUSED,
      'По последней заявке пришёл отказ.',
      'Подробнее',
      '/profile/declineOrder',
    ],
  ])('status %i: «%s» with a link', async (status_id, text, link, href) => {
    fakeServicingApi({ orders: [makeOrder(3, { status_id })] });
    renderApp('/loan');
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', href);
  });

  it('shows an empty state with the calculator link when there are no orders', async () => {
    fakeServicingApi({ orders: [] });
    renderApp('/loan');
    const main = await screen.findByText(
      'У вас пока нет займов. Выберите сумму и срок в калькуляторе.',
    );
    expect(
      within(main.closest('section')!).getByRole('link', { name: 'Выбрать сумму и срок' }),
    ).toHaveAttribute('href', '/');
  });
});

describe('the loan’s insurance (353-ФЗ ст. 7 ч. 2.7)', () => {
  const INSURANCE = {
    names: ['Защита заемщика'],
    premium: '490.00',
    refusal_last_day: '2026-12-21',
    refusable: true,
    refund_working_days: 7,
    refusal: null,
  };
  const INSURED = { ...GIVEN_ORDER, insurance: INSURANCE };
  const REFUSED = {
    ...INSURED,
    insurance: {
      ...INSURANCE,
      refusable: false,
      refusal: {
        applied_on: '2026-11-25',
        applied_at: '2026-11-25T09:00:00.000Z',
        amount: '490.00',
        refund_status: 'refunded' as const,
        refunded_on: '2026-11-25',
        refund_due_by: '2026-12-04',
      },
    },
  };
  const REFUSAL_PATH = '/orders/7/insurance/refusal';

  it('refuses in two clicks: the button, then the confirmation; one call', async () => {
    let refused = false;
    const api = fakeServicingApi({
      orders: [INSURED],
      override: (request) => {
        if (request.path === REFUSAL_PATH) refused = true;
        if (request.path === REFUSAL_PATH) return { data: { order: REFUSED } };
        if (refused && request.path === '/clients/orders') {
          return { data: { data: { data: [REFUSED] } } };
        }
        return undefined;
      },
    });
    renderApp('/loan');
    const user = userEvent.setup();
    const block = await screen.findByRole('region', { name: 'Страховка' });
    expect(block).toHaveTextContent('до 21.12.2026 включительно');
    await user.click(within(block).getByRole('button', { name: 'Отказаться от страховки' }));
    expect(api.sent('POST', REFUSAL_PATH)).toHaveLength(0);
    expect(block).toHaveTextContent('в течение 7 рабочих дней');
    await user.click(within(block).getByRole('button', { name: 'Подтвердить отказ' }));
    await waitFor(() => expect(block).toHaveTextContent('Вы отказались от страховки 25.11.2026.'));
    expect(block).toHaveTextContent('490 ₽ возвращены на карту 25.11.2026.');
    expect(api.sent('POST', REFUSAL_PATH)).toHaveLength(1);
    expect(
      within(block).getByRole('button', { name: 'Заявление об отказе от страховки (PDF)' }),
    ).toBeInTheDocument();
  });

  it('after the period: the day it ended and no button', async () => {
    fakeServicingApi({ orders: [{ ...INSURED, insurance: { ...INSURANCE, refusable: false } }] });
    renderApp('/loan');
    const block = await screen.findByRole('region', { name: 'Страховка' });
    expect(block).toHaveTextContent('Срок отказа от страховки истёк 21.12.2026.');
    expect(within(block).queryByRole('button')).toBeNull();
  });

  it('offers the refusal on a repaid loan still in its period, beside the current loan', async () => {
    const repaidInsured = makeOrder(9, {
      status_id: ORDER_STATUS.REPAID,
      contract_number: 'ЗМ-000009',
      insurance: INSURANCE,
    });
    const repaidRefunded = makeOrder(8, {
      status_id: ORDER_STATUS.REPAID,
      contract_number: 'ЗМ-000008',
      insurance: REFUSED.insurance,
    });
    fakeServicingApi({ orders: [GIVEN_ORDER, repaidInsured, repaidRefunded] });
    renderApp('/loan');
    const others = await screen.findByRole('region', { name: 'Страховки по другим займам' });
    const block = within(others).getByRole('region', {
      name: 'Страховка по договору № ЗМ-000009',
    });
    expect(block).toHaveTextContent('до 21.12.2026 включительно');
    expect(
      within(block).getByRole('button', { name: 'Отказаться от страховки' }),
    ).toBeInTheDocument();
    const refused = within(others).getByRole('region', {
      name: 'Страховка по договору № ЗМ-000008',
    });
    expect(refused).toHaveTextContent('490 ₽ возвращены на карту 25.11.2026.');
    expect(within(refused).queryByRole('button', { name: 'Отказаться от страховки' })).toBeNull();
  });

  it('shows no other-loans block when no other insurance can be refused or was', async () => {
    const expired = makeOrder(9, {
      status_id: ORDER_STATUS.REPAID,
      insurance: { ...INSURANCE, refusable: false },
    });
    fakeServicingApi({ orders: [GIVEN_ORDER, expired] });
    renderApp('/loan');
    await screen.findByRole('heading', { name: /Заём/ });
    expect(screen.queryByRole('region', { name: 'Страховки по другим займам' })).toBeNull();
  });
});
