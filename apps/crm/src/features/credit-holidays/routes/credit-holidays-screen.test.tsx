import { screen, within } from '@testing-library/react';
import type { CrmCreditHoliday, Staff } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { mockCrmApi } from '../../../../test/api';
import { renderConsole } from '../../../../test/render';

const RISK: Staff = { id: 3, login: 'risk', name: 'Вера Рискова', role: 'risk' };

function pending(overrides: Partial<CrmCreditHoliday>): CrmCreditHoliday {
  return {
    id: 5,
    order_id: 7,
    contract_number: 'ЗМ-000042',
    ground: 'income_drop',
    status: 'pending',
    start_date: '2026-11-20',
    until_date: '2026-12-19',
    months: 1,
    reason: null,
    created_at: '2026-11-02T07:00:00Z',
    decide_by: '2026-11-10',
    decided_at: null,
    documents: [],
    due_date_before: '2026-12-02',
    due_date_after: null,
    due_on_new_date: null,
    notice_link: null,
    client_id: 42,
    client_name: 'Иванов Пётр Сергеевич',
    loan_amount: '10000.00',
    decided_by: null,
    decision_overdue: false,
    ...overrides,
  };
}

describe('the credit holidays queue', () => {
  it('shows each request’s last day to decide and marks the ones past it', async () => {
    mockCrmApi('/crm/credit-holidays', {
      data: {
        requests: [
          pending({ id: 5, decision_overdue: true }),
          pending({ id: 6, decide_by: '2026-11-30', created_at: '2026-11-23T07:00:00Z' }),
        ],
      },
    });
    renderConsole('/credit-holidays', RISK);
    const late = await screen.findByRole('region', { name: /Запрос №5/ });
    expect(within(late).getByText(/10\.11\.2026 включительно/)).toHaveTextContent(
      '10.11.2026 включительно — срок рассмотрения истёк',
    );
    const inTerm = screen.getByRole('region', { name: /Запрос №6/ });
    expect(within(inTerm).getByText(/30\.11\.2026 включительно/)).toHaveTextContent(
      /^30\.11\.2026 включительно$/,
    );
    expect(within(inTerm).queryByText(/срок рассмотрения истёк/)).not.toBeInTheDocument();
  });

  it('shows no term on a decided request', async () => {
    mockCrmApi('/crm/credit-holidays', {
      data: { requests: [pending({ status: 'refused', reason: 'Нет справки' })] },
    });
    renderConsole('/credit-holidays', RISK);
    const card = await screen.findByRole('region', { name: /Запрос №5/ });
    expect(within(card).queryByText('Решить до')).not.toBeInTheDocument();
  });
});
