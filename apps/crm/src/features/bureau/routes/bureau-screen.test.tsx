import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CrmBureauOverview, Staff } from '@zaymo/contract';
import { mockCrmApi } from '../../../../test/api';
import { creditEvent } from '../../../../test/fixtures';
import { ADMIN, OPERATOR, renderConsole } from '../../../../test/render';

const RISK: Staff = { id: 3, login: 'risk', name: 'Вера Рискова', role: 'risk' };

function overview(overrides: Partial<CrmBureauOverview> = {}): { data: CrmBureauOverview } {
  return {
    data: {
      bureau: 'Песочница НБКИ',
      deadline_working_days: 2,
      calendar_years: ['2025', '2026', '2027'],
      summary: { unsent: 1, failing: 1, late: 0, acknowledged_today: 8 },
      attention: [
        creditEvent({
          id: 11,
          kind: 'payout',
          code: '2.2',
          contract_number: 'ЗМ-000042',
          status: 'failing',
          near_deadline: true,
          acknowledged_at: null,
          attempts: 3,
          last_error: 'бюро ответило 503',
        }),
      ],
      recent: [creditEvent({ kind: 'closure', code: '2.5', contract_number: 'ЗМ-000041' })],
      ...overrides,
    },
  };
}

describe('the «БКИ» screen', () => {
  it('shows the queue, what needs attention first, and the events acknowledged', async () => {
    mockCrmApi('/crm/bureau', overview());
    renderConsole('/bureau', RISK);

    expect(await screen.findByRole('heading', { name: 'Бюро кредитных историй' })).toBeVisible();
    const summary = (await screen.findByText('Принято сегодня')).closest('dl');
    expect(summary).toHaveTextContent('Песочница НБКИ');
    expect(summary).toHaveTextContent('Принято сегодня8');
    expect(screen.getByText(/не позднее 2-го рабочего дня/)).toHaveTextContent('2025, 2026, 2027');
    const attention = screen.getByRole('region', { name: 'Требуют внимания' });
    const [failing] = within(attention).getAllByTestId('credit-event');
    if (!failing) throw new Error('no event');
    expect(failing).toHaveTextContent('Заём выдан (2.2)');
    expect(failing).toHaveTextContent('Смирнова Анна');
    expect(failing).toHaveTextContent('Ошибка, повторим · срок подходит · бюро ответило 503');
    expect(failing).toHaveTextContent('попыток: 3');
    const recent = screen.getByRole('region', { name: 'Последние события' });
    const [closed] = within(recent).getAllByTestId('credit-event');
    if (!closed) throw new Error('no event');
    expect(closed).toHaveTextContent('Заём погашен (2.5)');
    expect(closed).toHaveTextContent('Принято бюро');
    expect(within(closed).getByRole('link', { name: 'Смирнова Анна' })).toHaveAttribute(
      'href',
      '/clients/7',
    );
  });

  it('is in the navigation of risk staff and admins, not of operators', async () => {
    mockCrmApi('/crm/bureau', overview());
    renderConsole('/bureau', ADMIN);
    expect(await screen.findByRole('link', { name: 'БКИ' })).toBeVisible();
  });

  it('an operator does not get it', async () => {
    renderConsole('/bureau', OPERATOR);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'БКИ' })).toBeNull();
  });
});
