import {
  parseDailyPercent,
  quoteLoan,
  roubles,
  type CompanySettings,
  type DocumentKind,
} from '@zaymo/contract';
import type {
  ClientDetails,
  CommonDocumentData,
  DocumentDataByKind,
  LoanTerms,
  SignatureRecord,
} from './types';

/** Sample data for tests and for looking at the pages; not used by the server. */

export const company: CompanySettings = {
  brand: 'Займо',
  legal_name: 'ООО МКК «Займо»',
  ogrn: '1237700482150',
  inn: '7703482150',
  cbr_register_entry: '2303045010123',
  address: '123112, г. Москва, Пресненская наб., д. 12, этаж 45, помещение 4501',
  support_phone: '8 800 350-12-34',
  support_email: 'support@zaymo.ru',
  working_hours: 'Ежедневно с 8:00 до 22:00 (МСК)',
  site_url: 'https://zaymo.ru',
};

export const client: ClientDetails = {
  fullName: 'Смирнова Анна Сергеевна',
  birthDate: '1990-02-14',
  passport: {
    series: '4512',
    number: '345678',
    issueDate: '2015-03-10',
    issuedBy: 'ОУФМС России по г. Москве по району Басманный',
    divisionCode: '770-045',
  },
  registrationAddress: 'г. Москва, ул. Бакунинская, д. 7, кв. 15',
  phone: '+79123456789',
  email: 'anna.smirnova@mail.ru',
};

const CONTRACT_DATE = '2026-10-22';
const quote = quoteLoan({
  principal: roubles(10_000),
  days: 30,
  dailyRate: parseDailyPercent('0.8') ?? { numerator: 1n, denominator: 125n },
  contractDate: CONTRACT_DATE,
});

export const loan: LoanTerms = {
  contractNumber: 'ZM-2026-000123',
  principal: roubles(10_000),
  days: 30,
  dailyRatePercent: '0.8',
  contractDate: CONTRACT_DATE,
  ...quote,
};

export const signature: SignatureRecord = {
  signedAt: '2026-10-22T11:35:07Z',
  codeLastDigits: '482912',
  ip: '203.0.113.45',
  phone: '+79123456789',
};

const common: CommonDocumentData = {
  company,
  client,
  version: '1.2 от 01.09.2026',
  date: CONTRACT_DATE,
};

const insurance = { name: 'Защита заемщика', price: roubles(490) };

/** One data set per kind: the signed variant of each. */
export const SAMPLE_DATA: { readonly [K in DocumentKind]: DocumentDataByKind[K] } = {
  personal_data_consent: { ...common, signature },
  terms_of_service: common,
  asp_agreement: { ...common, signature },
  privacy_policy: common,
  marketing_consent: { ...common, signature },
  loan_application: {
    ...common,
    signature,
    request: {
      orderNumber: '100245',
      principal: roubles(10_000),
      days: 30,
      dailyRatePercent: '0.8',
    },
    insurance,
  },
  bki_consent: { ...common, signature },
  individual_terms: { ...common, signature, loan, insurance },
  payment_schedule: { ...common, signature, loan },
  insurance_application: { ...common, signature, loan, insurance },
  debt_load_notice: {
    ...common,
    signature,
    loan,
    debtLoad: {
      percent: '62.00',
      monthlyPayments: roubles(12_400),
      income: roubles(20_000),
      regionalAverage: false,
      region: null,
    },
  },
  prolongation_agreement: {
    ...common,
    date: '2026-11-21',
    signature: { ...signature, signedAt: '2026-11-21T09:02:00Z' },
    loan,
    prolongation: {
      days: 14,
      price: roubles(2_400),
      newDueDate: '2026-12-05',
      sumDue: roubles(11_120),
      psk: { percent: '279.227', amount: roubles(3_520) },
    },
  },
  credit_holiday_notice: {
    ...common,
    date: '2026-11-27',
    contractNumber: loan.contractNumber,
    contractDate: CONTRACT_DATE,
    ground: 'income_drop',
    from: '2026-11-27',
    until: '2027-02-26',
    dueDateBefore: '2026-11-21',
    dueDateAfter: '2027-02-26',
    dueOnNewDate: roubles(13_000),
    holidayDayPercent: null,
    contractDayPercent: '0.8',
  },
  closure_certificate: {
    ...common,
    date: '2026-11-18',
    loan: {
      contractNumber: loan.contractNumber,
      contractDate: CONTRACT_DATE,
      principal: roubles(10_000),
      repaidOn: '2026-11-18',
      totalPaid: roubles(12_160),
    },
    bureauReportedOn: null,
  },
  insurance_refusal: {
    ...common,
    date: '2026-11-10',
    refusal: {
      contractNumber: loan.contractNumber,
      contractDate: CONTRACT_DATE,
      insurances: [insurance.name],
      premium: insurance.price,
      appliedAt: '2026-11-10T09:15:00Z',
      ip: '203.0.113.45',
      refundDueBy: '2026-11-19',
      cardMasked: '220000******0004',
    },
  },
  loan_statement: {
    ...common,
    date: '2026-10-31',
    loan: {
      contractNumber: loan.contractNumber,
      contractDate: CONTRACT_DATE,
      principal: roubles(10_000),
    },
    period: { from: '2026-10-01', to: '2026-10-31' },
    movements: [
      { date: CONTRACT_DATE, title: 'Выдача займа', amount: roubles(10_000) },
      { date: '2026-10-31', title: 'Начислены проценты', amount: roubles(720) },
    ],
    figures: {
      principal: roubles(10_000),
      interest: roubles(720),
      penalty: roubles(0),
      total: roubles(10_720),
      dueDate: '2026-11-21',
      dueDateTotal: roubles(12_400),
      charged: roubles(720),
      chargesCap: roubles(10_000),
    },
  },
};
