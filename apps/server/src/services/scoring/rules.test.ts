import { kopecks, roubles } from '@zaymo/contract';
import { describe, expect, it } from 'vitest';
import {
  DEBT_LOAD_REVIEW,
  evaluateScoring,
  NO_BUREAU_EXPLANATION,
  SELF_BAN_EXPLANATION,
  type BureauFacts,
  type ScoringInput,
} from './rules';
import { sandboxForcedDecision } from './sandbox-identities';

/** The bureau knows the client: no self-ban, no other loans. */
const CLEAN: BureauFacts = {
  detail: 'НБКИ: кредитная история получена',
  problem: null,
  selfBan: false,
  monthlyPayments: kopecks(0n),
  worstDaysPastDue: 0,
  highCost: { passed: true, detail: 'Ограничения 545-ФЗ соблюдены', notBefore: null, limit: null },
};

/** A 30-year-old with a valid passport, 60 000 ₽ a month, asking for 10 000 ₽ for 30 days. */
const GOOD: ScoringInput = {
  today: '2026-11-21',
  birthDate: '1996-05-10',
  passportIssueDate: '2016-06-01',
  monthlyIncome: roubles(60_000),
  payment: roubles(12_400),
  openLoans: 0,
  moratoriumUntil: null,
  bureau: CLEAN,
  maxDebtLoadPercent: 50,
  reviewDebtLoadPercent: null,
  maxDaysPastDue: 30,
  identificationLevel: 'self_entered',
  requiredIdentificationLevel: 'self_entered',
};

function failed(input: Partial<ScoringInput>): string[] {
  const result = evaluateScoring({ ...GOOD, ...input });
  expect(result.approved).toBe(result.rules.every((rule) => rule.passed));
  return result.rules.filter((rule) => !rule.passed).map((rule) => rule.rule);
}

