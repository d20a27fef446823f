import {
  ORDER_STATUS,
  payLoanRequestSchema,
  type Arrangements,
  type Order,
  type PayLoanRequest,
} from '@zaymo/contract';
import type { MockError } from '../../../../../test/api';
import { fakeLoansApi, makeOrder, type Answer, type SentRequest } from '../../test/fake-loans-api';

export const GIVEN_ORDER: Order = makeOrder(7, {
  status_id: ORDER_STATUS.GIVEN,
  contract_number: 'ЗМ-000007',
  due_date: '2026-12-21',
  given_at: '2026-11-21T10:00:00.000Z',
  balance: {
    principal: '10000.00',
    interest: '800.00',
    penalty: '0.00',
    total: '10800.00',
    days_to_due: 21,
    due_date_total: '12400.00',
    charged: '800.00',
    charges_cap: '10000.00',
    schedule: [
      {
        date: '2026-12-21',
        principal: '10000.00',
        interest: '2400.00',
        penalty: '0.00',
        total: '12400.00',
      },
    ],
  },
});

export const PROLONGATION_OPTIONS = [
  { days: 7, price: '800.00', new_due_date: '2026-12-28' },
  { days: 14, price: '800.00', new_due_date: '2027-01-04' },
];

export const ARRANGEMENTS: Arrangements = {
  days_overdue: 5,
  refusal_from: '2027-03-27',
  time_zone: 'Europe/Moscow',
  promises: [],
  callbacks: [],
  statements: [],
};

export type ServicingOptions = {
  orders?: Order[];
  history?: unknown;
  /** What POST /pay/payment/{contract} answers; approved by default. */
  pay?: (request: SentRequest) => Answer | MockError;
  override?: (request: SentRequest) => Answer | MockError | undefined;
};

function payAnswer(status: string, message = 'Платёж прошёл успешно', url: string | null = null) {
  return { data: { status, url, message, order: null } };
}
export { payAnswer };

/** The loan calls of the origination fake plus the servicing calls. */
export function fakeServicingApi(options: ServicingOptions = {}) {
  return fakeLoansApi({
    orders: options.orders ?? [GIVEN_ORDER],
    override: (request) => {
      const custom = options.override?.(request);
      if (custom) return custom;
      if (request.path === '/payment_system/payment')
        return {
          data: [{ id: 1, code: 'best2pay_card', title: 'Банковская карта', enabled: true }],
        };
      if (/^\/loans\/\d+\/prolongation$/.test(request.path))
        return { data: { options: PROLONGATION_OPTIONS } };
      if (request.path.startsWith('/pay/payment/'))
        return options.pay?.(request) ?? payAnswer('approved');
      if (/^\/loans\/\d+\/arrangements$/.test(request.path)) return { data: ARRANGEMENTS };
      if (request.path === '/clients/history')
        return options.history ?? { data: { orders: [], payments: [] } };
      return undefined;
    },
  });
}

/** The body of a payment call (POST /pay/payment or /loanpay/payment), as the contract reads it. */
export function bodyOf(call: { body: unknown } | undefined): PayLoanRequest {
  return payLoanRequestSchema.parse(call?.body);
}
