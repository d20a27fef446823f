import { describe, expect, it } from 'vitest';
import { formatMoney, kopecks, toMoneyString } from './money';

/** What formatMoney must print: Russian currency formatting of the wire's decimal string. */
const reference = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

function expected(value: bigint): string {
  return reference.format(toMoneyString(kopecks(value)) as unknown as number);
}

describe('formatMoney (written out, no Intl at run time)', () => {
  it('prints roubles with no-break spaces, a decimal comma and «₽»', () => {
    expect(formatMoney(kopecks(1234567n))).toBe('12\u00a0345,67\u00a0₽');
    expect(formatMoney(kopecks(1240000n))).toBe('12\u00a0400\u00a0₽');
    expect(formatMoney(kopecks(-50n))).toBe('-0,5\u00a0₽');
  });

  it.each([
    0n,
    1n,
    10n,
    50n,
    99n,
    100n,
    101n,
    110n,
    99999n,
    100000n,
    123400n,
    1234567n,
    100000000n,
    123456789012n,
    -1n,
    -100n,
    -1234560n,
    -100000005n,
  ])('prints %d kopecks as Intl.NumberFormat does', (value) => {
    expect(formatMoney(kopecks(value))).toBe(expected(value));
  });

  it('agrees with Intl.NumberFormat on every length of amount', () => {
    let value = 7n;
    for (let digits = 1; digits <= 18; digits += 1) {
      for (const sign of [1n, -1n]) {
        expect(formatMoney(kopecks(sign * value))).toBe(expected(sign * value));
        expect(formatMoney(kopecks(sign * value * 100n))).toBe(expected(sign * value * 100n));
      }
      value = value * 10n + BigInt(digits % 10);
    }
  });
});
