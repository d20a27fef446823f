import { API_ERRORS, type CrmReviewItem, type Staff } from '@zaymo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { OPERATOR, renderConsole } from '../../../../test/render';

const RISK: Staff = { id: 3, login: 'risk', name: 'Вера Рискова', role: 'risk' };

function waiting(overrides: Partial<CrmReviewItem> = {}): CrmReviewItem {
  return {
    order_id: 7,
    client_id: 42,
    client_name: 'Проверкина Анна Сергеевна',
    phone_masked: '+7 912 ***-**-89',
    amount: '10000.00',
    period: 30,
    return_sum: '12400.00',
    sent_by: 'surname:Проверкина',
    rules: [
      { rule: 'age', passed: true, detail: 'Возраст от 18 до 75 лет' },
      { rule: 'debt_load', passed: false, detail: 'Платёж — 62 % дохода (не больше 50 %)' },
    ],
    waiting_since: '2026-11-24T06:00:00Z',
    waited_seconds: 2 * 3600 + 5 * 60,
    ...overrides,
  };
}

describe('«Проверка заявок»', () => {
  it('is in risk’s navigation and lists the waiting orders, each linking to the client card', async () => {
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    mockCrmApi('/crm/review', {
      data: { orders: [waiting(), waiting({ order_id: 8, client_id: 43, client_name: 'Б' })] },
    });
    renderConsole('/clients', RISK);
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Разделы консоли' });
    await user.click(within(nav).getByRole('link', { name: 'Проверка заявок' }));

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!).getByRole('link', { name: 'Проверкина Анна Сергеевна' }),
    ).toHaveAttribute('href', '/clients/42');
    expect(within(rows[0]!).getByText('+7 912 ***-**-89')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/^10\s000\s₽$/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2 ч 05 мин')).toBeInTheDocument();
    // Moscow time: 06:00 UTC is 09:00.
    expect(within(rows[0]!).getByText('(с 24.11.2026 09:00:00)')).toBeInTheDocument();
  });

  it('approves with a reason after a confirmation; the decided order leaves the queue', async () => {
    let decided = false;
    mockCrmApi('/crm/review', () => ({ data: { orders: decided ? [] : [waiting()] } }));
    const decision = mockCrmApi('/crm/review/:orderId/decision', () => {
      decided = true;
      return { data: { order_id: 7, status: 'APPROVED' as const, status_id: 2 } };
    });
    renderConsole('/review', RISK);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Решить по заявке №7' }));
    const panel = screen.getByRole('region', { name: 'Заявка №7 — Проверкина Анна Сергеевна' });
    expect(
      within(panel).getByText('Песочница: фамилия «Проверкина»', { exact: false }),
    ).toBeVisible();
    expect(within(panel).getByText('Платёж — 62 % дохода (не больше 50 %)')).toBeVisible();

    // No reason: the form says so and asks nothing.
    await user.click(within(panel).getByRole('button', { name: 'Одобрить' }));
    expect(await within(panel).findByText('Причина — не короче 3 символов')).toBeVisible();
    expect(decision.calls).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Причина решения'), 'Доход подтверждён');
    await user.click(within(panel).getByRole('button', { name: 'Одобрить' }));
    expect(within(panel).getByText(/Клиент получит SMS/)).toBeVisible();
    expect(decision.calls).toHaveLength(0);
    await user.click(within(panel).getByRole('button', { name: 'Да, одобрить' }));

    expect(await screen.findByText('Заявка №7 одобрена.')).toBeVisible();
    expect(await screen.findByText('Заявок на ручной проверке нет.')).toBeVisible();
    expect(screen.queryByRole('region', { name: /Заявка №7/ })).not.toBeInTheDocument();
    expect(decision.calls.map((call) => [call.params, call.body])).toEqual([
      [{ orderId: '7' }, { decision: 'approve', reason: 'Доход подтверждён' }],
    ]);
  });

  it('refuses, and shows the server’s 409 when another specialist was first', async () => {
    mockCrmApi('/crm/review', { data: { orders: [waiting()] } });
    mockCrmApi('/crm/review/:orderId/decision', () => apiError('REVIEW_DECIDED'));
    renderConsole('/review', RISK);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Решить по заявке №7' }));
    await user.type(screen.getByLabelText('Причина решения'), 'Сомнительный доход');
    await user.click(screen.getByRole('button', { name: 'Отказать' }));
    await user.click(screen.getByRole('button', { name: 'Да, отказать' }));

    expect(await screen.findByText(API_ERRORS.REVIEW_DECIDED.message)).toBeVisible();
  });

  it('says so when the queue is empty or does not load', async () => {
    let fail = true;
    mockCrmApi('/crm/review', () =>
      fail ? apiError('SERVICE_UNAVAILABLE') : { data: { orders: [] } },
    );
    renderConsole('/review', RISK);
    const user = userEvent.setup();

    expect(await screen.findByText(API_ERRORS.SERVICE_UNAVAILABLE.message)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Заявок на ручной проверке нет.')).toBeVisible();
  });

  it('is hidden from an operator, whose address of it is «Страница не найдена»', async () => {
    mockCrmApi('/crm/clients', { data: { clients: [] } });
    renderConsole('/review', OPERATOR);

    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Разделы консоли' });
    expect(within(nav).queryByRole('link', { name: 'Проверка заявок' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Клиенты' })).toBeVisible());
  });
});
