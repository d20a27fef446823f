import type {
  CrmClientCard,
  CrmCreditEvent,
  CrmInboxTicket,
  CrmOrder,
  CrmTicketDetail,
  CrmTicketMessage,
} from '@zaymo/contract';

/** A client as GET /crm/clients/:id answers (checked against the schema by mockCrmApi). */
export function clientCard(overrides: Partial<CrmClientCard> = {}): CrmClientCard {
  return {
    id: 42,
    phone: '+79123456789',
    phone_confirmed: true,
    email: 'ivanov@example.ru',
    email_confirmed_at: '2026-11-20T10:00:00Z',
    created_at: '2026-11-20T21:30:00Z',
    identity: {
      step: 5,
      personal: {
        surname: 'Иванов',
        name: 'Пётр',
        patronymic: 'Сергеевич',
        birth_date: '1990-05-17',
        birth_place: 'г. Пермь',
        gender: 'male',
      },
      passport: {
        series_number_masked: '45 ** ***456',
        issue_date: '2012-06-01',
        division_code: '590-001',
        issued_by: 'ОВД Ленинского района г. Перми',
      },
      addresses: { registration: 'г. Пермь, ул. Ленина, д. 1', residence: null },
      work: { employer: 'ООО «Ромашка»', position: 'инженер' },
      monthly_income: '85000.00',
      updated_at: '2026-11-20T22:00:00Z',
    },
    photos: [],
    consents: [
      {
        code: 'personal_data',
        action: 'given',
        document: 'personal_data_consent',
        version: '3',
        accepted_at: '2026-11-20T21:30:00Z',
        ip: '10.0.0.7',
      },
    ],
    cards: [
      {
        id: 3,
        pan_masked: '220000******0004',
        expiry: '12/29',
        payment_system: 'МИР',
        is_active: true,
        is_autopay: true,
        created_at: '2026-11-21T08:00:00Z',
        deleted_at: null,
      },
    ],
    documents: [],
    messages: [
      {
        channel: 'sms',
        recipient: '+79123456789',
        subject: null,
        text: 'Код подтверждения: ******',
        sent_at: '2026-11-20T21:29:00Z',
      },
    ],
    tickets: [],
    bureau_requests: [
      {
        id: 5,
        order_id: 42,
        bureau: 'Песочница НБКИ',
        requested_at: '2026-11-20T21:30:00Z',
        answered_at: '2026-11-20T21:30:01Z',
        outcome: 'answered',
        consent_version: '1.0 от 01.03.2026',
        consent_accepted_at: '2026-11-20T21:29:30Z',
        summary: {
          self_ban: true,
          open_obligations: 2,
          monthly_payments: '16000.00',
          overdue_obligations: 0,
        },
        error: null,
      },
    ],
    credit_history: [creditEvent()],
    identification: {
      level: 'esia_confirmed',
      esia_linked: true,
      sources: { personal: 'esia', passport: 'mismatch', addresses: 'client' },
    },
    ...overrides,
  };
}

/** A reported event: the refusal of order 42, acknowledged by the bureau. */
export function creditEvent(overrides: Partial<CrmCreditEvent> = {}): CrmCreditEvent {
  return {
    id: 9,
    client_id: 7,
    client_name: 'Смирнова Анна',
    order_id: 42,
    contract_number: null,
    kind: 'refusal',
    code: '1.3',
    occurred_at: '2026-11-20T21:30:02Z',
    deadline: '2026-11-24',
    status: 'acknowledged',
    near_deadline: false,
    late: false,
    attempts: 1,
    last_sent_at: '2026-11-20T21:30:30Z',
    acknowledged_at: '2026-11-20T21:30:31Z',
    document_number: 'ZAYMO01_20261121_003030_a1b2c3',
    incoming_number: '20261121-1',
    last_error: null,
    ...overrides,
  };
}

export function givenLoan(overrides: Partial<CrmOrder> = {}): CrmOrder {
  return {
    id: 7,
    status_id: 4,
    status: 'GIVEN',
    status_reason: null,
    contract_number: 'З-000007',
    amount: '10000.00',
    period: 15,
    day_percent: '0.8',
    return_sum: '11200.00',
    insurance_total: '0.00',
    payout_method: 'card',
    due_date: '2026-12-06',
    moratorium_until: null,
    created_at: '2026-11-21T09:00:00Z',
    status_history: [
      { status: 'NEW', at: '2026-11-21T09:00:00Z' },
      { status: 'GIVEN', at: '2026-11-21T09:10:00Z' },
    ],
    scoring: {
      approved: true,
      rules: [{ rule: 'age', passed: true, detail: '36 лет' }],
      forced_by: null,
      decided_at: '2026-11-21T09:01:00Z',
    },
    ledger: [
      {
        id: 1,
        kind: 'payout',
        amount: '10000.00',
        entry_date: '2026-11-21',
        allocated: null,
        reverses: null,
        payment_operation_id: 11,
        created_at: '2026-11-21T09:10:00Z',
      },
    ],
    payments: [],
    payouts: [
      {
        id: 11,
        kind: 'payout',
        status: 'succeeded',
        amount: '10000.00',
        gateway: 'best2pay',
        gateway_order_id: 'B2P-555',
        gateway_operation_id: 'OP-777',
        reference: 'payout-7',
        message: null,
        payment_type: null,
        card_pan_masked: '220000******0004',
        created_at: '2026-11-21T09:05:00Z',
        updated_at: '2026-11-21T09:10:00Z',
      },
    ],
    ...overrides,
  };
}

export function inboxTicket(overrides: Partial<CrmInboxTicket> = {}): CrmInboxTicket {
  return {
    id: 12,
    status: 'open',
    category: 'payment',
    subject: 'Не прошёл платёж',
    created_at: '2026-11-23T08:00:00Z',
    // 21:30 UTC is already the next day in Moscow.
    last_message_at: '2026-11-23T21:30:00Z',
    last_message: {
      author: 'client',
      text: 'Деньги списались дважды',
      created_at: '2026-11-23T21:30:00Z',
    },
    client: { id: 42, phone: '+79123456789', full_name: 'Иванов Пётр Сергеевич' },
    ...overrides,
  };
}

export function ticketMessage(overrides: Partial<CrmTicketMessage> = {}): CrmTicketMessage {
  return {
    id: 301,
    author: 'client',
    operator_name: null,
    text: 'Деньги списались дважды',
    created_at: '2026-11-23T21:30:00Z',
    attachments: [],
    ...overrides,
  };
}

export function ticketDetail(overrides: Partial<CrmTicketDetail> = {}): CrmTicketDetail {
  return {
    ...inboxTicket(),
    messages: [
      ticketMessage({
        attachments: [
          {
            id: 34,
            name: 'выписка.pdf',
            content_type: 'application/pdf',
            size: 2048,
            url: '/api/crm/tickets/12/attachments/34',
          },
        ],
      }),
    ],
    ...overrides,
  };
}