describe('scoring rules', () => {
  it('approves a client who passes every rule, with every rule reported', () => {
    const result = evaluateScoring(GOOD);
    expect(result.approved).toBe(true);
    expect(result.rules.map((rule) => rule.rule)).toEqual([
      'age',
      'passport',
      'bureau',
      'debt_load',
      'active_loans',
      'moratorium',
      'self_ban',
      'high_cost_loans',
      'overdue_debts',
      'identification',
    ]);
    expect(result).toMatchObject({ explanation: null, notBefore: null });
  });

  it('refuses an online loan without ЕСИА and biometrics once the law asks for them (41-ФЗ)', () => {
    const required = { requiredIdentificationLevel: 'esia_biometric' } as const;
    expect(failed({ ...required, identificationLevel: 'self_entered' })).toEqual([
      'identification',
    ]);
    expect(failed({ ...required, identificationLevel: 'esia_confirmed' })).toEqual([
      'identification',
    ]);
    expect(failed({ ...required, identificationLevel: 'esia_biometric' })).toEqual([]);
    expect(failed({ identificationLevel: 'self_entered' })).toEqual([]);
  });

  it('says what each passed rule checked, read alone in the console (no bare «Нет»)', () => {
    const details = evaluateScoring(GOOD).rules.map((rule) => rule.detail);
    expect(details).toContain('Моратория нет');
    expect(details).toContain('Самозапрета нет');
    expect(details).not.toContain('Нет');
  });

  it('refuses under 18 and over 75', () => {
    expect(failed({ birthDate: '2008-11-22' })).toContain('age');
    expect(failed({ birthDate: '2008-11-21', passportIssueDate: '2023-01-10' })).toEqual([]);
    expect(failed({ birthDate: '1950-01-01', passportIssueDate: '1996-01-10' })).toContain('age');
    expect(failed({ birthDate: null })).toEqual(expect.arrayContaining(['age', 'passport']));
  });

  it('refuses a passport not replaced at 20 or 45 (after the 90 days of grace)', () => {
    // Turned 45 on 2026-05-10; the passport of 2001 had to be replaced by 2026-08-08.
    expect(failed({ birthDate: '1981-05-10', passportIssueDate: '2001-06-01' })).toEqual([
      'passport',
    ]);
    expect(
      failed({ birthDate: '1981-05-10', passportIssueDate: '2001-06-01', today: '2026-08-08' }),
    ).toEqual([]);
    expect(failed({ passportIssueDate: null })).toEqual(['passport']);
  });

  it('weighs the payment against the monthly income (debt load, 50 % by default)', () => {
    expect(failed({ monthlyIncome: roubles(24_800) })).toEqual([]);
    expect(failed({ monthlyIncome: roubles(24_799) })).toEqual(['debt_load']);
    expect(failed({ monthlyIncome: null })).toEqual(['debt_load']);
    expect(failed({ monthlyIncome: roubles(0) })).toEqual(['debt_load']);
    expect(failed({ monthlyIncome: roubles(20_000), maxDebtLoadPercent: 70 })).toEqual([]);
  });

  it('sends a payment in the grey zone (above the review share, within the maximum) to a person', () => {
    const zone = { reviewDebtLoadPercent: 40 } as const;
    // 12 400 ₽ of 31 000 ₽ is exactly 40 %: the rules decide.
    expect(evaluateScoring({ ...GOOD, ...zone, monthlyIncome: roubles(31_000) }).review).toBeNull();
    // Of 30 999 ₽ it is a kopeck above 40 %: a person decides, although every rule passed.
    const grey = evaluateScoring({ ...GOOD, ...zone, monthlyIncome: roubles(30_999) });
    expect(grey).toMatchObject({ approved: true, review: DEBT_LOAD_REVIEW });
    // Above the maximum the rules refuse; nobody is asked.
    const over = evaluateScoring({ ...GOOD, ...zone, monthlyIncome: roubles(24_799) });
    expect(over).toMatchObject({ approved: false, review: null });
    // A refusal by another rule is not sent to a person either.
    const banned = evaluateScoring({
      ...GOOD,
      ...zone,
      monthlyIncome: roubles(30_999),
      bureau: { ...CLEAN, selfBan: true },
    });
    expect(banned.review).toBeNull();
    // Without a grey zone the rules alone decide.
    expect(evaluateScoring({ ...GOOD, monthlyIncome: roubles(30_999) }).review).toBeNull();
  });

  it('refuses with another open loan, during a moratorium, under a self-ban', () => {
    expect(failed({ openLoans: 1 })).toEqual(['active_loans']);
    expect(failed({ moratoriumUntil: '2026-11-22' })).toEqual(['moratorium']);
    expect(failed({ moratoriumUntil: '2026-11-21' })).toEqual([]);
    expect(failed({ bureau: { ...CLEAN, selfBan: true } })).toEqual(['self_ban']);
  });

  it('explains a self-ban refusal in plain Russian, citing the law', () => {
    const result = evaluateScoring({ ...GOOD, bureau: { ...CLEAN, selfBan: true } });
    expect(result.explanation).toBe(SELF_BAN_EXPLANATION);
    expect(result.explanation).toContain('218-ФЗ');
    expect(result.explanation).toContain('самозапрет');
  });

  it('adds the bureau’s monthly payments of other loans to the debt load (ПДН)', () => {
    // 12 400 ₽ of ours and 5 000 ₽ elsewhere: 17 400 ₽ needs 34 800 ₽ of income at 50 %.
    const others = { ...CLEAN, monthlyPayments: roubles(5_000) };
    expect(failed({ bureau: others, monthlyIncome: roubles(34_800) })).toEqual([]);
    expect(failed({ bureau: others, monthlyIncome: roubles(34_799) })).toEqual(['debt_load']);
    const detail = evaluateScoring({ ...GOOD, bureau: others }).rules.find(
      (rule) => rule.rule === 'debt_load',
    )?.detail;
    expect(detail).toMatch(/другие займы по данным бюро — 5.000.₽ в месяц/);
    // The grey zone weighs the same sum.
    const grey = evaluateScoring({
      ...GOOD,
      bureau: others,
      monthlyIncome: roubles(40_000),
      reviewDebtLoadPercent: 40,
    });
    expect(grey.review).toBe(DEBT_LOAD_REVIEW);
  });

  it('refuses without the bureau’s answer, and for an overdue elsewhere beyond the limit', () => {
    const silent = { ...CLEAN, problem: 'Нет согласия клиента на запрос в бюро кредитных историй' };
    expect(failed({ bureau: silent })).toEqual(['bureau']);
    expect(evaluateScoring({ ...GOOD, bureau: silent }).explanation).toBe(NO_BUREAU_EXPLANATION);
    expect(failed({ bureau: { ...CLEAN, worstDaysPastDue: 30 } })).toEqual([]);
    expect(failed({ bureau: { ...CLEAN, worstDaysPastDue: 31 } })).toEqual(['overdue_debts']);
  });

  it('refuses by a 545-FZ limit with its explanation and the day to apply again', () => {
    const highCost = {
      passed: false,
      detail: 'После полного погашения…',
      notBefore: '2027-01-14',
      limit: 'gap',
    };
    const result = evaluateScoring({ ...GOOD, bureau: { ...CLEAN, highCost } });
    expect(result.rules.filter((rule) => !rule.passed).map((rule) => rule.rule)).toEqual([
      'high_cost_loans',
    ]);
    expect(result).toMatchObject({
      explanation: 'После полного погашения…',
      notBefore: '2027-01-14',
    });
  });

  it('explains each outcome in Russian', () => {
    for (const rule of evaluateScoring({
      ...GOOD,
      openLoans: 2,
      bureau: { ...CLEAN, selfBan: true },
    }).rules) {
      expect(rule.detail).toMatch(/[а-яё]/i);
    }
  });
});

describe('sandbox identities', () => {
  it('forces a refusal for «Отказов» / «Отказова», an approval for «Одобренов» / «Одобренова»', () => {
    expect(sandboxForcedDecision('Отказов')?.decision).toBe('refuse');
    expect(sandboxForcedDecision(' отказова ')?.decision).toBe('refuse');
    expect(sandboxForcedDecision('Одобренова')).toEqual({
      decision: 'approve',
      marker: 'surname:Одобренова',
    });
    expect(sandboxForcedDecision('Отказовский')).toBeNull();
    expect(sandboxForcedDecision('Иванов')).toBeNull();
    expect(sandboxForcedDecision(null)).toBeNull();
  });

  it('sends «Проверкин» / «Проверкина» to manual review (scoring’s third outcome)', () => {
    expect(sandboxForcedDecision('Проверкина')).toEqual({
      decision: 'review',
      marker: 'surname:Проверкина',
    });
    expect(sandboxForcedDecision('проверкин')?.decision).toBe('review');
    expect(sandboxForcedDecision('Проверкинский')).toBeNull();
  });
});
