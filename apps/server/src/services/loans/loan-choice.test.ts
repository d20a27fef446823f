import { kopecks, roubles, toMoneyString } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import { loanChoiceProblems, quoteChoice, type LoanChoiceLimits } from './loan-choice';

/** The seeded first-loan tariff: 1 000–30 000 ₽ by 1 000, 5–30 days by 1. */
const FIRST_LOAN: LoanChoiceLimits = {
  minSum: roubles(1_000),
  maxSum: roubles(30_000),
  sumStep: roubles(1_000),
  minPeriod: 5,
  maxPeriod: 30,
  periodStep: 1,
};

const NBSP = /[\u00a0\u202f]/g;

function problems(amount: number, period: number): Record<string, string> {
  const found = loanChoiceProblems(FIRST_LOAN, roubles(amount), period);
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.replace(NBSP, ' ')]));
}

describe('loan choice against the tariff', () => {
  it('accepts the bounds and every step between them', () => {
    for (const amount of [1_000, 2_000, 15_000, 30_000]) {
      for (const period of [5, 6, 17, 30]) expect(problems(amount, period)).toEqual({});
    }
  });

  it('refuses an amount outside the bounds, in Russian', () => {
    expect(problems(500, 30).amount).toBe('Сумма займа — от 1 000 ₽ до 30 000 ₽');
    expect(problems(31_000, 30).amount).toBe('Сумма займа — от 1 000 ₽ до 30 000 ₽');
  });

  it('refuses an amount off the step', () => {
    expect(problems(10_500, 30).amount).toBe('Сумма займа выбирается с шагом 1 000 ₽');
    const kopeck = loanChoiceProblems(FIRST_LOAN, kopecks(1_000_001n), 30);
    expect(kopeck.amount).toMatch(/с шагом/);
  });

  it('refuses a term outside the bounds or off the step', () => {
    expect(problems(10_000, 4).period).toBe('Срок займа — от 5 до 30 дней');
    expect(problems(10_000, 31).period).toBe('Срок займа — от 5 до 30 дней');
    const weekly = loanChoiceProblems(
      { ...FIRST_LOAN, periodStep: 7, maxPeriod: 26 },
      roubles(1_000),
      6,
    );
    expect(weekly.period).toBe('Срок займа выбирается с шагом 7 дней');
    expect(loanChoiceProblems({ ...FIRST_LOAN, maxPeriod: 21 }, roubles(1_000), 22).period).toBe(
      'Срок займа — от 5 до 21 дня',
    );
  });

  it('names both fields when both are wrong', () => {
    expect(Object.keys(problems(100_000, 100)).sort()).toEqual(['amount', 'period']);
  });
});

describe('quote of a choice', () => {
  it('30 days at 0.8 % a day: ПСК 292.000 %, 10 000 ₽ → 12 400 ₽', () => {
    const quote = quoteChoice('0.8', roubles(10_000), 30, '2026-11-21');
    expect(quote.psk.percent).toBe('292.000');
    expect(toMoneyString(quote.interest)).toBe('2400.00');
    expect(toMoneyString(quote.totalToReturn)).toBe('12400.00');
    expect(toMoneyString(quote.psk.amount)).toBe('2400.00');
    expect(quote.dueDate).toBe('2026-12-21');
  });

  it('returns the principal plus 0.8 % a day for every term of the tariff', () => {
    expect(toMoneyString(quoteChoice('0.8', roubles(1_000), 5, '2026-11-21').totalToReturn)).toBe(
      '1040.00',
    );
    expect(toMoneyString(quoteChoice('0.8', roubles(30_000), 30, '2026-11-21').totalToReturn)).toBe(
      '37200.00',
    );
    expect(toMoneyString(quoteChoice('0.8', roubles(49_000), 17, '2026-11-21').totalToReturn)).toBe(
      '55664.00',
    );
    expect(quoteChoice('0.8', roubles(7_000), 12, '2026-11-21').psk.percent).toBe('292.000');
  });

  it('refuses a rate above the legal 0.8 % a day', () => {
    expect(() => quoteChoice('0.9', roubles(10_000), 30, '2026-11-21')).toThrow(RangeError);
  });
});
