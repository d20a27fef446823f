import type { Client, ClientProfile, CompanySettings, Tariff } from '@zaymo/contract';

/** Answers every screen of the app may ask for, shared by the feature fakes. */
export const COMPANY_SETTINGS: CompanySettings = {
  brand: 'Займо',
  legal_name: 'ООО МФК «Займо»',
  ogrn: '1234567890123',
  inn: '7701234567',
  cbr_register_entry: '2103045009876',
  address: 'г. Москва, ул. Тверская, д. 1',
  support_phone: '+78001234567',
  support_email: 'help@zaymo.test',
  working_hours: 'ежедневно с 9 до 21',
  site_url: 'https://zaymo.test',
};

export function signedInClient(patch: Partial<Client> = {}): Client {
  return {
    id: 42,
    phone: '+79123456789',
    phone_confirmed: true,
    email: null,
    email_confirmed: false,
    has_password: true,
    surname: null,
    name: null,
    patronymic: null,
    step: null,
    is_operator_session: false,
    operator_name: null,
    created_at: '2026-01-15T10:00:00.000Z',
    ...patch,
  };
}

/** The first-loan tariff a guest's calculator quotes. */
export const TARIFF: Tariff = {
  id: 1,
  name: 'Первый займ',
  is_repeat: false,
  min_sum: '1000.00',
  max_sum: '30000.00',
  sum_step: '500.00',
  min_period: 5,
  max_period: 30,
  period_step: 1,
  day_percent: '0.8',
  period: 'Daily',
};

/** GET /clients/profile of a client who has entered nothing yet. */
export const EMPTY_PROFILE: ClientProfile = {
  personal: null,
  passport: null,
  addresses: null,
  work: null,
  photos: [],
  step: null,
  passport_locked: false,
  esia: {
    available: false,
    linked: false,
    identification_level: 'self_entered',
    biometrics_available: false,
    biometric_required: false,
    biometric_required_from: null,
    steps: {
      personal: { state: 'none', differences: [] },
      passport: { state: 'none', differences: [] },
      addresses: { state: 'none', differences: [] },
    },
  },
};
