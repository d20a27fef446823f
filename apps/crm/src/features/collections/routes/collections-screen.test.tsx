import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiErrorMessage,
  type CrmCollectionLoan,
  type CrmOverdueLoan,
  type Staff,
} from '@zaymo/contract';
import { apiError, mockCrmApi } from '../../../../test/api';
import { OPERATOR, renderConsole } from '../../../../test/render';

const COLLECTOR: Staff = { id: 5, login: 'coll', name: 'Пётр Взыскателев', role: 'collector' };

function overdue(overrides: Partial<CrmOverdueLoan> = {}): CrmOverdueLoan {
  return {
    order_id: 42,
    client_id: 7,
    client_name: 'Смирнова Анна Сергеевна',
    phone_masked: '+7 912 ***-**-89',
    contract_number: 'ЗМ-000042',
    due_date: '2026-12-02',
    days_past_due: 3,
    bucket: '1-7',
    owed: { total: '12500.00', principal: '10000.00', interest: '2400.00', penalty: '100.00' },
    last_contact: null,
    promise: null,
    callback: null,
    collector: null,
    ...overrides,
  };
}

function loanAnswer(overrides: Partial<CrmCollectionLoan> = {}): { data: CrmCollectionLoan } {
  return {
    data: {
      loan: overdue(),
      phone: '+79121234589',
      region: 'Приморский край',
      time_zones: ['Asia/Vladivostok'],
      contacts: [],
      protections: [],
      promises: [],
      waivers: [],
      callbacks: [],
      channels: [
        {
          channel: 'call',
          allowed: false,
          reason: 'Не больше 1 звонка в сутки: лимит исчерпан (ст. 7 ч. 3 п. 3 «а» 230-ФЗ)',
          next_allowed_at: '2026-12-05T22:00:00.000Z',
        },
        { channel: 'sms', allowed: true, reason: null, next_allowed_at: null },
        { channel: 'email', allowed: true, reason: null, next_allowed_at: null },
        { channel: 'voice', allowed: true, reason: null, next_allowed_at: null },
      ],
      ...overrides,
    },
  };
}

