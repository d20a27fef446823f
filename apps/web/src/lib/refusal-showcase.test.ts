import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, type CallLog } from '../../test/api';
import { setCookie } from './cookies';
import {
  showcaseRedirectUrl,
  showcaseWindow,
  startRefusalShowcaseCheck,
  type RefusalShowcaseParams,
} from './refusal-showcase';
import { storeQueryParamsAsCookies } from './cookies';

const PARTNER = 'https://partner.example/offer?src=zaymo';

function answerShowcase(params: Partial<RefusalShowcaseParams> | 'fail') {
  return mockApi('/clients/refusal-showcase', () =>
    params === 'fail'
      ? apiError('INTERNAL', { message: 'Сбой' })
      : {
          data: {
            params: {
              link: PARTNER,
              refusal_link_latency_in_seconds: 5,
              window_to_open: 'in-same-window' as const,
              ...params,
            },
          },
        },
  );
}

let sameWindow: ReturnType<typeof vi.spyOn>;
let newWindow: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  // The clock moves only when the test says: the latency boundary is checked to the millisecond.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  sameWindow = vi.spyOn(showcaseWindow, 'sameWindow').mockImplementation(() => undefined);
  newWindow = vi.spyOn(showcaseWindow, 'newWindow').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets the mocked call answer (its promises settle without the clock). */
/** Until the check was answered and the app had the answer (setImmediate is not faked here). */
async function answered(log: CallLog) {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  while (log.calls.length === 0) await turn();
  for (let step = 0; step < 5; step += 1) await turn();
}

describe('refusal showcase on the decline page', () => {
  it('asks with is_on_page_denied_loan=1 and redirects after the latency', async () => {
    const log = answerShowcase({ refusal_link_latency_in_seconds: 5 });
    startRefusalShowcaseCheck(true);
    await answered(log);

    expect(log.calls.map((call) => call.query)).toEqual([{ is_on_page_denied_loan: '1' }]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sameWindow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sameWindow).toHaveBeenCalledWith(PARTNER);
  });

  it('opens a new window when the answer says so', async () => {
    const log = answerShowcase({
      window_to_open: 'in-new-window',
      refusal_link_latency_in_seconds: 2,
    });
    startRefusalShowcaseCheck(true);
    await answered(log);
    await vi.advanceTimersByTimeAsync(2_000);

    expect(newWindow).toHaveBeenCalledWith(PARTNER);
    expect(sameWindow).not.toHaveBeenCalled();
  });

  it('never redirects once the client navigated away (the timer is cleared)', async () => {
    const log = answerShowcase({ refusal_link_latency_in_seconds: 5 });
    const leave = startRefusalShowcaseCheck(true);
    await answered(log);
    await vi.advanceTimersByTimeAsync(3_000);
    leave();
    await vi.advanceTimersByTimeAsync(10_000);

    expect(sameWindow).not.toHaveBeenCalled();
  });

  it('does nothing without a link', async () => {
    const log = answerShowcase({ link: null });
    startRefusalShowcaseCheck(true);
    await answered(log);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(sameWindow).not.toHaveBeenCalled();
    expect(newWindow).not.toHaveBeenCalled();
  });
});

describe('refusal showcase on other signed-in pages', () => {
  it('asks with 0 and redirects at once into the same window', async () => {
    const log = answerShowcase({ window_to_open: 'in-same-window' });
    startRefusalShowcaseCheck(false);
    await answered(log);

    expect(log.calls.map((call) => call.query)).toEqual([{ is_on_page_denied_loan: '0' }]);
    expect(sameWindow).toHaveBeenCalledWith(PARTNER);
  });

  it('stays when the answer asks for a new window', async () => {
    const log = answerShowcase({ window_to_open: 'in-new-window' });
    startRefusalShowcaseCheck(false);
    await answered(log);
    await vi.advanceTimersByTimeAsync(60_000);

    expect(sameWindow).not.toHaveBeenCalled();
    expect(newWindow).not.toHaveBeenCalled();
  });

  it('ignores a failed check', async () => {
    const log = answerShowcase('fail');
    const leave = startRefusalShowcaseCheck(false);
    await answered(log);

    expect(sameWindow).not.toHaveBeenCalled();
    expect(leave).not.toThrow();
  });
});

describe('the redirect address', () => {
  it('carries the stored cookies as a query string', async () => {
    storeQueryParamsAsCookies('?utm_source=yandex&click_id=a b');
    setCookie('session_like', 'not-ours');
    const log = answerShowcase({ window_to_open: 'in-same-window' });
    startRefusalShowcaseCheck(false);
    await answered(log);

    const url = new URL(String(sameWindow.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe('https://partner.example/offer');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'zaymo',
      utm_source: 'yandex',
      click_id: 'a b',
    });
  });

  it('carries the marketing parameters of earlier pages, never a gateway’s callback ids', async () => {
    storeQueryParamsAsCookies('?utm_source=partner&gclid=g-1');
    storeQueryParamsAsCookies('?id=500011&operation=900013&reference=bind-42');
    storeQueryParamsAsCookies('?from_crm=true&token=secret-operator-token');
    const log = answerShowcase({ window_to_open: 'in-same-window' });
    startRefusalShowcaseCheck(false);
    await answered(log);

    const url = new URL(String(sameWindow.mock.calls[0]?.[0]));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      src: 'zaymo',
      utm_source: 'partner',
      gclid: 'g-1',
    });
  });

  it('keeps the link as it is without cookies and refuses non-web links', () => {
    expect(showcaseRedirectUrl('https://p.example/a#x', {})).toBe('https://p.example/a#x');
    expect(showcaseRedirectUrl('https://p.example/a#x', { utm: '1' })).toBe(
      'https://p.example/a?utm=1#x',
    );
    expect(showcaseRedirectUrl('javascript:alert(1)', {})).toBeNull();
  });
});
