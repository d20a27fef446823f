import {
  ENDPOINTS,
  ORDER_STATUS,
  type Card,
  type EndpointPath,
  type EsiaProfile,
  type Insurance,
  type Order,
  type Tariff,
} from '@zaymo/contract';
import { http, HttpResponse } from 'msw';
import {
  apiError,
  apiServer,
  failTest,
  mockApi,
  type MockError,
  type MockRequest,
  NETWORK_ERROR,
} from '../../../../test/api';
import { COMPANY_SETTINGS, EMPTY_PROFILE, signedInClient, TARIFF } from '../../../../test/fixtures';

/** An answer of the fake: the route's 200 body (checked against the contract), or an error. */
export type Answer = unknown;
export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};

export { TARIFF };

export const REPEAT_TARIFF: Tariff = {
  ...TARIFF,
  id: 2,
  name: 'Повторный займ',
  is_repeat: true,
  max_sum: '50000.00',
  max_period: 45,
};

export const INSURANCE: Insurance = {
  id: 3,
  code: 'life',
  name: 'Страхование жизни',
  description: 'Погасит займ при несчастном случае',
  price: '300.00',
};

/** The server's today in the fake answers (the browser's date is never used). */
export const SERVER_TODAY = '2026-12-24';

export const CARD: Card = {
  id: 5,
  pan_masked: '411111******1111',
  expiry: '12/30',
  holder: 'IVAN IVANOV',
  payment_system: 'visa',
  is_active: true,
  is_autopay: false,
  created_at: '2026-05-01T10:00:00.000Z',
};

export function makeOrder(id: number, patch: Partial<Order> = {}): Order {
  return {
    id,
    status_id: ORDER_STATUS.NEW,
    contract_number: null,
    amount: '10000.00',
    period: 30,
    day_percent: '0.8',
    tariff_id: 1,
    insurance_ids: [],
    return_sum: '12400.00',
    psk: { percent: '292.000', amount: '2400.00' },
    created_at: '2026-05-01T10:00:00.000Z',
    due_date: null,
    contract_date: null,
    contract_due_date: null,
    signed_at: null,
    given_at: null,
    repaid_at: null,
    status_reason: null,
    balance: null,
    ...patch,
  };
}

type Route = (request: SentRequest) => Answer | MockError | typeof NETWORK_ERROR | undefined;

/** resign: signed on another day — back to APPROVED with the server's 409. */
export type PayoutOutcome = 'given' | 'refused' | 'pending' | 'lost' | 'resign';

type FakeOptions = {
  orders?: Order[];
  /** What the payout calls answer, in turn; then the money goes out. */
  payouts?: PayoutOutcome[];
  step?: number | null;
  /** How the client is identified and what the law asks (GET /clients/profile's `esia`). */
  esia?: Partial<EsiaProfile>;
  /**
   * Answers a request with this (an answer, `apiError(…)` or NETWORK_ERROR) instead of the fake
   * behaviour; undefined falls through.
   */
  override?: Route;
};

/**
 * An in-memory stand-in for the loan calls: it keeps the client's orders and changes them as
 * the contract says, so the tests check what the screens do with real-shaped answers. It answers
 * through the contract's table (test/api.ts): every request and answer is checked against its
 * schemas, and a call neither the fake nor the override answers fails the test.
 */
