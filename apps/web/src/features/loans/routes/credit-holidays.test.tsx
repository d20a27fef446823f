import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditHolidayRequest, CreditHolidaysResponse } from '@zaymo/contract';
import { useNotificationsStore } from '@/stores/notifications';
import { useSessionStore } from '@/stores/session';
import { mockApi } from '../../../../test/api';
import { renderWithQuery } from '../../../../test/render';
import { VALID_TOKEN } from '../../../../test/stores';
import { CreditHolidaysScreen } from './credit-holidays';

const LOAN = {
  order_id: 42,
  contract_number: 'ЗМ-000042',
  amount: '10000.00',
  due_date: '2026-12-27',
  overdue: false,
};

const APPROVED: CreditHolidayRequest = {
  id: 7,
  order_id: 42,
  contract_number: 'ЗМ-000042',
  ground: 'income_drop',
  status: 'approved',
  start_date: '2026-11-27',
  until_date: '2027-01-26',
  months: 2,
  reason: 'Справка подтверждает',
  created_at: '2026-11-27T07:00:00.000Z',
  decide_by: '2026-12-04',
  decided_at: '2026-11-27T08:00:00.000Z',
  documents: [{ id: 1, name: 'справка.pdf', content_type: 'application/pdf', size: 100 }],
  due_date_before: '2026-12-27',
  due_date_after: '2027-02-26',
  due_on_new_date: '17280.00',
  notice_link: 'documents/file/credit_holiday_notice?order_id=42',
};

function holidays(requests: CreditHolidayRequest[]): CreditHolidaysResponse {
  return {
    data: {
      today: '2026-11-27',
      loans: [LOAN],
      requests,
      rules: {
        income_drop_max_months: 6,
        income_drop_max_loan: '450000.00',
        service_max_months: 24,
        service_requests_until: '2026-12-31',
      },
    },
  };
}

function renderScreen() {
  const router = createMemoryRouter(
    [{ path: '/credit-holidays', element: <CreditHolidaysScreen /> }],
    {
      initialEntries: ['/credit-holidays'],
    },
  );
  renderWithQuery(<RouterProvider router={router} />);
}

beforeEach(() => {
  useSessionStore.getState().setToken(VALID_TOKEN);
});

describe('credit holidays', () => {
  it('says what happens and asks for a document before sending anything', async () => {
    mockApi('/credit-holidays', holidays([]));
    const sent = mockApi('/credit-holidays', { data: { request: APPROVED } }, { method: 'POST' });
    renderScreen();
    expect(
      await screen.findByText(/неустойка \(штраф, пени\) в льготный период не начисляется/i),
    ).toBeVisible();
    const form = screen.getByRole('region', { name: 'Запросить кредитные каникулы' });
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить запрос' }));
    expect(await within(form).findByText('Приложите хотя бы один документ')).toBeVisible();
    expect(sent.calls).toHaveLength(0);
  });

  it('shows the first day as ДД.ММ.ГГГГ and refuses an unfinished one, sending nothing', async () => {
    mockApi('/credit-holidays', holidays([]));
    const sent = mockApi('/credit-holidays', { data: { request: APPROVED } }, { method: 'POST' });
    renderScreen();
    const form = await screen.findByRole('region', { name: 'Запросить кредитные каникулы' });
    const start = within(form).getByLabelText('С какого дня');
    expect(start).toHaveValue('27.11.2026');
    await userEvent.clear(start);
    await userEvent.type(start, '0112');
    await userEvent.upload(
      within(form).getByLabelText('Документы, подтверждающие основание'),
      new File(['%PDF-1.4 %%EOF'], 'справка.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить запрос' }));
    expect(
      await within(form).findByText('Укажите дату начала каникул в формате ДД.ММ.ГГГГ'),
    ).toBeVisible();
    expect(sent.calls).toHaveLength(0);
  });

  it('sends the request with its document and says so', async () => {
    mockApi('/credit-holidays', holidays([]));
    const sent = mockApi(
      '/credit-holidays',
      { data: { request: { ...APPROVED, status: 'pending' } } },
      { method: 'POST' },
    );
    renderScreen();
    const form = await screen.findByRole('region', { name: 'Запросить кредитные каникулы' });
    await userEvent.clear(within(form).getByLabelText('На сколько месяцев'));
    await userEvent.type(within(form).getByLabelText('На сколько месяцев'), '2');
    const certificate = new File(['%PDF-1.4 %%EOF'], 'справка.pdf', { type: 'application/pdf' });
    await userEvent.upload(
      within(form).getByLabelText('Документы, подтверждающие основание'),
      certificate,
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Отправить запрос' }));
    await waitFor(() => expect(sent.calls).toHaveLength(1));
    expect((sent.calls[0]?.body as FormData).get('start_date')).toBe('2026-11-27');
    const messages = () =>
      Object.values(useNotificationsStore.getState().notifications).map((n) => n.message);
    await waitFor(() =>
      expect(messages()).toContain('Запрос № 7 отправлен. Мы рассмотрим его и сообщим решение.'),
    );
  });

  it('shows an approved request’s new due date, the sum due on it and the notice', async () => {
    mockApi('/credit-holidays', holidays([APPROVED]));
    renderScreen();
    const request = await screen.findByRole('region', { name: 'Запрос № 7: договор № ЗМ-000042' });
    expect(request).toHaveTextContent('Одобрены');
    expect(request).toHaveTextContent('Новая дата платежа: 26.02.2027');
    expect(request).toHaveTextContent('Решение принято 27.11.2026');
    expect(request).toHaveTextContent(/К оплате на новую дату, если не платить раньше: 17\s280\s₽/);
    expect(
      within(request).getByRole('button', { name: 'Уведомление об изменении условий (PDF)' }),
    ).toBeVisible();
    expect(screen.getByText('По всем вашим займам каникулы уже запрошены.')).toBeVisible();
  });

  it('tells the client of a pending request by when the decision comes and that an SMS follows', async () => {
    const pending = {
      ...APPROVED,
      status: 'pending' as const,
      reason: null,
      decided_at: null,
      due_date_after: null,
      due_on_new_date: null,
      notice_link: null,
    };
    mockApi('/credit-holidays', holidays([pending]));
    renderScreen();
    const request = await screen.findByRole('region', { name: 'Запрос № 7: договор № ЗМ-000042' });
    expect(request).toHaveTextContent('На рассмотрении');
    expect(request).toHaveTextContent('Решение — не позднее 04.12.2026; о нём придёт SMS');
    expect(request).not.toHaveTextContent('Решение принято');
  });
});
