import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  best2paySignature,
  isRequestSignatureValid,
  notificationValues,
  signRequest,
  signaturesMatch,
  signedValues,
  type Best2PayCall,
} from './signature';

/** The documented algorithm, spelled out independently: base64 of the md5 HEX string. */
function expectedSignature(concatenated: string): string {
  const hex = createHash('md5').update(concatenated, 'utf8').digest('hex');
  return Buffer.from(hex).toString('base64');
}

const PASSWORD = 'test';
const SECTOR = '1';

describe('best2paySignature', () => {
  it('matches literal vectors worked out once with coreutils md5sum | base64', () => {
    // printf '110000643test' | md5sum → 9239d8159e3551c32d82caf7b66f53a1, then base64 of that text
    expect(best2paySignature(['1', '10000', '643'], 'test')).toBe(
      'OTIzOWQ4MTU5ZTM1NTFjMzJkODJjYWY3YjY2ZjUzYTE=',
    );
    // printf '142test' | md5sum → c513edae8d9bd290ea770b7891478ec9
    expect(best2paySignature(['1', '42'], 'test')).toBe(
      'YzUxM2VkYWU4ZDliZDI5MGVhNzcwYjc4OTE0NzhlYzk=',
    );
    // UTF-8 bytes of Cyrillic: printf '3077777015000643Кот' | md5sum → a507f4b9…fc84
    expect(best2paySignature(['30777770', '15000', '643'], 'Кот')).toBe(
      'YTUwN2Y0Yjk4OThlOGQ0Yjc4Mzc0OGYxOTYwN2ZjODQ=',
    );
  });

  it('is base64 of the hex string (44 characters), not of the raw 16-byte digest', () => {
    const signature = best2paySignature(['1', '10000', '643'], PASSWORD);
    const rawDigestBase64 = createHash('md5').update('110000643test').digest('base64');
    expect(signature).toHaveLength(44);
    expect(signature).not.toBe(rawDigestBase64);
    expect(Buffer.from(signature, 'base64').toString('ascii')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('signRequest: documented order per call', () => {
  const params = {
    sector: SECTOR,
    id: '42',
    amount: '10000',
    currency: '643',
    token: 'tok-abc',
    operation: '777',
    pan: '4111111111111111',
    reference: 'pay-1',
    description: 'Оплата по договору',
    url: 'https://zaymo.test/pay/callback',
  };

  const cases: Array<[Best2PayCall, string]> = [
    ['Register', '1' + '10000' + '643'],
    ['Purchase', '1' + '42'],
    ['Authorize', '1' + '42'],
    ['PurchaseByToken', '1' + '42' + 'tok-abc'],
    ['Complete', '1' + '42' + '10000' + '643'],
    ['Reverse', '1' + '42' + '10000' + '643'],
    ['Order', '1' + '42'],
    ['Operation', '1' + '42' + '777'],
    ['P2PCredit', '1' + '42' + '10000' + '643' + '4111111111111111' + 'tok-abc'],
  ];

  it.each(cases)('%s signs %s + password', (call, concatenated) => {
    expect(signRequest(call, params, PASSWORD)).toBe(expectedSignature(concatenated + PASSWORD));
  });

  it('skips absent parameters but keeps the order of the present ones', () => {
    const byToken = { sector: SECTOR, id: '42', amount: '500', currency: '643', token: 'tok' };
    expect(signedValues('P2PCredit', byToken)).toEqual(['1', '42', '500', '643', 'tok']);
    expect(signRequest('P2PCredit', { ...byToken, pan: '' }, PASSWORD)).toBe(
      expectedSignature('142500643tok' + PASSWORD),
    );
  });

  it('does not sign parameters outside the documented list', () => {
    const base = { sector: SECTOR, amount: '100', currency: '643' };
    expect(signRequest('Register', { ...base, description: 'a', url: 'b' }, PASSWORD)).toBe(
      signRequest('Register', base, PASSWORD),
    );
  });

  it('depends on the order of values and on the password', () => {
    const register = signRequest('Register', params, PASSWORD);
    expect(best2paySignature(['643', '10000', '1'], PASSWORD)).not.toBe(register);
    expect(signRequest('Register', params, 'other')).not.toBe(register);
  });
});

describe('verification', () => {
  it('accepts the right signature and refuses a changed or missing one', () => {
    const params = { sector: SECTOR, id: '42', amount: '100', currency: '643' };
    const signature = signRequest('Reverse', params, PASSWORD);
    expect(isRequestSignatureValid('Reverse', { ...params, signature }, PASSWORD)).toBe(true);
    expect(
      isRequestSignatureValid('Reverse', { ...params, amount: '101', signature }, PASSWORD),
    ).toBe(false);
    expect(isRequestSignatureValid('Reverse', params, PASSWORD)).toBe(false);
  });

  it('compares signatures of different lengths without throwing', () => {
    expect(signaturesMatch('abc', 'abc')).toBe(true);
    expect(signaturesMatch('abc', 'abcd')).toBe(false);
    expect(signaturesMatch('abc', 'abd')).toBe(false);
  });

  it('signs a notification over all tags in order, without signature and ofd_state', () => {
    const fields = [
      ['order_id', '42'],
      ['ofd_state', 'PENDING'],
      ['state', 'APPROVED'],
      ['signature', 'zzz'],
    ] as const;
    expect(notificationValues(fields)).toEqual(['42', 'APPROVED']);
  });
});
