import { isLuhnValid, paymentSystemOf } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { groupDigits, TEST_CARDS, testCardRule } from './test-cards';

describe('the sandbox test cards', () => {
  it('are valid card numbers of the system they claim, listed once each', () => {
    const systems = { МИР: 'mir', Visa: 'visa', Mastercard: 'mastercard' } as const;
    for (const card of TEST_CARDS) {
      expect(isLuhnValid(card.pan), card.pan).toBe(true);
      expect(paymentSystemOf(card.pan), card.pan).toBe(systems[card.system]);
    }
    expect(new Set(TEST_CARDS.map((card) => card.pan)).size).toBe(TEST_CARDS.length);
  });

  it.each([
    ['2200000000000004', 'approve', 'approve'],
    ['4111111111111111', 'approve', 'approve'],
    ['5555555555554444', 'approve', 'approve'],
    ['4000000000000002', 'decline', 'approve'],
    ['4000000000009995', 'insufficientFunds', 'insufficientFunds'],
    ['4000000000003220', 'threeDs', 'approve'],
    ['2200000000000053', 'approve', 'insufficientFunds'],
    ['2200000000000061', 'approve', 'approveLate'],
  ])('%s: page %s, charges %s', (pan, outcome, charges) => {
    expect(testCardRule(pan)).toEqual({ outcome, charges });
  });

  it('approves any other number (the page has checked Luhn already)', () => {
    expect(testCardRule('6250941006528599')).toEqual({ outcome: 'approve', charges: 'approve' });
  });

  it('has one card per outcome at least', () => {
    const outcomes = new Set(TEST_CARDS.map((card) => card.outcome));
    expect([...outcomes].sort()).toEqual(['approve', 'decline', 'insufficientFunds', 'threeDs']);
  });

  it('groups digits by four for display', () => {
    expect(groupDigits('2200000000000004')).toBe('2200 0000 0000 0004');
    expect(groupDigits('2200000000000000004')).toBe('2200 0000 0000 0000 004');
  });
});
