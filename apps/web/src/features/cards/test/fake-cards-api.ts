import type { Card, PaymentMethod } from '@zaymo/contract';
import { mockApi, type MockError, type MockRequest } from '../../../../test/api';

export type SentRequest = { method: string; path: string; search: string; body: unknown };

export function makeCard(id: number, patch: Partial<Card> = {}): Card {
  return {
    id,
    pan_masked: '220000******0004',
    expiry: '12/29',
    holder: 'IVAN IVANOV',
    payment_system: 'mir',
    is_active: false,
    is_autopay: false,
    created_at: '2026-05-01T10:00:00.000Z',
    ...patch,
  };
}

export const CARD_METHOD: PaymentMethod = {
  id: 1,
  code: 'best2pay_card',
  title: 'Банковская карта',
  enabled: true,
};

type FakeOptions = {
  cards?: Card[];
  payment?: PaymentMethod[];
  payout?: PaymentMethod[];
  /** Answers a request with this instead of the fake behaviour, e.g. a CONFLICT on delete. */
  override?: (request: SentRequest) => MockError | undefined;
  /** Every answer waits for this promise: to see loading states. */
  gate?: Promise<void>;
};

/**
 * A small in-memory stand-in for the cards calls, answering through the contract's table
 * (test/api.ts): it keeps the cards and changes them the way the contract says, so tests assert
 * what the screen shows after a call, not a mock's echo.
 */
export function fakeCardsApi(options: FakeOptions = {}) {
  let cards = options.cards ?? [];
  const requests: SentRequest[] = [];
  const listAnswer = () => ({ data: cards });

  /** Records the request, waits for the gate, then answers the override or the fake. */
  function answer<T>(method: string, respond: (request: MockRequest) => T) {
    return async (request: MockRequest): Promise<T | MockError> => {
      const sent = {
        method,
        path: request.url.pathname,
        search: request.url.search,
        body: request.body,
      };
      requests.push(sent);
      await options.gate;
      return options.override?.(sent) ?? respond(request);
    };
  }
  const cardId = (request: MockRequest) => Number(request.params.cardId);

  mockApi('/clients/cards', answer('GET', listAnswer));
  mockApi(
    '/clients/activate_card/:cardId',
    answer('POST', (request) => {
      cards = cards.map((card) => ({ ...card, is_active: card.id === cardId(request) }));
      return listAnswer();
    }),
  );
  mockApi(
    '/clients/autopay_card/:cardId',
    answer('POST', (request) => {
      const enabled = (request.body as { enabled: boolean }).enabled;
      cards = cards.map((card) =>
        card.id === cardId(request) ? { ...card, is_autopay: enabled } : card,
      );
      return listAnswer();
    }),
  );
  mockApi(
    '/clients/cards/:cardId',
    answer('DELETE', (request) => {
      cards = cards.filter((card) => card.id !== cardId(request));
      return listAnswer();
    }),
  );
  mockApi(
    '/payment_system/payment',
    answer('GET', () => ({ data: options.payment ?? [] })),
  );
  mockApi(
    '/payment_system/payout',
    answer('GET', () => ({ data: options.payout ?? [] })),
  );
  mockApi(
    '/pay/link',
    answer('GET', () => ({ data: { url: 'http://gateway.test/sandbox/best2pay/card?id=1' } })),
  );

  return {
    requests,
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
  };
}
