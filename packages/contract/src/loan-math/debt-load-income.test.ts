import { describe, expect, it } from 'vitest';
import { kopecks, roubles } from '../money';
import {
  debtLoadPercent,
  incomeForDebtLoad,
  needsDebtLoadNotice,
  type DebtLoadIncomeRules,
} from './debt-load-income';

const rules: DebtLoadIncomeRules = {
  regionalCapFrom: '2026-01-01',
  table: { source: 'тест', national: roubles(58_200), regions: { Москва: roubles(110_000) } },
};

describe('incomeForDebtLoad (6579-У, from 01.01.2026)', () => {
  const declared = roubles(90_000);

  it('takes a declared income as it is until 31.12.2025', () => {
    const input = { declared, confirmed: false, region: 'Тыва', today: '2025-12-31' };
    expect(incomeForDebtLoad(rules, input)).toEqual({ income: declared, basis: 'declared' });
  });

  it('caps an unconfirmed income by the region’s average from 01.01.2026', () => {
    const input = { declared, confirmed: false, region: 'Тыва', today: '2026-01-01' };
    expect(incomeForDebtLoad(rules, input)).toEqual({
      income: roubles(58_200),
      basis: 'regional_average',
    });
    expect(incomeForDebtLoad(rules, { ...input, region: 'Москва' })).toEqual({
      income: declared,
      basis: 'declared',
    });
    expect(
      incomeForDebtLoad(rules, { ...input, region: 'Москва', declared: roubles(200_000) }),
    ).toEqual({ income: roubles(110_000), basis: 'regional_average' });
  });

  it('takes a confirmed income as it is', () => {
    const input = { declared, confirmed: true, region: null, today: '2026-11-27' };
    expect(incomeForDebtLoad(rules, input)).toEqual({ income: declared, basis: 'confirmed' });
  });
});

describe('the ПДН notice (353-ФЗ ст. 5.1)', () => {
  it('is not needed at exactly 50 %, and is above it', () => {
    expect(needsDebtLoadNotice(roubles(50_000), roubles(100_000), 50)).toBe(false);
    expect(needsDebtLoadNotice(kopecks(roubles(50_000) + 1n), roubles(100_000), 50)).toBe(true);
  });

  it('writes the percent with two decimals, rounded half up', () => {
    expect(debtLoadPercent(roubles(50_000), roubles(100_000))).toBe('50.00');
    expect(debtLoadPercent(roubles(12_400), roubles(20_000))).toBe('62.00');
    expect(debtLoadPercent(roubles(1), roubles(3))).toBe('33.33');
    expect(debtLoadPercent(roubles(2), roubles(3))).toBe('66.67');
  });
});
