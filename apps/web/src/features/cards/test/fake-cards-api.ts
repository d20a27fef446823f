import type { Card, PaymentMethod } from '@zaymo/contract';
import { mockFetch } from '../../../../test/fetch';

type Answer = { status?: number; body?: unknown };
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
  /** Answers a route with this instead of the fake behaviour, e.g. a 409 on delete. */
  override?: (request: SentRequest) => Answer | undefined;
  /** Every answer waits for this promise: to see loading states. */
  gate?: Promise<void>;
};

/**
 * A small in-memory stand-in for the cards calls: it keeps the cards and changes them the way
 * the contract says, so tests assert what the screen shows after a call, not a mock's echo.
 */
export function fakeCardsApi(options: FakeOptions = {}) {
  let cards = options.cards ?? [];
  const requests: SentRequest[] = [];
  const listAnswer = () => ({ body: { data: cards } });

  const routes: Array<[string, RegExp, (match: RegExpExecArray, body: unknown) => Answer]> = [
    ['GET', /^\/api\/clients\/cards$/, listAnswer],
    [
      'POST',
      /^\/api\/clients\/activate_card\/(\d+)$/,
      ([, id]) => {
        cards = cards.map((card) => ({ ...card, is_active: card.id === Number(id) }));
        return listAnswer();
      },
    ],
    [
      'POST',
      /^\/api\/clients\/autopay_card\/(\d+)$/,
      ([, id], body) => {
        const enabled = (body as { enabled: boolean }).enabled;
        cards = cards.map((card) =>
          card.id === Number(id) ? { ...card, is_autopay: enabled } : card,
        );
        return listAnswer();
      },
    ],
    [
      'DELETE',
      /^\/api\/clients\/cards\/(\d+)$/,
      ([, id]) => {
        cards = cards.filter((card) => card.id !== Number(id));
        return listAnswer();
      },
    ],
    ['GET', /^\/api\/payment_system\/payment$/, () => ({ body: { data: options.payment ?? [] } })],
    ['GET', /^\/api\/payment_system\/payout$/, () => ({ body: { data: options.payout ?? [] } })],
    [
      'GET',
      /^\/api\/pay\/link$/,
      () => ({ body: { data: { url: 'http://gateway.test/sandbox/best2pay/card?id=1' } } }),
    ],
  ];

  const fetchMock = mockFetch(async (url, init) => {
    await options.gate;
    const parsed = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { method, path: parsed.pathname, search: parsed.search, body };
    requests.push(request);
    const overridden = options.override?.(request);
    if (overridden) return overridden;
    for (const [routeMethod, pattern, answer] of routes) {
      const match = pattern.exec(parsed.pathname);
      if (match && routeMethod === method) return answer(match, body);
    }
    return { status: 404, body: { message: 'Не найдено' } };
  });

  return {
    fetchMock,
    requests,
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
  };
}
