import { screen, waitFor, within } from '@testing-library/react';
import { API_ERRORS } from '@zaymo/contract';
import userEvent from '@testing-library/user-event';
import type { CrmCreditHoliday, CrmOrder, CrmReminder } from '@zaymo/contract';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockCrmApi } from '../../../../test/api';
import { clientCard, givenLoan } from '../../../../test/fixtures';
import { OPERATOR, renderConsole } from '../../../../test/render';

function mockClient() {
  mockCrmApi('/crm/clients/:id', { data: clientCard() });
  mockCrmApi('/crm/clients/:id/loans', { data: { orders: [givenLoan()] } });
  mockCrmApi('/crm/clients/:id/reminders', { data: { reminders: [] } });
  mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
}

describe('the client card', () => {
  it('shows how the client is identified and where each step’s data came from', async () => {
    mockClient();
    renderConsole('/clients/42', OPERATOR);
    const profile = await screen.findByRole('region', { name: 'Профиль и анкета' });
    expect(profile).toHaveTextContent('ИдентификацияПодтверждено Госуслугами');
    expect(profile).toHaveTextContent('Источник. Данные: подтверждены Госуслугами');
    expect(profile).toHaveTextContent('Источник. Данные: введены клиентом, отличаются от Госуслуг');
    expect(profile).toHaveTextContent('Источник. Адреса: введены клиентом');
  });

  it('lists the bureau requests with outcome and consent, and the events reported', async () => {
    mockClient();
    renderConsole('/clients/42', OPERATOR);
    const requests = await screen.findByRole('region', {
      name: 'Запросы в бюро кредитных историй',
    });
    const [request] = within(requests).getAllByRole('row').slice(1);
    expect(request).toHaveTextContent('21.11.2026 00:30:00');
    expect(request).toHaveTextContent('Песочница НБКИ');
    expect(request).toHaveTextContent('Ответ получен');
    expect(request).toHaveTextContent(/самозапрет, открытых займов: 2, платежи в месяц: 16\s000 ₽/);
    expect(request).toHaveTextContent('1.0 от 01.03.2026');
    const reported = screen.getByRole('region', { name: 'Передано в бюро кредитных историй' });
    const [event] = within(reported).getAllByTestId('credit-event');
    expect(event).toHaveTextContent('Отказ (1.3)');
    expect(event).toHaveTextContent('24.11.2026');
    expect(event).toHaveTextContent('Принято бюро');
  });

  it('keeps the passport masked until «Показать», which asks the server (audited) once', async () => {
    mockClient();
    const reveal = mockCrmApi('/crm/clients/:id/passport', {
      data: {
        series_number: '45 12 123456',
        issue_date: '2012-06-01',
        division_code: '590-001',
        issued_by: 'ОВД Ленинского района г. Перми',
      },
    });
    renderConsole('/clients/42', OPERATOR);
    const user = userEvent.setup();

    const number = await screen.findByTestId('passport-number');
    expect(number).toHaveTextContent('45 ** ***456');
    expect(screen.queryByText(/45 12 123456/)).not.toBeInTheDocument();
    expect(reveal.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Показать' }));
    await waitFor(() => expect(number).toHaveTextContent('45 12 123456'));
    expect(reveal.calls.map((call) => call.params)).toEqual([{ id: '42' }]);

    await user.click(screen.getByRole('button', { name: 'Скрыть' }));
    expect(number).toHaveTextContent('45 ** ***456');
    await user.click(screen.getByRole('button', { name: 'Показать' }));
    expect(number).toHaveTextContent('45 12 123456');
    expect(reveal.calls).toHaveLength(1);
  });

  it('shows the sections, masked cards only, money from kopecks and Moscow times', async () => {
    mockClient();
    renderConsole('/clients/42', OPERATOR);

    expect(await screen.findByRole('heading', { name: 'Иванов Пётр Сергеевич' })).toBeVisible();
    for (const title of [
      'Профиль и анкета',
      'Согласия',
      'Карты',
      'Заявки',
      'Займы с движениями',
      'Платежи и выплаты',
      'Документы',
      'SMS и письма',
      'Обращения',
      'Запросы в бюро кредитных историй',
      'Передано в бюро кредитных историй',
    ]) {
      expect(screen.getByRole('region', { name: title }), title).toBeInTheDocument();
    }
    const consents = screen.getByRole('region', { name: 'Согласия' });
    expect(
      within(consents).getByText('Согласие на обработку персональных данных'),
    ).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Карты' });
    expect(within(cards).getByText('220000******0004')).toBeInTheDocument();
    const ledger = screen.getByRole('region', { name: 'Займы с движениями' });
    expect(within(ledger).getByText('Выдача')).toBeInTheDocument();
    expect(within(ledger).getByText(/^10\s000\s₽$/)).toBeInTheDocument();
    const payments = screen.getByRole('region', { name: 'Платежи и выплаты' });
    expect(within(payments).getByText(/заказ B2P-555, операция OP-777/)).toBeInTheDocument();
    // Registered 2026-11-20T21:30:00Z: 21.11 00:30 in Moscow, whatever the browser's zone.
    expect(screen.getByText('21.11.2026 00:30:00', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(/Код подтверждения: \*{6}/)).toBeInTheDocument();
    // Phones as a person reads them: the heading, the profile and the SMS log.
    expect(screen.getByText('Клиент №42 · +7 (912) 345-67-89')).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Профиль и анкета' });
    expect(within(profile).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
    const messages = screen.getByRole('region', { name: 'SMS и письма' });
    expect(within(messages).getByText('+7 (912) 345-67-89')).toBeInTheDocument();
  });

  it('shows a manual review in the order’s history, with who decided and why', async () => {
    mockCrmApi('/crm/clients/:id', { data: clientCard() });
    const reviewed = givenLoan({
      status: 'APPROVED',
      status_id: 2,
      status_history: [
        { status: 'NEW', at: '2026-11-21T09:00:00Z' },
        { status: 'MANUAL_REVIEW', at: '2026-11-21T09:00:01Z' },
        {
          status: 'APPROVED',
          at: '2026-11-21T10:00:00Z',
          by: 'Вера Рискова',
          reason: 'Доход подтверждён',
        },
      ],
    });
    mockCrmApi('/crm/clients/:id/loans', { data: { orders: [reviewed] } });
    mockCrmApi('/crm/clients/:id/reminders', { data: { reminders: [] } });
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
    renderConsole('/clients/42', OPERATOR);

    const history = await screen.findByRole('list', { name: 'История статусов' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps[1]).toHaveTextContent('21.11.2026 12:00:01 — Ручная проверка');
    expect(steps[2]).toHaveTextContent(
      '21.11.2026 13:00:00 — Одобрена (ручная проверка: Вера Рискова, «Доход подтверждён»)',
    );
  });

  /** The client's card with one loan scored with this ПДН. */
  type DebtLoad = NonNullable<CrmOrder['debt_load']>;
  function renderScored(debtLoad: Pick<DebtLoad, 'percent' | 'income' | 'income_region'>) {
    mockCrmApi('/crm/clients/:id', { data: clientCard() });
    const debt_load: DebtLoad = {
      monthly_payments: '12400.00',
      income_basis: 'regional_average',
      notice: false,
      ...debtLoad,
    };
    mockCrmApi('/crm/clients/:id/loans', { data: { orders: [givenLoan({ debt_load })] } });
    mockCrmApi('/crm/clients/:id/reminders', { data: { reminders: [] } });
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
    renderConsole('/clients/42', OPERATOR);
  }

  it('shows the ПДН and which income it was computed on, naming the region', async () => {
    renderScored({ percent: '34.25', income: '36200.00', income_region: 'Республика Тыва' });
    expect(
      await screen.findByText(
        'ПДН 34,25 %: платежи 12 400 ₽ в месяц при доходе 36 200 ₽ (средний доход региона «Республика Тыва» — ниже заявленного)',
      ),
    ).toBeInTheDocument();
  });

  it('says the country’s average stood in for a region the table does not list', async () => {
    renderScored({ percent: '16.99', income: '73000.00', income_region: null });
    expect(
      await screen.findByText(
        'ПДН 16,99 %: платежи 12 400 ₽ в месяц при доходе 73 000 ₽ (средний доход по России — ниже заявленного)',
      ),
    ).toBeInTheDocument();
  });

  it('says the notice of the risk is signed only once the contract is', async () => {
    mockCrmApi('/crm/clients/:id', { data: clientCard() });
    const debt_load: DebtLoad = {
      percent: '62.00',
      monthly_payments: '12400.00',
      income: '20000.00',
      income_basis: 'declared',
      income_region: null,
      notice: true,
    };
    const approved = givenLoan({
      id: 7,
      status: 'APPROVED',
      status_id: 2,
      status_history: [{ status: 'APPROVED', at: '2026-11-21T10:00:00Z' }],
      debt_load,
    });
    const signed = givenLoan({
      id: 8,
      status_history: [
        { status: 'APPROVED', at: '2026-11-21T10:00:00Z' },
        { status: 'SIGNED', at: '2026-11-21T10:05:00Z' },
      ],
      debt_load,
    });
    mockCrmApi('/crm/clients/:id/loans', { data: { orders: [approved, signed] } });
    mockCrmApi('/crm/clients/:id/reminders', { data: { reminders: [] } });
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
    renderConsole('/clients/42', OPERATOR);

    expect(
      await screen.findByText(/Клиент подпишет уведомление о риске вместе с договором$/),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/Клиент подписал уведомление о риске$/)).toHaveLength(1);
  });

  it('opens the cabinet in operator mode in a tab opened at the click', async () => {
    mockClient();
    const link = mockCrmApi('/crm/clients/:id/operator-link', {
      data: {
        url: 'http://localhost/?from_crm=true&token=op_abc',
        expires_at: '2026-11-24T10:00:00Z',
      },
    });
    const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderConsole('/clients/42', OPERATOR);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Открыть кабинет клиента' }));

    await waitFor(() =>
      expect(tab.location.href).toBe('http://localhost/?from_crm=true&token=op_abc'),
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(link.calls.map((call) => call.params)).toEqual([{ id: '42' }]);
  });

  it('closes the tab and says why when the link is refused', async () => {
    mockClient();
    mockCrmApi('/crm/clients/:id/operator-link', apiError('FORBIDDEN', { message: 'Нет прав' }));
    const tab = { location: { href: '' }, opener: null, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderConsole('/clients/42', OPERATOR);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Открыть кабинет клиента' }));
    expect(await screen.findByText('Нет прав')).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows the server’s message for a client that does not exist', async () => {
    mockCrmApi('/crm/clients/:id', apiError('CLIENT_NOT_FOUND'));
    mockCrmApi('/crm/clients/:id/loans', apiError('CLIENT_NOT_FOUND'));
    renderConsole('/clients/999', OPERATOR);
    expect(await screen.findByText(API_ERRORS.CLIENT_NOT_FOUND.message)).toBeVisible();
  });
  it('names a ticket’s category, status and author in Russian and links it to its page', async () => {
    mockCrmApi('/crm/clients/:id', {
      data: clientCard({
        tickets: [
          {
            id: 12,
            subject: 'Не прошёл платёж',
            category: 'payment',
            status: 'open',
            created_at: '2026-11-23T08:00:00Z',
            last_activity_at: '2026-11-23T21:30:00Z',
            last_message: {
              author: 'client',
              text: 'Деньги списались дважды',
              created_at: '2026-11-23T21:30:00Z',
            },
          },
        ],
      }),
    });
    mockCrmApi('/crm/clients/:id/loans', { data: { orders: [] } });
    mockCrmApi('/crm/clients/:id/reminders', { data: { reminders: [] } });
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [] } });
    renderConsole('/clients/42', OPERATOR);

    const tickets = await screen.findByRole('region', { name: 'Обращения' });
    expect(within(tickets).getByRole('link', { name: '№12. Не прошёл платёж' })).toHaveAttribute(
      'href',
      '/tickets/12',
    );
    expect(
      within(tickets).getByText(/Оплата и продление · Ждёт ответа · от 23\.11\.2026/),
    ).toBeInTheDocument();
    expect(within(tickets).getByText('Клиент: Деньги списались дважды')).toBeInTheDocument();
  });

  it('lists the automatic messages: sent, and refused with the reason and the article', async () => {
    mockClient();
    mockCrmApi('/crm/clients/:id/reminders', {
      data: {
        reminders: [
          givenReminder({
            id: 2,
            kind: 'dunning',
            day: 3,
            state: 'dropped',
            text: null,
            sent_at: null,
            refusal: {
              code: 'CONTACT_REFUSED_BY_DEBTOR',
              reason: 'Должник отказался от взаимодействия',
              law: 'ст. 8 ч. 1 п. 2 230-ФЗ',
              at: '2026-12-05T09:00:00Z',
            },
          }),
          givenReminder({ id: 1 }),
        ],
      },
    });
    renderConsole('/clients/42', OPERATOR);

    const section = await screen.findByRole('region', { name: 'Автоматические сообщения' });
    const rows = await within(section).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      'Сообщение о просрочке, 3-й день просрочкиЗМ-000042Не отправлено05.12.2026 12:00' +
        'Должник отказался от взаимодействия (ст. 8 ч. 1 п. 2 230-ФЗ) CONTACT_REFUSED_BY_DEBTOR',
    );
    expect(rows[2]).toHaveTextContent(
      'Напоминание о платеже за 3 дн. до срокаЗМ-000042Отправлено29.11.2026 12:00',
    );
    expect(rows[2]).toHaveTextContent('платёж до 02.12.2026 включительно');
  });
});

function givenReminder(overrides: Partial<CrmReminder> = {}): CrmReminder {
  return {
    id: 1,
    order_id: 42,
    contract_number: 'ЗМ-000042',
    kind: 'before_due',
    day: 3,
    due_date: '2026-12-02',
    state: 'sent',
    channels: ['sms'],
    text: 'Займо: по договору ЗМ-000042 платёж до 02.12.2026 включительно — 12 400 ₽.',
    sent_at: '2026-11-29T09:00:00Z',
    next_attempt_at: null,
    attempts: 1,
    refusal: null,
    created_at: '2026-11-29T09:00:00Z',
    ...overrides,
  };
}

describe('the client card’s credit holidays', () => {
  const approved: CrmCreditHoliday = {
    id: 5,
    order_id: 7,
    contract_number: 'ЗМ-000042',
    ground: 'income_drop',
    status: 'approved',
    start_date: '2026-11-20',
    until_date: '2026-12-19',
    months: 1,
    reason: 'Справка 2-НДФЛ подтверждает',
    created_at: '2026-11-18T07:00:00Z',
    decide_by: '2026-11-25',
    decided_at: '2026-11-19T21:30:00Z',
    documents: [],
    due_date_before: '2026-12-02',
    due_date_after: '2027-01-01',
    due_on_new_date: '14800.00',
    notice_link: 'documents/file/credit_holiday_notice?order_id=7',
    client_id: 42,
    client_name: 'Иванов Пётр Сергеевич',
    loan_amount: '10000.00',
    decided_by: 'Вера Рискова',
    decision_overdue: false,
  };

  it('lists an approved holiday with its period, the moved due date and who approved it', async () => {
    mockClient();
    mockCrmApi('/crm/clients/:id/credit-holidays', { data: { requests: [approved] } });
    renderConsole('/clients/42', OPERATOR);
    const section = await screen.findByRole('region', { name: 'Кредитные каникулы' });
    const [, row] = await within(section).findAllByRole('row');
    expect(row).toHaveTextContent(
      '№ ЗМ-000042Снижение дохода более чем на 30 % (ст. 6.1-1 353-ФЗ)20.11.2026 — 19.12.2026' +
        '02.12.2026 → 01.01.202720.11.2026, Вера Рискова: Справка 2-НДФЛ подтверждает',
    );
  });

  it('says so when the client has none', async () => {
    mockClient();
    renderConsole('/clients/42', OPERATOR);
    const section = await screen.findByRole('region', { name: 'Кредитные каникулы' });
    expect(await within(section).findByText('Одобренных каникул нет.')).toBeVisible();
  });
});
