import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard, isExpired, normalizeCardExpiry } from './card-input';

const NOW = new Date('2026-05-17T12:00:00Z');
const GOOD = { pan: '2200 0000 0000 0004', expiry: '12/30', holder: 'ivan  ivanov', cvc: '123' };

describe('the card page form', () => {
  it('accepts a good card: digits only, «MM/YY», the holder in capitals', () => {
    expect(checkCard(GOOD, NOW)).toEqual({
      ok: true,
      card: { pan: '2200000000000004', expiry: '12/30', holder: 'IVAN IVANOV' },
    });
  });

  it('takes a card without a holder name (МИР cards often have none)', () => {
    const check = checkCard({ ...GOOD, holder: ' ' }, NOW);
    expect(check.ok && check.card.holder).toBeNull();
  });

  it.each([
    ['', CARD_MESSAGES.panMissing],
    ['4111 1111 1111 1112', CARD_MESSAGES.panInvalid],
    ['411111111111', CARD_MESSAGES.panInvalid],
    ['4111-1111-1111-111a', CARD_MESSAGES.panInvalid],
    ['42424242424242424242', CARD_MESSAGES.panInvalid],
  ])('refuses the number %j', (pan, message) => {
    expect(checkCard({ ...GOOD, pan }, NOW)).toEqual({ ok: false, errors: { pan: message } });
  });

  it.each([
    ['13/30', CARD_MESSAGES.expiryFormat],
    ['1230x', CARD_MESSAGES.expiryFormat],
    ['', CARD_MESSAGES.expiryFormat],
    ['04/26', CARD_MESSAGES.expired],
    ['12/25', CARD_MESSAGES.expired],
  ])('refuses the expiry %j', (expiry, message) => {
    expect(checkCard({ ...GOOD, expiry }, NOW)).toEqual({ ok: false, errors: { expiry: message } });
  });

  it('is valid through the last day of the expiry month', () => {
    expect(isExpired('05/26', NOW)).toBe(false);
    expect(isExpired('05/26', new Date('2026-06-01T00:00:00Z'))).toBe(true);
  });

  it('reads «1230», «12 / 30» and «12/30» alike', () => {
    for (const text of ['1230', '12 / 30', '12/30'])
      expect(normalizeCardExpiry(text)).toBe('12/30');
  });

  it.each(['12', '1234', 'abc', ''])('refuses the CVC %j', (cvc) => {
    expect(checkCard({ ...GOOD, cvc }, NOW)).toEqual({
      ok: false,
      errors: { cvc: CARD_MESSAGES.cvc },
    });
  });

  it.each(['Иван Иванов', '<script>', 'IVAN 2'])('refuses the holder %j', (holder) => {
    expect(checkCard({ ...GOOD, holder }, NOW)).toEqual({
      ok: false,
      errors: { holder: CARD_MESSAGES.holder },
    });
  });

  it('reports every wrong field at once', () => {
    const check = checkCard({ pan: '1', expiry: 'x', holder: 'Ё', cvc: '' }, NOW);
    expect(check.ok ? [] : Object.keys(check.errors).sort()).toEqual([
      'cvc',
      'expiry',
      'holder',
      'pan',
    ]);
  });
});
