import { describe, expect, it, vi } from 'vitest';
import {
  deleteCookie,
  getCookie,
  QUERY_COOKIE_MAX_AGE_SECONDS,
  QUERY_NAMES_COOKIE,
  readCookies,
  readQueryCookies,
  serializeCookie,
  setCookie,
  storeQueryParamsAsCookies,
} from './cookies';

const THIRTY_DAYS_IN_SECONDS = 30 * 24 * 60 * 60;

function spyCookieWrites() {
  return vi.spyOn(Document.prototype, 'cookie', 'set');
}

describe('cookies', () => {
  it('lives 30 days for stored query parameters', () => {
    expect(QUERY_COOKIE_MAX_AGE_SECONDS).toBe(THIRTY_DAYS_IN_SECONDS);
  });

  it('serialises with path, SameSite and max-age, encoding the value', () => {
    expect(serializeCookie('utm_source', 'я ндекс', { maxAgeSeconds: 60 })).toBe(
      'utm_source=%D1%8F%20%D0%BD%D0%B4%D0%B5%D0%BA%D1%81; path=/; SameSite=Lax; max-age=60',
    );
  });

  it('stores every query parameter for 30 days, except the token', () => {
    const writes = spyCookieWrites();

    storeQueryParamsAsCookies('?utm_source=yandex&click_id=42&token=secret-token-value');

    expect(readQueryCookies()).toEqual({ utm_source: 'yandex', click_id: '42' });
    expect(getCookie('token')).toBeUndefined();
    // Two parameters and the list of their names.
    expect(writes).toHaveBeenCalledTimes(3);
    for (const [written] of writes.mock.calls) {
      expect(written).toContain(`max-age=${THIRTY_DAYS_IN_SECONDS}`);
      expect(written).toContain('path=/');
      expect(written).toContain('SameSite=Lax');
      expect(written).not.toContain('secret-token-value');
    }
  });

  it('never stores one-time credentials: sign-in codes and e-mail confirmation tokens', () => {
    storeQueryParamsAsCookies('?code=one-time-sign-in-code&confirm_email=secret&utm_medium=cpc');

    expect(readCookies()).toEqual({ utm_medium: 'cpc', [QUERY_NAMES_COOKIE]: 'utm_medium' });
  });

  it('stores the marketing parameters: utm tags and the ad and CPA networks’ click ids', () => {
    storeQueryParamsAsCookies(
      '?utm_source=yandex&UTM_Campaign=loans&gclid=g1&yclid=y1&fbclid=f1&click_id=c1&sub1=s1',
    );

    expect(readQueryCookies()).toEqual({
      utm_source: 'yandex',
      UTM_Campaign: 'loans',
      gclid: 'g1',
      yclid: 'y1',
      fbclid: 'f1',
      click_id: 'c1',
      sub1: 's1',
    });
  });

  it('stores nothing internal: a gateway’s callback ids, the operator flag, a redirect', () => {
    storeQueryParamsAsCookies(
      '?id=500011&operation=900013&reference=bind-7&from_crm=true&redirect=%2Floan&error=1',
    );

    expect(readCookies()).toEqual({});
  });

  it('reads back no internal parameter an earlier version stored', () => {
    setCookie('operation', '900013');
    setCookie('utm_source', 'yandex');
    setCookie(QUERY_NAMES_COOKIE, 'operation,utm_source');

    expect(readQueryCookies()).toEqual({ utm_source: 'yandex' });
  });

  it('lists only the stored query parameters, across visits, as the referer', () => {
    setCookie('_ga', 'GA1.2.3');
    setCookie('from_crm', 'true');
    storeQueryParamsAsCookies('?utm_source=yandex&utm_term=a%2Cb');
    storeQueryParamsAsCookies('?utm_source=mail&click_id=7');

    expect(readQueryCookies()).toEqual({ utm_source: 'mail', utm_term: 'a,b', click_id: '7' });
  });

  it('forgets a stored parameter whose cookie expired', () => {
    storeQueryParamsAsCookies('?utm_source=yandex&utm_term=loan');
    deleteCookie('utm_term');

    expect(readQueryCookies()).toEqual({ utm_source: 'yandex' });
  });

  it('deletes a cookie', () => {
    setCookie('from_crm', 'true');
    expect(getCookie('from_crm')).toBe('true');

    deleteCookie('from_crm');

    expect(getCookie('from_crm')).toBeUndefined();
  });
});
