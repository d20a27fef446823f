import { mockRoutes, type MockRoutes } from './api';
import { EMPTY_PROFILE, TARIFF } from './fixtures';

/**
 * The first reads of every screen, answered for a new client who has nothing yet (no orders,
 * cards, payments, documents, files or tickets; the identity steps not started) and for a guest's
 * pages (the calculator's tariff, the sign-up consents, the password rules, the sandbox panel).
 * For tests that walk the whole app (the route table, the shell, the layouts) rather than one
 * screen's behaviour; a test of a screen answers its calls itself. Added on top of the shell's
 * reads (test/shell-reads.ts); a later `mockApi` of the same call wins.
 */
const ANSWERS = {
  'GET /tariff/default': {
    data: { tariffs: [TARIFF], service: { insurances: [] }, today: '2026-12-24' },
  },
  'GET /registration/settings': {
    data: {
      consents: [
        {
          code: 'personal_data',
          title: 'Согласие на обработку персональных данных',
          document_link: '/api/documents/public/personal_data',
          version: '1',
          required: true,
          effect: 'Без него нельзя зарегистрироваться.',
        },
      ],
    },
  },
  'GET /dashboard/passwordSettings': { data: { min_length: 8, max_length: 64, rules: [] } },
  'GET /dev/clock': {
    data: { now: '2026-12-24T09:00:00.000Z', today: '2026-12-24', offset_days: 0 },
  },
  'GET /dev/outbox': { data: [] },
  'GET /dev/bureau': { data: { rules: [], events: [] } },
  'GET /dev/crm-demo': {
    data: {
      login: 'demo-admin',
      password: 'Демо-пароль-консоли-2026',
      totp_secret: 'JBSWY3DPEHPK3PXP',
      current_code: '492039',
    },
  },
  'GET /clients/orders': { data: { data: { data: [] } } },
  'GET /clients/step': { data: { step_data: { step_value: null } } },
  'GET /clients/profile': { data: EMPTY_PROFILE },
  'GET /files/base64': { data: [] },
  'GET /clients/cards': { data: [] },
  'GET /payment_system/payment': {
    data: [{ id: 1, code: 'best2pay_card', title: 'Банковская карта', enabled: true }],
  },
  'GET /payment_system/payout': {
    data: [{ id: 2, code: 'best2pay_card', title: 'Банковская карта', enabled: true }],
  },
  'GET /clients/history': { data: { orders: [], payments: [] } },
  'GET /documents/client_docs': {
    data: { register_docs: [], orders_docs: [], contracts_docs: [], prolongation_docs: [] },
  },
  'GET /tickets/get': { data: [] },
  'GET /clients/consents': { data: { consents: [] } },
  'GET /credit-holidays': {
    data: {
      today: '2026-11-27',
      loans: [],
      requests: [],
      rules: {
        income_drop_max_months: 6,
        income_drop_max_loan: '450000.00',
        service_max_months: 24,
        service_requests_until: '2026-12-31',
      },
    },
  },
  'GET /clients/inn': { data: { inn: null, checked_at: null } },
} satisfies MockRoutes;

export function answerScreenReads(): void {
  mockRoutes(ANSWERS);
}
