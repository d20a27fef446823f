import { describe, expect, it } from 'vitest';
import { sanitizeReferer } from './referer';

describe('sanitizeReferer', () => {
  it('keeps utm and partner parameters, drops secrets and admin-mode flags', () => {
    expect(
      sanitizeReferer({
        utm_source: 'yandex',
        UTM_Medium: 'cpc',
        gclid: 'abc',
        token: 'operator-token',
        from_crm: 'true',
        code: '123456',
        password: 'x',
      }),
    ).toEqual({ utm_source: 'yandex', utm_medium: 'cpc', gclid: 'abc' });
  });

  it('keeps at most 30 parameters and gives null for nothing', () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`p${index}`, 'v']));
    expect(Object.keys(sanitizeReferer(many) ?? {})).toHaveLength(30);
    expect(sanitizeReferer(undefined)).toBeNull();
    expect(sanitizeReferer({ token: 'x' })).toBeNull();
  });
});