export function fakeLoansApi(options: FakeOptions = {}) {
  const state = { orders: options.orders ?? [], step: options.step ?? 7 };
  const requests: SentRequest[] = [];
  const ordersAnswer = () => ({ data: { data: { data: state.orders } } });
  const orderAnswer = (order: Order) => ({ data: { order } });

  const routes: Array<[string, RegExp, (match: RegExpExecArray, request: SentRequest) => Answer]> =
    [
      [
        'GET',
        /^\/tariff\/(default|repeat)$/,
        ([, kind]) => ({
          data: {
            tariffs: [kind === 'repeat' ? REPEAT_TARIFF : TARIFF],
            service: { insurances: [INSURANCE] },
            today: SERVER_TODAY,
          },
        }),
      ],
      ['GET', /^\/clients\/orders$/, ordersAnswer],
      ['GET', /^\/clients$/, () => ({ data: { client: signedInClient() } })],
      ['GET', /^\/settings\/get$/, () => ({ data: { params: COMPANY_SETTINGS } })],
      ['GET', /^\/clients\/cards$/, () => ({ data: [CARD] })],
      [
        'GET',
        /^\/clients\/refusal-showcase$/,
        () => ({
          data: {
            params: {
              link: null,
              refusal_link_latency_in_seconds: 0,
              window_to_open: 'in-same-window',
            },
          },
        }),
      ],
      // A refused client's decline page lists the partners' offers: none here.
      ['GET', /^\/clients\/refusal-showcase-all$/, () => ({ data: { offers: [] } })],
      [
        'GET',
        /^\/clients\/moratorium$/,
        () => ({ data: { data: { status: true, end_date: null } } }),
      ],
      ['GET', /^\/clients\/step$/, () => ({ data: { step_data: { step_value: state.step } } })],
      [
        'GET',
        /^\/clients\/profile$/,
        () => ({ data: { ...EMPTY_PROFILE, esia: { ...EMPTY_PROFILE.esia, ...options.esia } } }),
      ],
      [
        'GET',
        /^\/documents\/preorder_documents$/,
        () => ({
          data: [
            { link: '/api/documents/preorder/loan_application', name: 'Заявление на микрозайм' },
            { link: '/api/documents/preorder/bki_consent', name: 'Согласие на запрос в БКИ' },
          ],
        }),
      ],
      [
        'GET',
        /^\/documents\/contract_documents$/,
        () => ({
          data: [
            { link: '/api/documents/contract/individual_terms', name: 'Индивидуальные условия' },
            { link: '/api/documents/contract/payment_schedule', name: 'График платежей' },
          ],
        }),
      ],
      [
        'POST',
        /^\/orders\/create$/,
        (_match, request) => {
          const body = request.body as { amount: string; period: number };
          const order = makeOrder(100 + state.orders.length, {
            amount: body.amount,
            period: body.period,
          });
          state.orders = [order, ...state.orders];
          return orderAnswer(order);
        },
      ],
      ['POST', /^\/orders\/(\d+)\/payout$/, ([, id]) => payout(Number(id))],
      [
        'POST',
        /^\/orders\/(\d+)\/reject$/,
        ([, id]) => setStatus(Number(id), ORDER_STATUS.REJECTED_BY_CLIENT),
      ],
      ['POST', /^\/orders\/(\d+)\/cancel$/, ([, id]) => cancel(Number(id))],
      [
        'POST',
        /^\/orders\/verify$/,
        (_match, request) =>
          setStatus((request.body as { order_id: number }).order_id, ORDER_STATUS.SIGNED),
      ],
    ];

  const payouts = [...(options.payouts ?? [])];
  function payout(id: number): Answer {
    const outcome = payouts.shift() ?? 'given';
    if (outcome === 'lost') return apiError('SERVICE_UNAVAILABLE', { message: 'Шлюз не ответил' });
    if (outcome === 'resign') {
      setStatus(id, ORDER_STATUS.APPROVED);
      return apiError('SIGN_AGAIN');
    }
    if (outcome === 'pending') return setStatus(id, ORDER_STATUS.SIGNED);
    if (outcome === 'given') return setStatus(id, ORDER_STATUS.GIVEN);
    return setStatus(id, ORDER_STATUS.FAIL_TO_GIVE, 'Банк получателя отклонил перевод');
  }

  /** The refusal in the cooling-off: once; a second one is the server's domain error. */
  function cancel(id: number): Answer {
    const order = state.orders.find((known) => known.id === id);
    if (order?.status_id === ORDER_STATUS.REJECTED_BY_CLIENT) {
      return apiError('LOAN_ALREADY_CANCELLED');
    }
    if (order?.status_id !== ORDER_STATUS.SIGNED) return apiError('LOAN_ALREADY_PAID_OUT');
    const changed = { ...order, cooling_off_running: false };
    state.orders = state.orders.map((known) => (known.id === id ? changed : known));
    return setStatus(
      id,
      ORDER_STATUS.REJECTED_BY_CLIENT,
      'Вы отказались от займа до получения денег',
    );
  }

  function setStatus(
    id: number,
    status_id: Order['status_id'],
    status_reason: string | null = null,
  ): Answer {
    const order = state.orders.find((known) => known.id === id);
    if (!order) return apiError('ORDER_NOT_FOUND');
    const changed = { ...order, status_id, status_reason };
    state.orders = state.orders.map((known) => (known.id === id ? changed : known));
    return orderAnswer(changed);
  }

  let failNext = false;
  function dispatch(method: string, request: MockRequest) {
    const sent: SentRequest = {
      method,
      path: request.url.pathname.replace(/^\/api/, ''),
      query: request.url.searchParams,
      body: request.body,
      headers: request.headers,
    };
    requests.push(sent);
    if (failNext) {
      failNext = false;
      return NETWORK_ERROR;
    }
    const overridden = options.override?.(sent);
    if (overridden !== undefined) return overridden;
    for (const [routeMethod, pattern, answer] of routes) {
      const match = pattern.exec(sent.path);
      if (match && routeMethod === method) return answer(match, sent);
    }
    failTest(`fakeLoansApi: nobody answers ${method} ${sent.path}`);
    return apiError('NOT_FOUND');
  }

  // Every route of the table goes through the fake and its override, checked by the contract.
  for (const [path, methods] of Object.entries(ENDPOINTS)) {
    for (const method of Object.keys(methods)) {
      mockApi(path as EndpointPath, (request) => dispatch(method, request) as never, {
        method: method as never,
      });
    }
  }
  // The PDFs of the documents' links (binary, outside the table).
  apiServer.use(
    http.get(/\/api\/documents\/(preorder|contract)\/\w+$/, ({ request }) => {
      const url = new URL(request.url);
      requests.push({
        method: 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: undefined,
        headers: request.headers,
      });
      return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );

  return {
    requests,
    state,
    /** The next call's connection fails (fetch rejects). */
    failNextCall: () => {
      failNext = true;
    },
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}
