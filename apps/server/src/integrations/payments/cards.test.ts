import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  best2payCallbackQuerySchema,
  cardSchema,
  isLuhnValid,
  maskPan,
  payLinkQuerySchema,
  paymentMethodsResponseSchema,
  paymentSystemOf,
} from '@zaymo/contract';

/** The card helpers and payment schemas of the contract, as the server and sandbox rely on them. */

describe('isLuhnValid', () => {
  it.each(['4111111111111111', '5555555555554444', '2200000000000004', '6250941006528599'])(
    'accepts the test card %s',
    (pan) => {
      expect(isLuhnValid(pan)).toBe(true);
    },
  );

  it.each(['4111111111111112', '1234567812345678', '41111111111', '4111 1111 1111 1111', ''])(
    'refuses %j',
    (text) => {
      expect(isLuhnValid(text)).toBe(false);
    },
  );

  it('catches every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 9 }),
        (position, shift) => {
          const pan = '4111111111111111';
          const digit = (Number(pan[position]) + shift) % 10;
          const typo = `${pan.slice(0, position)}${digit}${pan.slice(position + 1)}`;
          expect(isLuhnValid(typo)).toBe(false);
        },
      ),
    );
  });
});

describe('maskPan', () => {
  it('keeps the BIN and the last four', () => {
    expect(maskPan('4111111111111111')).toBe('411111******1111');
    expect(maskPan('4111 1111 1111 1111')).toBe('411111******1111');
    expect(maskPan('2200000000000000004')).toBe('220000*********0004');
    expect(maskPan('411111******1111')).toBe('411111******1111');
  });

  it('never leaves more than ten digits of a 13–19 digit number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13,19}$/), (pan) => {
        const masked = maskPan(pan);
        expect(masked.replace(/\*/g, '')).toHaveLength(10);
        expect(masked).toHaveLength(pan.length);
      }),
    );
  });
});

describe('paymentSystemOf', () => {
  it.each([
    ['2200000000000004', 'mir'],
    ['2204999999999999', 'mir'],
    ['2205000000000000', 'unknown'],
    ['4111111111111111', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5599999999999999', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720999999999999', 'mastercard'],
    ['2721000000000000', 'unknown'],
    ['6250941006528599', 'unionpay'],
    ['220220******1234', 'mir'],
    ['3530111333300000', 'unknown'],
  ])('%s → %s', (pan, system) => {
    expect(paymentSystemOf(pan)).toBe(system);
  });
});

describe('payment schemas', () => {
  const card = {
    id: 1,
    pan_masked: '220220******1234',
    expiry: '09/28',
    holder: 'IVAN IVANOV',
    payment_system: 'mir',
    is_active: true,
    is_autopay: false,
    created_at: '2026-05-17T11:03:12.000Z',
  };

  it('a card goes out masked only', () => {
    expect(cardSchema.parse(card)).toEqual(card);
    expect(cardSchema.safeParse({ ...card, pan_masked: '2202201234561234' }).success).toBe(false);
    expect(cardSchema.safeParse({ ...card, expiry: '13/28' }).success).toBe(false);
  });

  it('method lists and the card page query', () => {
    const methods = {
      data: [{ id: 1, code: 'best2pay_card', title: 'Банковская карта', enabled: true }],
    };
    expect(paymentMethodsResponseSchema.parse(methods)).toEqual(methods);
    expect(payLinkQuerySchema.safeParse({ referer: '/cards' }).success).toBe(true);
    expect(payLinkQuerySchema.safeParse({ referer: 'https://evil.example/' }).success).toBe(false);
    expect(payLinkQuerySchema.safeParse({ referer: '//evil.example/' }).success).toBe(false);
  });

  it('the gateway return query', () => {
    expect(
      best2payCallbackQuerySchema.parse({ id: '7001', operation: '7002', reference: 'bind-1' }),
    ).toEqual({
      id: '7001',
      operation: '7002',
      reference: 'bind-1',
    });
    expect(best2payCallbackQuerySchema.safeParse({ id: '7001; drop' }).success).toBe(false);
  });
});
