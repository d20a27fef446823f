import { describe, expect, it } from 'vitest';
import { kopecks, parseMoney } from '../money';
import { coolingOffHours, payoutNotBefore, type CoolingOffRules } from './cooling-off';

const rules: CoolingOffRules = {
  shortFrom: kopecks(5_000_000n),
  shortHours: 4,
  longAbove: kopecks(20_000_000n),
  longHours: 48,
};

function money(text: string) {
  const amount = parseMoney(text);
  if (amount === null) throw new Error(`not money: ${text}`);
  return amount;
}

const hoursFor = (amount: string) => coolingOffHours(rules, money(amount));

describe('coolingOffHours (353-ФЗ ст. 7 ч. 9.3)', () => {
  it('has none below 50 000 ₽', () => {
    expect(hoursFor('10000')).toBe(0);
    expect(hoursFor('49999.99')).toBe(0);
  });

  it('waits 4 hours from 50 000 ₽ up to 200 000 ₽ inclusive', () => {
    expect(hoursFor('50000')).toBe(4);
    expect(hoursFor('100000')).toBe(4);
    expect(hoursFor('200000')).toBe(4);
  });

  it('waits 48 hours above 200 000 ₽', () => {
    expect(hoursFor('200000.01')).toBe(48);
    expect(hoursFor('500000')).toBe(48);
  });
});

describe('payoutNotBefore', () => {
  const signedAt = new Date('2026-11-27T19:30:00.000Z');

  it('is null when the loan has no cooling-off', () => {
    expect(payoutNotBefore(rules, money('49999.99'), signedAt)).toBeNull();
  });

  it('adds the band hours to the signing moment', () => {
    expect(payoutNotBefore(rules, money('50000'), signedAt)?.toISOString()).toBe(
      '2026-11-27T23:30:00.000Z',
    );
    expect(payoutNotBefore(rules, money('200000.01'), signedAt)?.toISOString()).toBe(
      '2026-11-29T19:30:00.000Z',
    );
  });
});