describe('«Просрочка»', () => {
  it('lists overdue loans with days, debt, last contact and collector; filters go to the address', async () => {
    const calls = mockCrmApi('/crm/collections', {
      data: {
        loans: [
          overdue(),
          overdue({
            order_id: 43,
            contract_number: 'ЗМ-000043',
            days_past_due: 45,
            bucket: '31-60',
            last_contact: {
              id: 1,
              channel: 'sms',
              at: '2026-12-04T07:00:00Z',
              staff_name: 'Пётр Взыскателев',
              note: '',
            },
            promise: {
              id: 3,
              amount: '5000.00',
              due_on: '2026-12-04',
              made_on: '2026-12-01',
              state: 'broken',
              staff_name: 'Пётр Взыскателев',
            },
            callback: {
              id: 9,
              at: '2026-12-05T16:00:00.000Z',
              requested_at: '2026-12-04T09:30:00.000Z',
            },
            collector: { id: 5, name: 'Пётр Взыскателев' },
          }),
        ],
        next_cursor: null,
        today: '2026-12-05',
      },
    });
    mockCrmApi('/crm/collections/collectors', {
      data: { collectors: [{ id: 5, name: 'Пётр Взыскателев' }] },
    });
    const { router } = renderConsole('/collections', COLLECTOR);

    expect(await screen.findByRole('heading', { name: 'Просрочка' })).toBeVisible();
    const [first, second] = await screen.findAllByTestId('overdue-loan');
    expect(first).toHaveTextContent('ЗМ-000042');
    expect(first).toHaveTextContent('3 дн.');
    expect(first).toHaveTextContent('12 500 ₽');
    expect(first).toHaveTextContent('Не было');
    expect(first).toHaveTextContent('Не назначен');
    expect(second).toHaveTextContent('SMS, 04.12.2026 10:00');
    expect(second).toHaveTextContent('Пётр Взыскателев');
    expect(second).toHaveTextContent('5 000 ₽ до 04.12.2026 — Нарушено');
    expect(first).toHaveTextContent('Нет');
    expect(screen.getByRole('columnheader', { name: 'Перезвонить' })).toBeVisible();
    expect(within(first as HTMLElement).getByTestId('callback')).toHaveTextContent('Нет');
    expect(within(second as HTMLElement).getByTestId('callback')).toHaveTextContent(
      '05.12.2026 19:00',
    );
    expect(within(first as HTMLElement).getByRole('link', { name: 'ЗМ-000042' })).toHaveAttribute(
      'href',
      '/collections/42',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Просрочка'), '31-60');
    await user.selectOptions(screen.getByLabelText('Взыскатель'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Показать' }));
    expect(router.state.location.search).toBe('?bucket=31-60&collector=mine');
    const asked = calls.calls.at(-1)?.url.searchParams;
    expect(asked?.get('bucket')).toBe('31-60');
    expect(asked?.get('collector')).toBe('mine');
  });

  it('an operator does not get it', async () => {
    renderConsole('/collections', OPERATOR);
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Просрочка' })).toBeNull();
  });
});

describe('an overdue loan', () => {
  it('shows when each channel is allowed, in Moscow and the debtor’s time', async () => {
    mockCrmApi('/crm/collections/:orderId', loanAnswer());
    mockCrmApi('/crm/collections/collectors', { data: { collectors: [] } });
    mockCrmApi('/crm/collections/:orderId/reminders', { data: { reminders: [] } });
    renderConsole('/collections/42', COLLECTOR);

    expect(await screen.findByRole('heading', { name: 'Договор ЗМ-000042' })).toBeVisible();
    const states = screen.getByRole('list', { name: 'Можно ли связаться сейчас' });
    expect(states).toHaveTextContent(
      'Звонок — нельзя: Не больше 1 звонка в сутки: лимит исчерпан (ст. 7 ч. 3 п. 3 «а» 230-ФЗ). ' +
        'Можно с 06.12.2026 01:00 МСК, у должника 06.12.2026 08:00',
    );
    expect(states).toHaveTextContent('SMS — можно сейчас');
    expect(screen.getByText('+7 (912) 123-45-89')).toBeInTheDocument();
  });

  it('a refused contact shows the server’s reason and the next moment', async () => {
    mockCrmApi('/crm/collections/:orderId', loanAnswer());
    mockCrmApi('/crm/collections/collectors', { data: { collectors: [] } });
    mockCrmApi('/crm/collections/:orderId/reminders', { data: { reminders: [] } });
    const params = {
      channel: 'Звонок',
      reason: 'Не больше 1 звонка в сутки: лимит исчерпан',
      law: 'ст. 7 ч. 3 п. 3 «а» 230-ФЗ',
      next: 'Следующий разрешённый момент: 06.12.2026 08:00 по времени должника (06.12.2026 01:00 МСК).',
    };
    const posts = mockCrmApi('/crm/collections/:orderId/contacts', () =>
      apiError('CONTACT_LIMIT_REACHED', { params }),
    );
    renderConsole('/collections/42', COLLECTOR);

    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Итог разговора или текст сообщения'),
      'Не дозвонился',
    );
    await user.click(screen.getByRole('button', { name: 'Записать контакт' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      apiErrorMessage('CONTACT_LIMIT_REACHED', params),
    );
    expect(posts.calls.at(-1)?.body).toEqual({ channel: 'call', note: 'Не дозвонился' });
  });

  it('takes a promise’s day as ДД.ММ.ГГГГ and sends the calendar date', async () => {
    mockCrmApi('/crm/collections/:orderId', loanAnswer());
    mockCrmApi('/crm/collections/collectors', { data: { collectors: [] } });
    mockCrmApi('/crm/collections/:orderId/reminders', { data: { reminders: [] } });
    const posts = mockCrmApi('/crm/collections/:orderId/promises', {
      data: {
        promise: {
          id: 1,
          amount: '3000.00',
          due_on: '2026-12-05',
          made_on: '2026-12-02',
          state: 'pending',
          staff_name: COLLECTOR.name,
        },
      },
    });
    renderConsole('/collections/42', COLLECTOR);
    const user = userEvent.setup();

    const day = await screen.findByLabelText('Оплатит до');
    expect(day).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
    await user.type(screen.getByLabelText('Сумма, ₽'), '3000');
    await user.type(day, '05122026');
    await waitFor(() => expect(day).toHaveValue('05.12.2026'));
    await user.click(screen.getByRole('button', { name: 'Записать обещание' }));

    await waitFor(() => expect(posts.calls).toHaveLength(1));
    expect(posts.calls[0]?.body).toEqual({ amount: '3000', due_on: '2026-12-05' });
  });

  it('refuses a protection’s unfinished or missing day in Russian and sends nothing', async () => {
    mockCrmApi('/crm/collections/:orderId', loanAnswer());
    mockCrmApi('/crm/collections/collectors', { data: { collectors: [] } });
    mockCrmApi('/crm/collections/:orderId/reminders', { data: { reminders: [] } });
    const posts = mockCrmApi('/crm/collections/:orderId/protections', () => apiError('VALIDATION'));
    renderConsole('/collections/42', COLLECTOR);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('По (пусто — бессрочно)'), '3112');
    await user.click(screen.getByRole('button', { name: 'Записать запрет' }));

    expect(screen.getByLabelText('С')).toHaveAccessibleDescription('Укажите дату');
    expect(screen.getByLabelText('По (пусто — бессрочно)')).toHaveAccessibleDescription(
      'Укажите дату в формате ДД.ММ.ГГГГ',
    );
    expect(posts.calls).toHaveLength(0);
  });
});
